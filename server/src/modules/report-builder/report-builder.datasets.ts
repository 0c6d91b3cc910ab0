import type { BuilderDatasetKey } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { cargoOwnerCondition, scopeCondition, type DataScope } from '../../identity/data-scope';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import type { ReadActor } from '../../kit/actor';
import { loanScope } from '../loans/loans.queries';

/*
 * The base relations of the report builder's datasets (docs/architecture.md, "The report builder"): for each
 * dataset of the contracts' whitelist, one SELECT with a column per whitelisted field, named as the field (texts,
 * business dates as YYYY-MM-DD and months as YYYY-MM text in the agency's time zone, tonnes as bigint kg, counts as
 * 1 per row), already narrowed to the actor's agency and data scope. The compiler (report-builder.compile.ts) only
 * ever selects these columns by their whitelisted names, filters and groups them; it never sees a table.
 *
 * What each dataset reads, and how it is scoped:
 * - stockPositions: the ledger's kept ON_HAND balances now (as Current Stocks), `accountScope` of ON_HAND.
 * - ledgerMovements: every ledger entry that moved a quantity, with its account's dimensions and its transaction's
 *   type and business time; `accountScope` of each entry's account kind (the owner rule for positions at a place,
 *   the consignment rule for cargo on a vessel or a truck).
 * - loadingSlips: the live port loading slips (one truck trip each) with their port loading's consignment and
 *   destination; the port loadings' scope (the consignment's shipment manager and BL consignee, the destination).
 * - weighings: the live outbound second weights (a completed weighing) with their first weight; the weighings'
 *   location scope (the warehouse), and, for a user restricted to shipment managers or consignees, only weighings
 *   that a live Warehouse Out took, whose cargo owner passes the owner rule (a weighing carries no cargo before).
 * - loans: the live consignee-to-SM loans with their live returns; the loan screens' `loanScope`.
 */

/**
 * A period of a definition's date or month filters, as bounds on the dataset's own time column: added to the base
 * relation beside the filters themselves, so the statement reads the period through the time column's index (the
 * filters on the text columns stay, and decide). Inclusive start and exclusive end, as business dates (YYYY-MM-DD).
 */
export interface TimeBounds {
  from: string[];
  before: string[];
}

const zone = (agencyId: number) => sql`(select timezone from agencies where id = ${agencyId}::integer)`;
const day = (at: SQL, agencyId: number) => sql`to_char(${at} at time zone ${zone(agencyId)}, 'YYYY-MM-DD')`;
const month = (at: SQL, agencyId: number) => sql`to_char(${at} at time zone ${zone(agencyId)}, 'YYYY-MM')`;
/** The conditions of bounds on a time column (the agency's business dates as instants). */
function within(at: SQL, agencyId: number, bounds: TimeBounds | undefined): SQL[] {
  if (!bounds) return [];
  return [
    ...bounds.from.map((d) => sql`${at} >= ((${d}::date)::timestamp at time zone ${zone(agencyId)})`),
    ...bounds.before.map((d) => sql`${at} < ((${d}::date)::timestamp at time zone ${zone(agencyId)})`),
  ];
}

const where = (conditions: (SQL | undefined)[]) => sql.join(conditions.filter((c): c is SQL => c !== undefined), sql` and `);

const CONSIGNMENT_KINDS = sql`('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS')`;

/** The scope of accounts of any kind (`ledger_accounts` unaliased): each kind's rule of `accountScope`. */
function anyKindScope(scope: DataScope): SQL | undefined {
  const a = ledgerAccounts;
  const byConsignment = accountScope(a, 'VESSEL', scope);
  const byOwner = accountScope(a, 'ON_HAND', scope);
  if (!byConsignment && !byOwner) return undefined;
  return sql`((${a.kind} in ${CONSIGNMENT_KINDS} and ${byConsignment ?? sql`true`}) or (${a.kind} not in ${CONSIGNMENT_KINDS} and ${byOwner ?? sql`true`}))`;
}

