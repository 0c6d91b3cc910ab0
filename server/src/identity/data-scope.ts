import { COMPANY_TYPE_IDS } from '@tonnage/contracts';
import { SQL, and, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionContext } from './sessions.service';
import { queryRows, type Db } from '../platform/db/client';

/**
 * What part of an agency's data a user may see (spec section 6, "Shipment-manager scoping" and "Location
 * access"). `null` means unrestricted. Every list, picker, dashboard and report query narrows through here.
 */
export interface DataScope {
  shipmentManagerIds: readonly number[] | null;
  consigneeIds: readonly number[] | null;
  locationIds: readonly number[] | null;
}

export const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** The company a company admin administers, as far as scoping needs to know. */
export interface ScopeCompany {
  id: number;
  isShipmentManager: boolean;
}

const listOrAll = (ids: readonly number[]): readonly number[] | null => (ids.length === 0 ? null : [...new Set(ids)].sort((a, b) => a - b));

/**
 * The scope of a signed-in user: a super admin sees everything; a company admin of a shipment-manager company
 * sees only that company (and its assigned locations); everyone else sees their assigned shipment managers,
 * consignees and locations, where an empty list means no restriction.
 */
export function dataScopeOf(session: Pick<SessionContext, 'isSuperAdmin' | 'user'>, company: ScopeCompany | null): DataScope {
  if (session.isSuperAdmin) return UNRESTRICTED;
  const { user } = session;
  const assigned: DataScope = {
    shipmentManagerIds: listOrAll(user.shipmentManagerIds),
    consigneeIds: listOrAll(user.consigneeIds),
    locationIds: listOrAll(user.locationIds),
  };
  if (user.kind === 'companyAdmin' && company?.isShipmentManager) return { ...assigned, shipmentManagerIds: [company.id] };
  return assigned;
}

/** A company admin's company as the user context shows it (spec 3: company id, isShipmentManager). */
export interface AdminCompany extends ScopeCompany {
  name: string;
}

/**
 * The company a company admin administers, or null for every other user (and for a company that no longer
 * exists). Pass the transaction of the user's agency (`inAgency`): companies are tenant rows. The companies table
 * belongs to master data, a business module above identity: this reads its three columns by name instead of
 * importing its declaration.
 */
export async function adminCompanyOf(tx: Db, user: Pick<SessionContext['user'], 'kind' | 'companyId'>): Promise<AdminCompany | null> {
  if (user.kind !== 'companyAdmin' || user.companyId === null) return null;
  const [row] = await queryRows<{ id: number; name: string; companyTypeId: number }>(
    tx,
    sql`select id, name, company_type_id as "companyTypeId" from companies where id = ${user.companyId} limit 1`,
  );
  if (!row) return null;
  return { id: Number(row.id), name: String(row.name), isShipmentManager: Number(row.companyTypeId) === COMPANY_TYPE_IDS.shipmentManager };
}

/**
 * The scope of a request's session, reading the company of a company admin (one query, only for them). Run it in
 * the agency transaction the request works in; super admins need no query.
 */
export async function dataScopeOfSession(tx: Db, session: Pick<SessionContext, 'isSuperAdmin' | 'user'>): Promise<DataScope> {
  if (session.isSuperAdmin) return UNRESTRICTED;
  return dataScopeOf(session, await adminCompanyOf(tx, session.user));
}

/** The columns of a query that the scope narrows; leave out what the query does not have. */
export interface ScopedColumns {
  shipmentManager?: AnyPgColumn | SQL;
  consignee?: AnyPgColumn | SQL;
  location?: AnyPgColumn | SQL;
}

function within(column: AnyPgColumn | SQL, ids: readonly number[]): SQL {
  return column instanceof SQL ? inArray(column, [...ids]) : inArray(column, [...ids]);
}

/** The WHERE condition a scope puts on a query's columns; undefined when nothing is restricted. */
export function scopeCondition(scope: DataScope, columns: ScopedColumns): SQL | undefined {
  const conditions: SQL[] = [];
  if (columns.shipmentManager && scope.shipmentManagerIds) conditions.push(within(columns.shipmentManager, scope.shipmentManagerIds));
  if (columns.consignee && scope.consigneeIds) conditions.push(within(columns.consignee, scope.consigneeIds));
  if (columns.location && scope.locationIds) conditions.push(within(columns.location, scope.locationIds));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** True when one id passes one of the scope's lists (for checks on a single record). */
export function inScope(list: readonly number[] | null, id: number | null): boolean {
  return list === null || (id !== null && list.includes(id));
}

/** `(1, 2, 3)` for `in`; an empty list matches nothing (`in (null)` is never true). */
function idList(ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`(null)` : sql`(${sql.join(ids.map((id) => sql`${id}::integer`), sql`, `)})`;
}

/**
 * The owner rule of cargo (the ledger's rule for ON_HAND, `ledger/ledger.scope.ts`): the owner is one of the
 * scope's shipment managers or a company under one of them, and one of its consignees. Undefined when neither list
 * restricts. `companies` is read by table name (identity imports no business module).
 */
export function cargoOwnerCondition(scope: DataScope, owner: AnyPgColumn | SQL): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope.shipmentManagerIds) {
    const managers = idList(scope.shipmentManagerIds);
    conditions.push(sql`(${owner} in ${managers} or ${owner} in (select scope_owner.id from companies scope_owner where scope_owner.shipment_manager_id in ${managers}))`);
  }
  if (scope.consigneeIds) conditions.push(sql`${owner} in ${idList(scope.consigneeIds)}`);
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** The consignment rule of cargo (as the consignment screens and the ledger's IN_TRANSIT): its shipment manager and BL consignee. */
export function consignmentCondition(scope: DataScope, columns: { shipmentManager: AnyPgColumn | SQL; blConsignee: AnyPgColumn | SQL }): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope.shipmentManagerIds) conditions.push(sql`${columns.shipmentManager} in ${idList(scope.shipmentManagerIds)}`);
  if (scope.consigneeIds) conditions.push(sql`${columns.blConsignee} in ${idList(scope.consigneeIds)}`);
  return conditions.length === 0 ? undefined : and(...conditions);
}

/**
 * Cargo a user is a party to (docs/decisions.md "Receipts are scoped by the cargo's parties"): its owner passes the
 * owner rule, or its consignment passes the consignment rule. A receipt moves cargo from a consignment's truck to an
 * owner's place, so both the consignment's holder and the new owner see it, and a third shipment manager or
 * consignee neither. Undefined when neither list restricts.
 */
export function cargoPartyCondition(scope: DataScope, columns: { owner: AnyPgColumn | SQL; shipmentManager: AnyPgColumn | SQL; blConsignee: AnyPgColumn | SQL }): SQL | undefined {
  const owner = cargoOwnerCondition(scope, columns.owner);
  const consignment = consignmentCondition(scope, columns);
  if (!owner || !consignment) return owner ?? consignment;
  return sql`(${or(owner, consignment)})`;
}
