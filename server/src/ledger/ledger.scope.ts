import type { LedgerAccountKind } from '@tonnage/contracts';
import { and, sql, type SQL } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import type { AccountColumns } from './accounts';

/*
 * Which ledger accounts a user's data scope lets them see (spec section 6: shipment managers, consignees,
 * locations; a null list is unrestricted, and an unrestricted scope adds no condition). Each non-null list narrows:
 *
 * - Positions with an owner (ON_HAND, and the sinks keyed like it: HANDLING_LOSS, HANDLING_EXCESS, DELIVERED):
 *   the owner is one of the scope's shipment managers or a company whose shipment manager is one of them (a
 *   consignee's shipment manager sees the consignee's stock); the owner is one of the scope's consignees; the
 *   location is one of the scope's locations.
 * - Cargo not yet at a place (VESSEL, ON_BOARD, IN_TRANSIT, TRANSIT_LOSS): through the account's consignment, as
 *   the consignment screens scope it: its shipment manager and its BL consignee. Locations do not narrow these:
 *   a vessel or a truck is not one of the agency's locations.
 *
 * The condition names the tables `companies` and `consignments` in SQL rather than importing their modules: the
 * ledger sits below the business modules and imports none of them (docs/architecture.md), and yet the scope must
 * be the ledger's own rule, not a callback each caller writes (or forgets): every dashboard and report reads stock
 * through here, and data scope is never optional. The two facts it reads are stable columns
 * (`companies.shipment_manager_id`, `consignments.shipment_manager_id` / `bl_consignee_id`); a rename there fails
 * the scope tests of ledger.queries.test.ts. Both are uncorrelated subqueries: PostgreSQL runs each once per
 * statement (a hashed subplan) instead of once per account.
 */

/** Lists longer than this go to PostgreSQL as one array parameter (a statement takes at most 65,535 parameters). */
const LIST_AS_ARRAY = 100;

/**
 * The inside of `in (...)` for a list of ids: `1, 2, 3` as parameters, or, for a long list (thousands of trips at a
 * busy place), `select unnest('{1,2,3}'::integer[])` with the whole list in one parameter. The caller writes the
 * parentheses and handles the empty list (see `idList`).
 */
export function idItems(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`idItems: not an id: ${String(id)}`);
  if (ids.length > LIST_AS_ARRAY) return sql`select unnest(${`{${ids.join(',')}}`}::integer[])`;
  return sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
}

/** `(1, 2, 3)` for `in` (a long list as one array parameter, `idItems`); an empty list matches nothing (`in (null)` is never true). */
export function idList(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`(null)`;
  return sql`(${idItems(ids)})`;
}

const CONSIGNMENT_SCOPED = new Set<LedgerAccountKind>(['VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS']);

/** The columns the scope reads: an account's (`ledger_accounts` or an alias), or a kept table's copy of them. */
export type ScopeColumns = Pick<AccountColumns, 'ownerCompanyId' | 'locationId' | 'consignmentId'>;

function ownerScope(accounts: ScopeColumns, scope: DataScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.shipmentManagerIds) {
    const managers = idList(scope.shipmentManagerIds);
    conditions.push(
      sql`(${accounts.ownerCompanyId} in ${managers}
           or ${accounts.ownerCompanyId} in (select scope_owner.id from companies scope_owner where scope_owner.shipment_manager_id in ${managers}))`,
    );
  }
  if (scope.consigneeIds) conditions.push(sql`${accounts.ownerCompanyId} in ${idList(scope.consigneeIds)}`);
  if (scope.locationIds) conditions.push(sql`${accounts.locationId} in ${idList(scope.locationIds)}`);
  return conditions;
}

function consignmentScope(accounts: ScopeColumns, scope: DataScope): SQL[] {
  const within: SQL[] = [];
  if (scope.shipmentManagerIds) within.push(sql`scope_consignment.shipment_manager_id in ${idList(scope.shipmentManagerIds)}`);
  if (scope.consigneeIds) within.push(sql`scope_consignment.bl_consignee_id in ${idList(scope.consigneeIds)}`);
  if (within.length === 0) return [];
  return [sql`${accounts.consignmentId} in (select scope_consignment.id from consignments scope_consignment where ${sql.join(within, sql` and `)})`];
}

/** The condition a user's scope puts on accounts of one kind (columns of `ledger_accounts`, an alias, or a kept table's copies); undefined when unrestricted. */
export function accountScope(accounts: ScopeColumns, kind: LedgerAccountKind, scope: DataScope): SQL | undefined {
  const conditions = CONSIGNMENT_SCOPED.has(kind) ? consignmentScope(accounts, scope) : ownerScope(accounts, scope);
  return conditions.length === 0 ? undefined : and(...conditions);
}