/** The names of an account's dimensions (joined below `ledger_accounts`). */
const accountNames = sql`l.name as "place", s.name as "silo", o.name as "owner", ct.name as "cargoType", coalesce(c.lc_number, c.po_number) as "lcPo",
  ve.name || ' / ' || v.voyage_number as "voyage"`;
const accountJoins = sql`left join locations l on l.id = ledger_accounts.location_id
  left join silos s on s.id = ledger_accounts.silo_id
  left join companies o on o.id = ledger_accounts.owner_company_id
  left join cargo_types ct on ct.id = ledger_accounts.cargo_type_id
  left join consignments c on c.id = ledger_accounts.consignment_id
  left join voyages v on v.id = ledger_accounts.voyage_id
  left join vessels ve on ve.id = v.vessel_id`;

function stockPositions(actor: ReadActor): SQL {
  const a = ledgerAccounts;
  return sql`select ${accountNames}, ${a.balanceKg} as "onHand", ${a.committedKg} as "committed", ${a.balanceKg} - ${a.committedKg} as "usable", 1 as "positions"
    from ${a} ${accountJoins}
    where ${where([sql`${a.agencyId} = ${actor.agencyId}::integer`, sql`${a.kind} = 'ON_HAND'`, sql`(${a.balanceKg} <> 0 or ${a.committedKg} <> 0)`, accountScope(a, 'ON_HAND', actor.scope)])}`;
}

function ledgerMovements(actor: ReadActor, bounds?: TimeBounds): SQL {
  const a = ledgerAccounts;
  return sql`select ${day(sql`t.created_at`, actor.agencyId)} as "date", ${month(sql`t.created_at`, actor.agencyId)} as "month", ${a.kind} as "accountKind", t.type as "transactionType",
      ${accountNames}, e.quantity_kg as "quantity", greatest(e.quantity_kg, 0) as "quantityIn", greatest(-e.quantity_kg, 0) as "quantityOut", 1 as "entries"
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join ${a} on ${a.id} = e.account_id
    ${accountJoins}
    where ${where([sql`e.agency_id = ${actor.agencyId}::integer`, sql`e.quantity_kg <> 0`, anyKindScope(actor.scope), ...within(sql`t.created_at`, actor.agencyId, bounds)])}`;
}

function loadingSlips(actor: ReadActor, bounds?: TimeBounds): SQL {
  const scoped = scopeCondition(actor.scope, { consignee: sql`c.bl_consignee_id`, shipmentManager: sql`c.shipment_manager_id`, location: sql`pl.to_location_id` });
  return sql`select ${day(sql`ls.loaded_at`, actor.agencyId)} as "date", ${month(sql`ls.loaded_at`, actor.agencyId)} as "month", p.name as "port",
      ve.name || ' / ' || v.voyage_number as "voyage", coalesce(c.lc_number, c.po_number) as "lcPo", ct.name as "cargoType", o.name as "owner",
      dest.name as "destination", coalesce(tr.name, pl.third_party_name) as "transporter", tk.plate_number as "truck", dr.name as "driver",
      case when ls.received_table is null then 'inTransit' else 'received' end as "slipState", ls.quantity_kg as "quantity", 1 as "trips"
    from loading_slips ls
    join port_loadings pl on pl.id = ls.port_loading_id
    join consignments c on c.id = pl.consignment_id
    join voyages v on v.id = pl.voyage_id
    join vessels ve on ve.id = v.vessel_id
    left join ports p on p.id = pl.port_id
    left join cargo_types ct on ct.id = c.cargo_type_id
    left join companies o on o.id = pl.owner_company_id
    left join locations dest on dest.id = pl.to_location_id
    left join companies tr on tr.id = pl.transporter_id
    left join trucks tk on tk.id = ls.truck_id
    left join drivers dr on dr.id = ls.driver_id
    where ${where([sql`ls.agency_id = ${actor.agencyId}::integer`, sql`ls.status = 'Active'`, scoped, ...within(sql`ls.loaded_at`, actor.agencyId, bounds)])}`;
}

