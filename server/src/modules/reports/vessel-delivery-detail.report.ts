import type { vesselDeliveryDetailReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { portLoadingScope } from '../port-loading/port-loading.queries';

type Filters = ReportFilters<(typeof vesselDeliveryDetailReport)['filters']>;

/**
 * Vessel Delivery Detail (docs/decisions.md, "Reports"): the live loading slips of one voyage's port loadings in the
 * user's scope (`portLoadingScope`), one row each. Its quantities come from the slip's trip accounts (IN_TRANSIT and
 * TRANSIT_LOSS of trip, voyage and consignment: the key index): loaded = what the trip's IN_TRANSIT accounts took in
 * transactions off ON_BOARD, in transit and transit loss = the balances, received = loaded − in transit − transit
 * loss (what the receipt put on hand). The weights are the warehouse weighbridge's records where a warehouse takes
 * the truck: gross = the live Warehouse Pre In's weight on arrival (shown as soon as the truck is weighed), tare = the
 * live Warehouse In's after unloading (their difference is what was received); a consignee or customer site records
 * only the received quantity (no weights).
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const conditions: SQL[] = [
    sql`loading_slips.agency_id = ${agency}`,
    sql`loading_slips.status = 'Active'`,
    sql`port_loadings.agency_id = ${agency}`,
    sql`port_loadings.voyage_id = ${filters.voyageId}::integer`,
    // The voyage's port loadings through its live BLs (`shipments_voyage_consignment_unique`, then
    // `port_loadings_shipment_idx`): a live slip's port loading and BL are live.
    sql`port_loadings.shipment_id in (select id from shipments where voyage_id = ${filters.voyageId}::integer and status = 'Active')`,
  ];
  const scoped = portLoadingScope(actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.consignmentId !== undefined) conditions.push(sql`port_loadings.consignment_id = ${filters.consignmentId}::integer`);
  if (filters.toLocationId !== undefined) conditions.push(sql`port_loadings.to_location_id = ${filters.toLocationId}::integer`);
  if (filters.truckId !== undefined) conditions.push(sql`loading_slips.truck_id = ${filters.truckId}::integer`);
  const zone = sql`(select timezone from agencies where id = ${agency})`;
  const tripAccount = (kind: 'IN_TRANSIT' | 'TRANSIT_LOSS') =>
    sql`a.agency_id = ${agency} and a.kind = ${kind} and a.voyage_id = s.voyage_id and a.consignment_id = s.consignment_id and a.trip_id = s.trip_id`;
  return sql`
    with s as (
      select loading_slips.id, loading_slips.slip_number, loading_slips.trip_id, loading_slips.truck_id, loading_slips.driver_id, loading_slips.wbt_number,
             loading_slips.loaded_at, loading_slips.received_table, loading_slips.received_id, loading_slips.received_at,
             port_loadings.voyage_id, port_loadings.consignment_id, port_loadings.shipment_id, port_loadings.to_location_id
      from loading_slips
      join port_loadings on port_loadings.id = loading_slips.port_loading_id
      join consignments on consignments.id = port_loadings.consignment_id
      where ${sql.join(conditions, sql` and `)}),
    f as (
      select s.id,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('IN_TRANSIT')}) as in_transit,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('TRANSIT_LOSS')}) as loss,
             (select coalesce(sum(e.quantity_kg), 0) from ledger_accounts a join ledger_entries e on e.account_id = a.id
              where ${tripAccount('IN_TRANSIT')}
                and exists (select 1 from ledger_entries board join ledger_accounts b on b.id = board.account_id
                            where board.transaction_id = e.transaction_id and b.kind = 'ON_BOARD')) as loaded
      from s)
    select s.id as "slipId", s.slip_number as "slipNumber", to_char((s.loaded_at at time zone ${zone})::date, 'YYYY-MM-DD') as "loadedOn",
           coalesce(c.lc_number, c.po_number) as "lcPo", sh.bl_number as "blNumber", tr.plate_number as "truck", dr.name as "driver",
           s.wbt_number as "wbtNumber", l.name as "destination",
           f.loaded as "loaded", pre.kg as "gross", wi.kg as "tare", f.loaded - f.in_transit - f.loss as "received", f.loss as "transitLoss",
           f.in_transit as "inTransit", to_char((s.received_at at time zone ${zone})::date, 'YYYY-MM-DD') as "receivedOn"
    from s
    join f on f.id = s.id
    join consignments c on c.id = s.consignment_id
    join shipments sh on sh.id = s.shipment_id
    join trucks tr on tr.id = s.truck_id
    join drivers dr on dr.id = s.driver_id
    join locations l on l.id = s.to_location_id
    left join warehouse_pre_ins pre on pre.slip_kind = 'loadingSlip' and pre.slip_id = s.id and pre.status = 'Active'
    left join warehouse_ins wi on wi.pre_in_id = pre.id and wi.status = 'Active'`;
}

export const vesselDeliveryDetailSource: ReportSource<(typeof vesselDeliveryDetailReport)['filters']> = { rows, tieBreak: ['slipId'] };
