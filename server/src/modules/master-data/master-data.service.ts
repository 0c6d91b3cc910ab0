import { ErrorCode, columnName, fieldMessages, isRangeFiltered, resourceByKey, resourceRegistry, type ResourceDef, type TResourceRow, type UniqueTogether } from '@tonnage/contracts';
import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { listOrder } from '../../platform/db/list-order';
import { escapeLike, isForeignKeyViolation, uniqueViolation } from '../../platform/db/query-helpers';
import { tenantSearch } from '../../platform/db/tenant-search';
import type { DataScope } from '../../identity/data-scope';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { badRequest, conflict, notFound, runtimeMessage } from '../../platform/errors';
import { derivedSelection } from './master-data.derived';
import { beforeWrite } from './master-data.rules';
import { assertCreatableInScope, scopeConditions } from './master-data.scope';
import { columnOf, columnsOf, fixedConditions, isTrigramIndexed, resourceRowCounts, tableFor, uniqueIndexName, uniqueTogetherIndexName, uniqueTogetherPart, uniqueTogetherValue, type ResourceTable } from './master-data.schema';
import type { SecretConfig } from './master-data.secrets';
import { assertImagesUploaded, storedValues, type ResourceInput } from './master-data.values';

/** Columns of the registry's tables by field name. */
const column = columnOf;

export type { ResourceInput } from './master-data.values';

/** A validated list query (see `listQuerySchema`): paging, sort, status, search and the filterable fields. */
export type ResourceListQuery = { page: number; limit: number } & ResourceMatchQuery;
/** What selects and orders rows, without paging (the export's query). */
export type ResourceMatchQuery = { sortBy: string; sortOrder: 'asc' | 'desc'; status: 'active' | 'inactive' | 'all'; search?: string | undefined } & Record<string, unknown>;
/*
 * Every function runs in the caller's agency transaction (`tx`, row-level security of the agency) as the kit's
 * actor: `ReadActor` for a read, `CommandActor` for a write, its data scope always given (spec 6; the routes pass
 * the request's, a seed or fixture that means every row passes `UNRESTRICTED` from identity/data-scope itself).
 */

/** What a write needs: the actor and the configuration that seals secret fields. */
export type Writer = CommandActor & { config: SecretConfig };

export const resourceMessages = (resource: ResourceDef) => ({
  notFound: `${resource.labels.one.en} not found`,
  created: `${resource.labels.one.en} created successfully!`,
  updated: `${resource.labels.one.en} updated successfully!`,
  deleted: `${resource.labels.one.en} deleted successfully!`,
  activated: `${resource.labels.one.en} activated successfully!`,
  deactivated: `${resource.labels.one.en} deactivated successfully!`,
});

const isTextual = (kind: string) => kind === 'text' || kind === 'email' || kind === 'phone' || kind === 'enum';
/** Kinds the API carries as strings (text-like, ISO dates, upload paths); the others come back from numeric columns as numbers. */
const isStringValued = (kind: string) => isTextual(kind) || kind === 'date' || kind === 'image';

/**
 * Rows whose searchable fields contain the text, any case; undefined when the resource has no searchable field.
 * Text fields (each has a trigram index, see master-data.schema.ts) match through `tenantSearch`, which keeps the
 * index in use under row-level security; any other searchable field by a plain ILIKE.
 */
function searchCondition(resource: ResourceDef, table: ResourceTable, search: string): SQL | undefined {
  const searchable = Object.entries(resource.fields).filter(([, field]) => field.searchable);
  if (searchable.length === 0) return undefined;
  const indexed = searchable.filter(([, field]) => isTrigramIndexed(field.kind)).map(([name]) => column(table, name));
  const others = searchable.filter(([, field]) => !isTrigramIndexed(field.kind)).map(([name]) => ilike(column(table, name), `%${escapeLike(search)}%`));
  const matches = [...(indexed.length > 0 ? [tenantSearch({ id: column(table, 'id'), columns: indexed, search })] : []), ...others];
  return or(...matches) ?? sql`false`;
}

