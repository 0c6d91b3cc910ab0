import { ErrorCode, PlatformMessages, fieldMessages, resourceByKey, type ResourceDef, type ScopeDimension } from '@tonnage/contracts';
import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../identity/data-scope';
import { AppError, badRequest, runtimeMessage } from '../../platform/errors';
import { columnOf, fixedConditions, tableFor, type ResourceTable } from './master-data.schema';
import type { ResourceInput } from './master-data.values';

export const ScopeMessages = {
  createOutOfScope: PlatformMessages.outsideScope,
} as const;

const idsOf = (scope: DataScope, dimension: ScopeDimension): readonly number[] | null =>
  dimension === 'shipmentManager' ? scope.shipmentManagerIds : dimension === 'consignee' ? scope.consigneeIds : scope.locationIds;

/**
 * The conditions that keep a resource's rows to a user's data scope, as its declaration (`scope`) says: its own id,
 * its id-holding fields, and each `via` reference whose row (when set) must be in scope by its own rule. Empty when
 * nothing restricts the resource for this scope.
 */
export function scopeConditions(resource: ResourceDef, table: ResourceTable, scope: DataScope, depth = 0): SQL[] {
  const declared = resource.scope;
  if (!declared) return [];
  const conditions: SQL[] = [];
  const within = (column: AnyPgColumn, dimension: ScopeDimension) => {
    const ids = idsOf(scope, dimension);
    if (ids) conditions.push(ids.length === 0 ? sql`false` : inArray(column, [...ids]));
  };
  if (declared.id) within(columnOf(table, 'id'), declared.id);
  for (const [name, dimension] of Object.entries(declared.fields ?? {})) within(columnOf(table, name), dimension);
  for (const name of declared.via ?? []) {
    const field = resource.fields[name];
    if (field?.kind !== 'reference') throw new Error(`${resource.key}: scope via ${name} is not a reference`);
    const target = resourceByKey(field.resource);
    // Each level gets its own alias, so a chain of `via` references never compares a table with itself.
    const aliasName = `scope_${depth}_${name}`;
    const targetTable = alias(tableFor(target), aliasName) as unknown as ResourceTable;
    const inner = scopeConditions(target, targetTable, scope, depth + 1);
    if (inner.length === 0) continue;
    const own = columnOf(table, name);
    const visible = sql`${own} in (select ${columnOf(targetTable, 'id')} from ${sql.identifier(target.table)} as ${sql.identifier(aliasName)} where ${and(...fixedConditions(target, targetTable), ...inner)})`;
    conditions.push(or(isNull(own), visible) ?? visible);
  }
  return conditions;
}

/**
 * Refuses a create that would make a row outside the creator's scope: a new row's own id cannot be in a restricted
 * list (403), and an id-holding field must name an id of its list (400 on the field). `via` references are checked
 * with the other references (`assertReferences` narrows them by the target's scope).
 */
export function assertCreatableInScope(resource: ResourceDef, input: ResourceInput, scope: DataScope): void {
  const declared = resource.scope;
  if (!declared) return;
  if (declared.id && idsOf(scope, declared.id)) throw new AppError(403, ErrorCode.FORBIDDEN, ScopeMessages.createOutOfScope);
  const details: Record<string, string> = {};
  for (const [name, dimension] of Object.entries(declared.fields ?? {})) {
    const ids = idsOf(scope, dimension);
    const value = input[name];
    const field = resource.fields[name];
    if (ids && field && !(typeof value === 'number' && ids.includes(value))) details[name] = fieldMessages(field).required.en;
  }
  const first = Object.values(details)[0];
  if (first) throw badRequest(runtimeMessage(first), details);
}
