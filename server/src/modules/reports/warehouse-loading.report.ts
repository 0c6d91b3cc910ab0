import type { warehouseLoadingReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { dispatchScope } from '../warehouse-dispatch/warehouse-dispatch.queries';

type Filters = ReportFilters<(typeof warehouseLoadingReport)['filters']>;

/**
 * Warehouse Loading report (docs/decisions.md, "Reports"): the live Warehouse Outs of the user's scope
 * (`dispatchScope`, the dispatch screens' rule: the Pre Out's warehouse and the position's owner), per warehouse, day
 * (the out's business date in the agency's zone), destination, transporter (the truck's) and truck. Each out's figures
 * come from its trip's ledger accounts (IN_TRANSIT and TRANSIT_LOSS of trip, voyage and consignment: the key index):
 * loaded out = what the trip's IN_TRANSIT accounts took in transactions off the warehouse's ON_HAND (an edit or a
 * correction, reversed and posted again, counts once), trips = the outs with a load, in transit and transit loss =
 * the balances, delivered = loaded out − in transit − transit loss (what the receipts put on hand).
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const conditions: SQL[] = [sql`warehouse_outs.agency_id = ${agency}`, sql`warehouse_outs.status = 'Active'`];
  const scoped = dispatchScope(actor.scope);
  if (scoped) conditions.push(scoped);
  const zone = sql`(select timezone from agencies where id = ${agency})`;
  const day = sql`(warehouse_outs.out_at at time zone ${zone})::date`;
  // The period as instants (the days' starts in the agency's zone), so `warehouse_outs_agency_at_idx` serves it.
  if (filters.fromDate) conditions.push(sql`warehouse_outs.out_at >= ((${filters.fromDate}::date)::timestamp at time zone ${zone})`);
  if (filters.toDate) conditions.push(sql`warehouse_outs.out_at < ((${filters.toDate}::date + 1)::timestamp at time zone ${zone})`);
  if (filters.warehouseId !== undefined) conditions.push(sql`warehouse_pre_outs.warehouse_id = ${filters.warehouseId}::integer`);
  if (filters.toLocationId !== undefined) conditions.push(sql`warehouse_outs.to_location_id = ${filters.toLocationId}::integer`);
  if (filters.truckId !== undefined) conditions.push(sql`warehouse_pre_outs.truck_id = ${filters.truckId}::integer`);
  if (filters.transporterId !== undefined) conditions.push(sql`warehouse_pre_outs.truck_id in (select id from trucks where transporter_id = ${filters.transporterId}::integer)`);
  const tripAccount = (kind: 'IN_TRANSIT' | 'TRANSIT_LOSS') =>
    sql`a.agency_id = ${agency} and a.kind = ${kind} and a.voyage_id = o.voyage_id and a.consignment_id = o.consignment_id and a.trip_id = o.trip_id`;
  return sql`
    with o as (
      select warehouse_outs.trip_id, warehouse_pre_outs.warehouse_id, warehouse_pre_outs.voyage_id, warehouse_pre_outs.consignment_id,
             warehouse_pre_outs.truck_id, warehouse_outs.to_location_id, ${day} as day
      from warehouse_outs join warehouse_pre_outs on warehouse_pre_outs.id = warehouse_outs.pre_out_id
      where ${sql.join(conditions, sql` and `)}),
    trip as (
      select o.warehouse_id, o.day, o.to_location_id, o.truck_id,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('IN_TRANSIT')}) as in_transit,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('TRANSIT_LOSS')}) as loss,
             (select coalesce(sum(e.quantity_kg), 0) from ledger_accounts a join ledger_entries e on e.account_id = a.id
              where ${tripAccount('IN_TRANSIT')}
                and exists (select 1 from ledger_entries place join ledger_accounts p on p.id = place.account_id
                            where place.transaction_id = e.transaction_id and p.kind = 'ON_HAND' and p.location_id = o.warehouse_id)) as loaded
      from o),
    g as (
      select warehouse_id, day, to_location_id, truck_id, count(*) filter (where loaded <> 0)::integer as trips, sum(loaded) as loaded,
             sum(in_transit) as in_transit, sum(loss) as loss
      from trip group by 1, 2, 3, 4)
    select g.warehouse_id as "warehouseId", g.to_location_id as "destinationId", g.truck_id as "truckId", to_char(g.day, 'YYYY-MM-DD') as "day",
           w.name as "warehouse", d.name as "destination", transporter.name as "transporter", tr.plate_number as "truck",
           g.trips as "trips", g.loaded as "quantity", g.in_transit as "inTransit", g.loaded - g.in_transit - g.loss as "delivered", g.loss as "transitLoss"
    from g
    join locations w on w.id = g.warehouse_id
    join locations d on d.id = g.to_location_id
    join trucks tr on tr.id = g.truck_id
    left join companies transporter on transporter.id = tr.transporter_id`;
}

export const warehouseLoadingSource: ReportSource<(typeof warehouseLoadingReport)['filters']> = {
  rows,
  tieBreak: ['day', 'warehouseId', 'destinationId', 'truckId'],
};