/** The WHERE clause of a list or export: the data scope, status, search over the searchable fields, and each given filter. */
function listConditions(resource: ResourceDef, table: ResourceTable, query: ResourceListQuery, scope: DataScope): SQL | undefined {
  const conditions: SQL[] = [...fixedConditions(resource, table), ...scopeConditions(resource, table, scope)];
  if (query.status !== 'all') conditions.push(eq(column(table, 'isActive'), query.status === 'active'));
  if (query.search) {
    const searched = searchCondition(resource, table, query.search);
    if (searched) conditions.push(searched);
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.filterable) continue;
    const col = column(table, name);
    if (isRangeFiltered(field)) {
      const min = query[`${name}Min`];
      const max = query[`${name}Max`];
      if (typeof min === 'number') conditions.push(sql`${col} >= ${min}`);
      if (typeof max === 'number') conditions.push(sql`${col} <= ${max}`);
      continue;
    }
    const value = query[name];
    if (value === undefined) continue;
    if (field.kind === 'text' || field.kind === 'email' || field.kind === 'phone') {
      conditions.push(eq(sql`lower(${col})`, typeof value === 'string' ? value.toLowerCase() : ''));
    } else {
      conditions.push(eq(col, value));
    }
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The ORDER BY of a list: text case-insensitively, a reference by the referenced row's name, then id for a stable order. */
function orderOf(resource: ResourceDef, table: ResourceTable, query: ResourceMatchQuery): SQL[] {
  const field = resource.fields[query.sortBy];
  let key: SQL | AnyPgColumn = column(table, query.sortBy);
  if (field && isTextual(field.kind)) key = sql`lower(${key})`;
  if (field?.kind === 'reference') {
    // The alias joined by selectRows (ref_<field>) and the referenced resource's display column.
    const target = resourceByKey(field.resource);
    key = sql`lower(${sql.identifier(`ref_${query.sortBy}`)}.${sql.identifier(columnName(target.display))})`;
  }
  return listOrder(key, query.sortOrder, column(table, 'id'));
}

/** A select of the resource's rows with `<reference>Name` from each referenced row's display field, and the derived columns. */
function selectRows(tx: Db, resource: ResourceDef, options: { withTotal?: boolean } = {}) {
  const table = tableFor(resource);
  const selection: Record<string, AnyPgColumn | SQL.Aliased> = { ...columnsOf(table), ...derivedSelection(resource, table) };
  // The number of matching rows on every row of the page (a window over the matches, computed before LIMIT).
  if (options.withTotal) selection[TOTAL_COLUMN] = sql<number>`count(*) over ()`.mapWith(Number).as('total_matching');
  const joins: { target: ResourceTable; on: SQL }[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference') continue;
    const targetResource = resourceRegistry.find((r) => r.key === field.resource);
    if (!targetResource) throw new Error(`Unknown resource ${field.resource}`);
    const target = alias(tableFor(targetResource), `ref_${name}`) as unknown as ResourceTable;
    selection[`${name}Name`] = sql<string | null>`${column(target, targetResource.display)}`.as(`${name}_name`);
    joins.push({ target, on: eq(column(target, 'id'), column(table, name)) });
  }
  let query = tx.select(selection).from(table).$dynamic();
  for (const join of joins) query = query.leftJoin(join.target, join.on);
  return { query, table };
}

/**
 * The API shape of a selected row: timestamps as ISO text, numbers as numbers, audit columns left out, a secret
 * only as whether one is stored (`<name>Set`), derived columns as read.
 */
function toApiRow(resource: ResourceDef, row: Record<string, unknown>): TResourceRow {
  const out: Record<string, unknown> = { id: row.id };
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = row[name];
    if (field.kind === 'secret') {
      out[name] = null;
      out[`${name}Set`] = typeof value === 'string';
      continue;
    }
    out[name] = value === undefined ? null : typeof value === 'string' && !isStringValued(field.kind) ? Number(value) : value;
    if (field.kind === 'reference') out[`${name}Name`] = row[`${name}Name`] ?? null;
  }
  for (const name of Object.keys(resource.derived ?? {})) out[name] = row[name] ?? null;
  const date = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  return { ...out, id: Number(row.id), isActive: row.isActive === true, createdAt: date(row.createdAt), updatedAt: date(row.updatedAt) };
}

