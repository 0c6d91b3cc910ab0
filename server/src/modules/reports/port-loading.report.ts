import type { portLoadingReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { portLoadingScope } from '../port-loading/port-loading.queries';

type Filters = ReportFilters<(typeof portLoadingReport)['filters']>;

/**
 * Port Loading report (docs/decisions.md, "Reports"): the live port loadings of the user's scope (`portLoadingScope`,
 * the port loading screens' rule: the consignment's shipment manager and BL consignee, the destination), each with
 * its figures from the ledger accounts of its slips' trips (IN_TRANSIT and TRANSIT_LOSS of trip, voyage and
 * consignment: the key index): loaded = what the trips' IN_TRANSIT accounts took in transactions off ON_BOARD (a
 * slip's reversal or edit nets out), trips = the trips with a load, in transit and transit loss = the accounts'
 * balances, delivered = loaded − in transit − transit loss (what the receipts put on hand). Planned is the port
 * loading's quantity (a plan, not stock). Grouped by the port loading, or summed by its loading day, transporter
 * (self: the agency's own trucks, named as the agency) or destination.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const conditions: SQL[] = [sql`port_loadings.agency_id = ${agency}`, sql`port_loadings.status = 'Active'`];
  const scoped = portLoadingScope(actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.fromDate) conditions.push(sql`port_loadings.loading_date >= ${filters.fromDate}::date`);
  if (filters.toDate) conditions.push(sql`port_loadings.loading_date <= ${filters.toDate}::date`);
  if (filters.voyageId !== undefined) {
    // Through the voyage's live BLs (`shipments_voyage_consignment_unique`, then `port_loadings_shipment_idx`).
    conditions.push(sql`port_loadings.voyage_id = ${filters.voyageId}::integer`);
    conditions.push(sql`port_loadings.shipment_id in (select id from shipments where voyage_id = ${filters.voyageId}::integer and status = 'Active')`);
  }
  if (filters.consignmentId !== undefined) conditions.push(sql`port_loadings.consignment_id = ${filters.consignmentId}::integer`);
  if (filters.transporterId !== undefined) conditions.push(sql`port_loadings.transporter_id = ${filters.transporterId}::integer`);
  if (filters.toLocationId !== undefined) conditions.push(sql`port_loadings.to_location_id = ${filters.toLocationId}::integer`);
  // A slip's trip accounts of a kind, by their key's leading columns (agency, kind, voyage, consignment, trip).
  const tripAccount = (kind: 'IN_TRANSIT' | 'TRANSIT_LOSS') =>
    sql`a.agency_id = ${agency} and a.kind = ${kind} and a.voyage_id = pl.voyage_id and a.consignment_id = pl.consignment_id and a.trip_id = s.trip_id`;
  const perPortLoading = sql`
    with pl as (
      select port_loadings.id, port_loadings.voyage_id, port_loadings.consignment_id, port_loadings.shipment_id, port_loadings.loading_date,
             port_loadings.to_location_id, port_loadings.quantity_kg,
             case port_loadings.transporter_kind when 'company' then transporter.name when 'thirdParty' then port_loadings.third_party_name else agency.name end as transporter
      from port_loadings
      join consignments on consignments.id = port_loadings.consignment_id
      join agencies agency on agency.id = port_loadings.agency_id
      left join companies transporter on transporter.id = port_loadings.transporter_id
      where ${sql.join(conditions, sql` and `)}),
    trip as (
      select pl.id as port_loading_id,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('IN_TRANSIT')}) as in_transit,
             (select coalesce(sum(a.balance_kg), 0) from ledger_accounts a where ${tripAccount('TRANSIT_LOSS')}) as loss,
             (select coalesce(sum(e.quantity_kg), 0) from ledger_accounts a join ledger_entries e on e.account_id = a.id
              where ${tripAccount('IN_TRANSIT')}
                and exists (select 1 from ledger_entries board join ledger_accounts b on b.id = board.account_id
                            where board.transaction_id = e.transaction_id and b.kind = 'ON_BOARD')) as loaded
      from pl join loading_slips s on s.port_loading_id = pl.id),
    figures as (
      select port_loading_id, sum(loaded) as loaded, count(*) filter (where loaded <> 0) as trips, sum(in_transit) as in_transit, sum(loss) as loss
      from trip group by 1),
    line as (
      select pl.*, coalesce(f.loaded, 0) as loaded, coalesce(f.trips, 0) as trips, coalesce(f.in_transit, 0) as in_transit, coalesce(f.loss, 0) as loss
      from pl left join figures f on f.port_loading_id = pl.id)`;
  const figures = sql`sum(line.quantity_kg) as "planned", sum(line.loaded) as "loaded", sum(line.trips)::integer as "trips", sum(line.in_transit) as "inTransit",
                      sum(line.loaded - line.in_transit - line.loss) as "delivered", sum(line.loss) as "transitLoss"`;
  switch (filters.groupBy) {
    case 'day':
      return sql`${perPortLoading}
        select null::integer as "portLoadingId", null::integer as "destinationId", to_char(line.loading_date, 'YYYY-MM-DD') as "loadingDate",
               null::text as "voyage", null::text as "blNumber", null::text as "lcPo", null::text as "transporter", null::text as "destination", ${figures}
        from line group by line.loading_date`;
    case 'transporter':
      return sql`${perPortLoading}
        select null::integer as "portLoadingId", null::integer as "destinationId", null::text as "loadingDate",
               null::text as "voyage", null::text as "blNumber", null::text as "lcPo", line.transporter as "transporter", null::text as "destination", ${figures}
        from line group by line.transporter`;
    case 'destination':
      return sql`${perPortLoading}
        select null::integer as "portLoadingId", line.to_location_id as "destinationId", null::text as "loadingDate",
               null::text as "voyage", null::text as "blNumber", null::text as "lcPo", null::text as "transporter", min(l.name) as "destination", ${figures}
        from line join locations l on l.id = line.to_location_id group by line.to_location_id`;
    case 'portLoading':
      return sql`${perPortLoading}
        select line.id as "portLoadingId", line.to_location_id as "destinationId", to_char(line.loading_date, 'YYYY-MM-DD') as "loadingDate",
               ve.name || ' / ' || v.voyage_number as "voyage", sh.bl_number as "blNumber", coalesce(c.lc_number, c.po_number) as "lcPo",
               line.transporter as "transporter", l.name as "destination",
               line.quantity_kg as "planned", line.loaded as "loaded", line.trips::integer as "trips", line.in_transit as "inTransit",
               line.loaded - line.in_transit - line.loss as "delivered", line.loss as "transitLoss"
        from line
        join voyages v on v.id = line.voyage_id join vessels ve on ve.id = v.vessel_id
        join shipments sh on sh.id = line.shipment_id
        join consignments c on c.id = line.consignment_id
        join locations l on l.id = line.to_location_id`;
  }
}

export const portLoadingSource: ReportSource<(typeof portLoadingReport)['filters']> = {
  rows,
  tieBreak: ['portLoadingId', 'loadingDate', 'transporter', 'destinationId'],
};