function weighings(actor: ReadActor, bounds?: TimeBounds): SQL {
  const location = scopeCondition(actor.scope, { location: sql`fw.warehouse_id` });
  const restricted = actor.scope.shipmentManagerIds !== null || actor.scope.consigneeIds !== null;
  const owner = restricted ? sql`wo.id is not null and ${cargoOwnerCondition(actor.scope, sql`po.owner_company_id`) ?? sql`true`}` : undefined;
  return sql`select ${day(sql`sw.captured_at`, actor.agencyId)} as "date", ${month(sql`sw.captured_at`, actor.agencyId)} as "month", w.name as "warehouse",
      tk.plate_number as "truck", dr.name as "driver", o.name as "owner", case when fw.manual or sw.manual then 'manual' else 'captured' end as "weightEntry",
      sw.net_kg as "netWeight", fw.kg as "firstWeight", sw.kg as "secondWeight", 1 as "weighings"
    from outbound_second_weights sw
    join outbound_first_weights fw on fw.id = sw.first_weight_id
    left join warehouse_outs wo on wo.second_weight_id = sw.id and wo.status = 'Active'
    left join warehouse_pre_outs po on po.id = wo.pre_out_id
    left join companies o on o.id = po.owner_company_id
    left join locations w on w.id = fw.warehouse_id
    left join trucks tk on tk.id = fw.truck_id
    left join drivers dr on dr.id = fw.driver_id
    where ${where([sql`sw.agency_id = ${actor.agencyId}::integer`, sql`sw.status = 'Active'`, sql`fw.status = 'Active'`, location, owner, ...within(sql`sw.captured_at`, actor.agencyId, bounds)])}`;
}

/** The loans table unaliased: `loanScope` names its columns by the table's name. */
const L = sql.raw('consignee_to_shipment_manager_loans');

function loans(actor: ReadActor, bounds?: TimeBounds): SQL {
  return sql`select ${day(sql`${L}.loan_at`, actor.agencyId)} as "date", ${month(sql`${L}.loan_at`, actor.agencyId)} as "month", lender.name as "lender", borrower.name as "borrower",
      coalesce(c.lc_number, c.po_number) as "lcPo", ct.name as "cargoType", coalesce(l.name, lp.name || ' · ' || lve.name || ' / ' || lv.voyage_number) as "place",
      ${L}.quantity_kg as "loaned", coalesce(r.kg, 0) as "returned", ${L}.quantity_kg - coalesce(r.kg, 0) as "outstanding", 1 as "loans"
    from ${L}
    left join (select loan_id, sum(quantity_kg) as kg from loan_returns where status = 'Active' and agency_id = ${actor.agencyId}::integer group by loan_id) r on r.loan_id = ${L}.id
    left join companies lender on lender.id = ${L}.lender_company_id
    left join companies borrower on borrower.id = ${L}.borrower_company_id
    left join consignments c on c.id = ${L}.consignment_id
    left join cargo_types ct on ct.id = ${L}.cargo_type_id
    left join locations l on l.id = ${L}.location_id
    left join shipments lsh on lsh.id = ${L}.shipment_id
    left join voyages lv on lv.id = lsh.voyage_id
    left join vessels lve on lve.id = lv.vessel_id
    left join ports lp on lp.id = lv.port_id
    where ${where([sql`${L}.agency_id = ${actor.agencyId}::integer`, sql`${L}.status = 'Active'`, loanScope(actor.scope), ...within(sql`${L}.loan_at`, actor.agencyId, bounds)])}`;
}

/** The base relation of each dataset, in the actor's agency and scope. */
export const builderBases: Record<BuilderDatasetKey, (actor: ReadActor, bounds?: TimeBounds) => SQL> = { stockPositions, ledgerMovements, loadingSlips, weighings, loans };