const TOTAL_COLUMN = 'totalMatching';

/**
 * One page of an agency's rows of a resource, filtered, searched and sorted in the database, with the total count.
 * A search reads its matches from the trigram index and sorts them all anyway, so the page carries the total as a
 * window over them (one statement); other lists may walk an index in order and stop at the page, so their total is
 * found apart (`totalOf`).
 */
export async function listResource(tx: Db, params: ReadActor & { resource: ResourceDef; query: ResourceListQuery }): Promise<{ rows: TResourceRow[]; count: number }> {
  const { resource, query, scope } = params;
  const withTotal = query.search !== undefined;
  const { query: select, table } = selectRows(tx, resource, { withTotal });
  const scoped = scopeConditions(resource, table, scope).length > 0;
  const where = listConditions(resource, table, query, scope);
  const rows = await select
    .where(where)
    .orderBy(...orderOf(resource, table, query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const windowTotal = withTotal ? rows[0]?.[TOTAL_COLUMN] : undefined;
  const count = typeof windowTotal === 'number' ? windowTotal : await totalOf(tx, { resource, table, query, where, shown: rows.length, scoped });
  return { rows: rows.map((row) => toApiRow(resource, row)), count };
}

/** True when a list query narrows by nothing but status: its total is the kept row count. */
function isUnfiltered(resource: ResourceDef, query: ResourceListQuery): boolean {
  if (query.search) return false;
  return Object.entries(resource.fields).every(([name, field]) => {
    if (!field.filterable) return true;
    const keys = isRangeFiltered(field) ? [`${name}Min`, `${name}Max`] : [name];
    return keys.every((key) => query[key] === undefined);
  });
}

/**
 * The number of rows a list query matches, without counting them where it can: a page that is not full ends the
 * list; an unfiltered list reads the row counts the triggers keep (`resource_row_counts`); otherwise `count(*)`.
 */
async function totalOf(
  tx: Db,
  params: { resource: ResourceDef; table: ResourceTable; query: ResourceListQuery; where: SQL | undefined; shown: number; scoped: boolean },
): Promise<number> {
  const { resource, query } = params;
  const offset = (query.page - 1) * query.limit;
  if (params.shown < query.limit && (params.shown > 0 || query.page === 1)) return offset + params.shown;
  // The kept counts are of the whole agency: a scoped list counts its own rows.
  if (!params.scoped && isUnfiltered(resource, query)) {
    const fixedValue = Object.values(resource.fixed ?? {})[0] ?? 0;
    const [kept] = await tx
      .select({ active: resourceRowCounts.active, inactive: resourceRowCounts.inactive })
      .from(resourceRowCounts)
      .where(and(eq(resourceRowCounts.tableName, resource.table), eq(resourceRowCounts.fixedValue, fixedValue)));
    const active = kept?.active ?? 0;
    const inactive = kept?.inactive ?? 0;
    return query.status === 'active' ? active : query.status === 'inactive' ? inactive : active + inactive;
  }
  const [total] = await tx.select({ count: count() }).from(params.table).where(params.where);
  return total?.count ?? 0;
}

/** Every row matching a list query (no paging) in the actor's scope, in the list's order: the export's cursor source. */
export function matchingRowsSource(tx: Db, params: ReadActor & { resource: ResourceDef; query: ResourceMatchQuery }): CursorSource<TResourceRow> {
  const { resource } = params;
  const query: ResourceListQuery = { ...params.query, page: 1, limit: 1 };
  const { query: select, table } = selectRows(tx, resource);
  const where = listConditions(resource, table, query, params.scope);
  return cursorSource(select.where(where).orderBy(...orderOf(resource, table, query)), (_tx, rows) => rows.map((row) => toApiRow(resource, row)));
}

/** One row in the scope; 404 when unknown in the agency or outside the scope. */
async function findRow(tx: Db, resource: ResourceDef, id: number, scope: DataScope): Promise<TResourceRow> {
  const { query, table } = selectRows(tx, resource);
  const [row] = await query.where(and(eq(column(table, 'id'), id), ...fixedConditions(resource, table), ...scopeConditions(resource, table, scope))).limit(1);
  if (!row) throw notFound(runtimeMessage(resourceMessages(resource).notFound));
  return toApiRow(resource, row);
}

/** One row of the agency in the actor's scope; 404 when unknown there (row-level security hides other agencies' rows) or outside the scope. */
export async function getResource(tx: Db, params: ReadActor & { resource: ResourceDef; id: number }): Promise<TResourceRow> {
  return findRow(tx, params.resource, params.id, params.scope);
}

/** Whether another row of the resource in the agency matches the conditions. */
async function isTaken(tx: Db, resource: ResourceDef, same: SQL[], exceptId?: number): Promise<boolean> {
  const table = tableFor(resource);
  const conditions = [...same, ...fixedConditions(resource, table), ...(exceptId === undefined ? [] : [ne(column(table, 'id'), exceptId)])];
  const [taken] = await tx.select({ id: column(table, 'id') }).from(table).where(and(...conditions)).limit(1);
  return taken !== undefined;
}

/** The conditions of a row holding the input's values of a unique-together rule, compared as its index compares them. */
function sameCombination(resource: ResourceDef, combo: UniqueTogether, input: ResourceInput): SQL[] {
  const table = tableFor(resource);
  return combo.fields.map((name) => {
    const field = resource.fields[name];
    if (!field) throw new Error(`${resource.key}: no field ${name}`);
    return sql`${uniqueTogetherPart(field, column(table, name))} = ${uniqueTogetherValue(field, input[name])}`;
  });
}

/** Where a unique-together rule reports: on the last of its fields (the one the user picks last on the form). */
export function uniqueTogetherDetails(combo: UniqueTogether): Record<string, string> {
  return { [combo.fields[combo.fields.length - 1] ?? '_']: combo.message.en };
}

/**
 * 409 with the field in details when a unique field's value is taken in the agency (any letter case for text), or
 * when another row holds the same values of a unique-together rule (nulls equal), reported on its last field.
 */
async function assertUnique(tx: Db, resource: ResourceDef, input: ResourceInput, exceptId?: number): Promise<void> {
  const table = tableFor(resource);
  const details: Record<string, string> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = input[name];
    if (!field.unique || value === null || value === undefined) continue;
    const col = column(table, name);
    const same = typeof value === 'string' ? eq(sql`lower(${col})`, value.toLowerCase()) : eq(col, value);
    if (await isTaken(tx, resource, [same], exceptId)) details[name] = fieldMessages(field).duplicate.en;
  }
  for (const combo of resource.uniqueTogether ?? []) {
    if (await isTaken(tx, resource, sameCombination(resource, combo, input), exceptId)) Object.assign(details, uniqueTogetherDetails(combo));
  }
  const first = Object.values(details)[0];
  if (first) throw conflict(runtimeMessage(first), details);
}

/** 400 when a reference names no row of the agency in the scope, or an inactive one it did not already name. */
async function assertReferences(tx: Db, resource: ResourceDef, input: ResourceInput, scope: DataScope, before?: TResourceRow): Promise<void> {
  const details: Record<string, string> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = input[name];
    if (field.kind !== 'reference' || typeof value !== 'number') continue;
    const target = resourceRegistry.find((r) => r.key === field.resource);
    if (!target) throw new Error(`Unknown resource ${field.resource}`);
    const table = tableFor(target);
    // Foreign keys are checked without row-level security, so the agency's own rows are checked here.
    const [found] = await tx
      .select({ isActive: column(table, 'isActive') })
      .from(table)
      .where(and(eq(column(table, 'id'), value), ...fixedConditions(target, table), ...scopeConditions(target, table, scope)))
      .limit(1);
    const unchanged = before?.[name] === value;
    if (!found) details[name] = fieldMessages(field).required.en;
    else if (found.isActive !== true && !unchanged) details[name] = `This ${target.labels.one.en.toLowerCase()} is inactive; please select an active one.`;
  }
  const first = Object.values(details)[0];
  if (first) throw badRequest(runtimeMessage(first), details);
}

