import type { vesselReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { consignmentCondition } from '../../identity/data-scope';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';

type Filters = ReportFilters<(typeof vesselReport)['filters']>;

/**
 * Vessel report (docs/decisions.md, "Reports"): per voyage, from the ledger's kept balances of the voyage's accounts
 * within the user's scope (`accountScope`: the consignment's shipment manager and BL consignee, as the vessel tab):
 * out-turn = what the VESSEL accounts gave (minus their balance), on board = the ON_BOARD balances, loaded at the
 * port = out-turn − on board (on-board cargo leaves only on loading slips' trucks), in transit and transit loss =
 * the IN_TRANSIT and TRANSIT_LOSS balances of the port's trips (trips whose load came off ON_BOARD), delivered =
 * loaded − in transit − transit loss (what those trucks handed to warehouses and consignee or customer sites). The BL
 * quantity is the live shipments' (a document figure, not stock). Voyages with neither a BL nor cargo in the scope
 * are left out.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const a = ledgerAccounts;
  const agency = sql`${actor.agencyId}::integer`;
  const accountConditions: SQL[] = [sql`${a.agencyId} = ${agency}`];
  const scoped = accountScope(a, 'VESSEL', actor.scope);
  if (scoped) accountConditions.push(scoped);
  const consignmentOf = (column: SQL) => {
    const parts: SQL[] = [];
    if (filters.cargoTypeId !== undefined) parts.push(sql`${column} in (select id from consignments where cargo_type_id = ${filters.cargoTypeId}::integer)`);
    return parts;
  };
  accountConditions.push(...consignmentOf(sql`${a.consignmentId}`));
  const accountsWhere = sql.join(accountConditions, sql` and `);
  const blConditions: SQL[] = [sql`s.agency_id = ${agency}`, sql`s.status = 'Active'`, ...consignmentOf(sql`s.consignment_id`)];
  const blScope = consignmentCondition(actor.scope, { shipmentManager: sql`bc.shipment_manager_id`, blConsignee: sql`bc.bl_consignee_id` });
  if (blScope) blConditions.push(sql`s.consignment_id in (select bc.id from consignments bc where ${blScope})`);
  const voyageConditions: SQL[] = [sql`v.agency_id = ${agency}`, sql`(p.voyage_id is not null or bl.voyage_id is not null)`];
  if (filters.voyageId !== undefined) voyageConditions.push(sql`v.id = ${filters.voyageId}::integer`);
  if (filters.vesselId !== undefined) voyageConditions.push(sql`v.vessel_id = ${filters.vesselId}::integer`);
  if (filters.fromDate) voyageConditions.push(sql`v.arrival_date >= ${filters.fromDate}::date`);
  if (filters.toDate) voyageConditions.push(sql`v.arrival_date <= ${filters.toDate}::date`);
  return sql`with port_trips as (
                select distinct t.trip_id from ledger_accounts o
                join ledger_entries oe on oe.account_id = o.id
                join ledger_entries te on te.transaction_id = oe.transaction_id
                join ledger_accounts t on t.id = te.account_id and t.kind = 'IN_TRANSIT'
                where o.agency_id = ${agency} and o.kind = 'ON_BOARD'),
             p as (
                select ${a.voyageId} as voyage_id,
                       coalesce(-sum(${a.balanceKg}) filter (where ${a.kind} = 'VESSEL'), 0) as outturn,
                       coalesce(sum(${a.balanceKg}) filter (where ${a.kind} = 'ON_BOARD'), 0) as on_board,
                       coalesce(sum(${a.balanceKg}) filter (where ${a.kind} = 'IN_TRANSIT' and ${a.tripId} in (select trip_id from port_trips)), 0) as in_transit,
                       coalesce(sum(${a.balanceKg}) filter (where ${a.kind} = 'TRANSIT_LOSS' and ${a.tripId} in (select trip_id from port_trips)), 0) as loss
                from ${a} where ${a.kind} in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS') and ${accountsWhere}
                group by 1),
             bl as (select s.voyage_id, sum(s.bl_quantity_kg) as bl_kg from shipments s where ${sql.join(blConditions, sql` and `)} group by 1)
             select v.id as "voyageId", ve.name as "vessel", v.voyage_number as "voyageNumber", to_char(v.arrival_date, 'YYYY-MM-DD') as "arrivalDate",
                    coalesce(bl.bl_kg, 0) as "blQuantity", coalesce(p.outturn, 0) as "outturn", coalesce(p.outturn - p.on_board, 0) as "loaded",
                    coalesce(p.outturn - p.on_board - p.in_transit - p.loss, 0) as "delivered", coalesce(p.in_transit, 0) as "inTransit",
                    coalesce(p.loss, 0) as "transitLoss", coalesce(p.on_board, 0) as "onBoard"
             from voyages v join vessels ve on ve.id = v.vessel_id
             left join p on p.voyage_id = v.id
             left join bl on bl.voyage_id = v.id
             where ${sql.join(voyageConditions, sql` and `)}`;
}

export const vesselSource: ReportSource<(typeof vesselReport)['filters']> = { rows, tieBreak: ['voyageId'] };