/** Runs a write, turning a unique index violation (a lost race with the pre-check) into the same 409. */
export async function withUniqueConflict<T>(resource: ResourceDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    throw duplicateOf(resource, violation.constraint);
  }
}

/** The 409 of a violated unique index, with the message and field of the rule it enforces. */
function duplicateOf(resource: ResourceDef, constraint: string): Error {
  const entry = Object.entries(resource.fields).find(([name]) => uniqueIndexName(resource, name) === constraint);
  if (entry) {
    const message = fieldMessages(entry[1]).duplicate.en;
    return conflict(runtimeMessage(message), { [entry[0]]: message });
  }
  const combo = resource.uniqueTogether?.find((c) => uniqueTogetherIndexName(resource, c.fields) === constraint);
  if (combo) return conflict(runtimeMessage(combo.message.en), uniqueTogetherDetails(combo));
  return conflict('This record already exists.');
}

/**
 * The checks of a create or update before it is written: references in the agency, images uploaded in the
 * agency, the resource's database rules, then uniqueness (a 409 only for an otherwise valid body).
 */
async function assertWritable(tx: Db, params: { resource: ResourceDef; input: ResourceInput; agencyId: number; scope: DataScope; before?: TResourceRow }): Promise<void> {
  const { resource, input, before } = params;
  await assertReferences(tx, resource, input, params.scope, before);
  await assertImagesUploaded(tx, params);
  await beforeWrite(tx, params);
  await assertUnique(tx, resource, input, before?.id);
}

/** Creates a row in the agency; 409 on a taken unique value, 400 on a reference outside the agency or a broken rule. */
export async function createResource(tx: Db, params: Writer & { resource: ResourceDef; input: ResourceInput }): Promise<TResourceRow> {
  const { resource, agencyId, scope } = params;
  return withUniqueConflict(resource, async () => {
    assertCreatableInScope(resource, params.input, scope);
    await assertWritable(tx, { resource, input: params.input, agencyId, scope });
    const table = tableFor(resource);
    const values = storedValues(resource, params.input, { agencyId, config: params.config, keepEmptySecrets: false });
    const [inserted] = await tx
      .insert(table)
      .values({ ...values, agencyId, createdAt: params.now, createdBy: params.userId, updatedAt: params.now, updatedBy: params.userId })
      .returning({ id: column(table, 'id') });
    if (typeof inserted?.id !== 'number') throw new Error(`${resource.table} insert returned no row`);
    const row = await findRow(tx, resource, inserted.id, scope);
    await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action: 'create', entity: resource.key, entityId: row.id, after: row, at: params.now });
    return row;
  });
}

/** Replaces every field of a row (a secret left empty keeps the stored one); 404 when unknown in the agency, 409 on a taken unique value. */
export async function updateResource(tx: Db, params: Writer & { resource: ResourceDef; id: number; input: ResourceInput }): Promise<TResourceRow> {
  const { resource, agencyId, scope } = params;
  return withUniqueConflict(resource, async () => {
    const table = tableFor(resource);
    await tx.select({ id: column(table, 'id') }).from(table).where(and(eq(column(table, 'id'), params.id), ...fixedConditions(resource, table))).for('update');
    const before = await findRow(tx, resource, params.id, scope);
    await assertWritable(tx, { resource, input: params.input, agencyId, scope, before });
    const values = storedValues(resource, params.input, { agencyId, config: params.config, keepEmptySecrets: true });
    await tx
      .update(table)
      .set({ ...values, updatedAt: params.now, updatedBy: params.userId })
      .where(and(eq(column(table, 'id'), params.id), ...fixedConditions(resource, table)));
    const row = await findRow(tx, resource, params.id, scope);
    await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action: 'update', entity: resource.key, entityId: row.id, before, after: row, at: params.now });
    return row;
  });
}

/** Activates an inactive row or deactivates an active one. */
export async function toggleResource(tx: Db, params: CommandActor & { resource: ResourceDef; id: number }): Promise<{ row: TResourceRow; message: string }> {
  const { resource, scope } = params;
  const table = tableFor(resource);
  const [updated] = await tx
    .update(table)
    .set({ isActive: sql`not ${column(table, 'isActive')}`, updatedAt: params.now, updatedBy: params.userId })
    .where(and(eq(column(table, 'id'), params.id), ...fixedConditions(resource, table), ...scopeConditions(resource, table, scope)))
    .returning({ isActive: column(table, 'isActive') });
  if (!updated) throw notFound(runtimeMessage(resourceMessages(resource).notFound));
  const row = await findRow(tx, resource, params.id, scope);
  const action = row.isActive ? 'activate' : 'deactivate';
  await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action, entity: resource.key, entityId: row.id, after: { isActive: row.isActive }, at: params.now });
  const messages = resourceMessages(resource);
  return { row, message: row.isActive ? messages.activated : messages.deactivated };
}

/** The resources and fields that refer to a resource (for the delete check). */
function referencesTo(resource: ResourceDef): { from: ResourceDef; field: string }[] {
  return resourceRegistry.flatMap((from) =>
    Object.entries(from.fields)
      .filter(([, field]) => field.kind === 'reference' && field.resource === resource.key)
      .map(([field]) => ({ from, field })),
  );
}

/**
 * The 409 of a row still in use: "This record is used by 3 berths; deactivate it instead.", code RECORD_IN_USE and
 * details mapping each referring resource key to its count, so the web can word it in its language.
 */
function inUse(uses: { from: ResourceDef; count: number }[]): Error {
  const parts = uses.map((u) => `${u.count} ${(u.count === 1 ? u.from.labels.one.en : u.from.labels.many.en).toLowerCase()}`);
  const message = `This record is used by ${parts.join(' and ')}; deactivate it instead.`;
  return conflict(runtimeMessage(message), Object.fromEntries(uses.map((u) => [u.from.key, String(u.count)])), ErrorCode.RECORD_IN_USE);
}

/** Deletes a row nothing refers to; 409 naming what uses it otherwise (the RESTRICT foreign keys are the backstop). */
export async function deleteResource(tx: Db, params: CommandActor & { resource: ResourceDef; id: number }): Promise<void> {
  const { resource } = params;
  try {
    const table = tableFor(resource);
    await tx.select({ id: column(table, 'id') }).from(table).where(and(eq(column(table, 'id'), params.id), ...fixedConditions(resource, table))).for('update');
    const before = await findRow(tx, resource, params.id, params.scope);
    const uses: { from: ResourceDef; count: number }[] = [];
    for (const ref of referencesTo(resource)) {
      const fromTable = tableFor(ref.from);
      const [used] = await tx
        .select({ count: count() })
        .from(fromTable)
        .where(and(eq(column(fromTable, ref.field), params.id), ...fixedConditions(ref.from, fromTable)));
      if (used && used.count > 0) uses.push({ from: ref.from, count: used.count });
    }
    if (uses.length > 0) throw inUse(uses);
    await tx.delete(table).where(and(eq(column(table, 'id'), params.id), ...fixedConditions(resource, table)));
    await recordAudit(tx, { agencyId: params.agencyId, userId: params.userId, action: 'delete', entity: resource.key, entityId: params.id, before, at: params.now });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('This record is in use; deactivate it instead.', undefined, ErrorCode.RECORD_IN_USE);
    throw error;
  }
}
