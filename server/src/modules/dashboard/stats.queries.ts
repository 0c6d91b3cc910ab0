import { COMPANY_TYPE_IDS, kgToTonnes, LOCATION_KIND_IDS, STATS_GROUPS, type StatsGroup, type TDashboardStats, type TDashboardStatsFilters, type TStatsGroupFigures } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../identity/data-scope';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { queryRows, type Db } from '../../platform/db/client';

/*
 * The IN/OUT Stats tab (spec 2.13, 3, 7: `GET /api/dashboard/stats`), read from the ledger in one statement: from its
 * kept trip rows (`ledger_trip_dispatches`, `ledger_trip_receipts`: ledger/trip-stats.ts keeps them by the rule below).
 *
 * A trip is an IN_TRANSIT account (one per truck trip). It is **dispatched** by a live (neither a reversal nor
 * reversed) transaction that puts kilograms on it and takes them off ON_BOARD (the port: a loading slip) or off an
 * ON_HAND position (a warehouse: Warehouse Out or a transfer slip leaving it; a consignee location: Consignee Out or a
 * transfer slip leaving it). The group of a trip is where it left from. OUT = the kilograms put on the trucks by the
 * dispatches whose business time lies in the period.
 *
 * IN = what of **those same trips** was received, whenever the receipt was made (up to now): a live transaction
 * taking the trip's load off its IN_TRANSIT account into an ON_HAND position; received = what left the truck less
 * what went to the trip's TRANSIT_LOSS in that transaction (the received weight after transit loss). The receipt's
 * place says the card: a warehouse, a consignee's or a customer's delivery location. So per group
 * OUT = IN (all kinds) + still in transit + transit loss, and the cards compare like with like.
 *
 * The slip records (loading slips and their port loadings, Warehouse Outs with their weights and groups, Consignee
 * Outs, transfer slips, by the trip) give what the ledger does not: the destination, the transporter, the entry
 * type and the quantity type, for the filters.
 *
 * Scope: the trip's IN_TRANSIT account by the ledger's rule (its consignment's shipment manager and BL consignee);
 * a trip leaving a warehouse or consignee location only when that place is one of the user's locations, a receipt
 * only at one of them (the port is no location).
 */

const ids = (values: readonly number[]) =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}::integer`),
        sql`, `,
      )})`;

interface StatsRow extends Record<string, unknown> {
  origin: StatsGroup;
  figure: 'out' | 'warehouse' | 'consignee' | 'customer';
  trips: number | string;
  kg: string;
}

export interface StatsParams {
  scope: DataScope;
  filters: TDashboardStatsFilters;
  /** The period's business dates (YYYY-MM-DD, both inclusive) and the agency's time zone they are in. */
  startDate: string;
  endDate: string;
  timezone: string;
}

const emptyGroup = (): TStatsGroupFigures => ({
  outQty: kgToTonnes(0n),
  warehouseInQty: kgToTonnes(0n),
  consigneeInQty: kgToTonnes(0n),
  customerInQty: kgToTonnes(0n),
  outTrips: 0,
  warehouseInTrips: 0,
  consigneeInTrips: 0,
  customerInTrips: 0,
});

/** The conditions of the filters on a dispatched trip (`truck` its IN_TRANSIT account, `origin`, `slip`, `cons`, `owner`). */
function filterConditions(f: TDashboardStatsFilters): SQL[] {
  const c: SQL[] = [];
  if (f.voyageId !== undefined) c.push(sql`truck.voyage_id = ${f.voyageId}::integer`);
  if (f.bindingVoyageId !== undefined) c.push(sql`origin.binding_voyage_id = ${f.bindingVoyageId}::integer`);
  if (f.consignmentId !== undefined) c.push(sql`truck.consignment_id = ${f.consignmentId}::integer`);
  if (f.blConsigneeId !== undefined) c.push(sql`cons.bl_consignee_id = ${f.blConsigneeId}::integer`);
  if (f.smIds !== undefined) {
    const list = ids(f.smIds);
    c.push(sql`(cons.shipment_manager_id in ${list} or truck.owner_company_id in ${list} or owner.shipment_manager_id in ${list})`);
  }
  if (f.fromLocationId !== undefined) c.push(sql`origin.location_id = ${f.fromLocationId}::integer`);
  if (f.toLocationId !== undefined) c.push(sql`slip.to_location_id = ${f.toLocationId}::integer`);
  if (f.transportedTo !== undefined) {
    const kind = { warehouse: sql`dest.location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer`, directDelivery: sql`dest.owner_type = 'consignee'`, customerDelivery: sql`dest.owner_type = 'customer'` }[f.transportedTo];
    c.push(sql`(dest.id is not null and ${kind})`);
  }
  if (f.quantityType !== undefined) c.push(sql`slip.quantity_type = ${f.quantityType}`);
  if (f.transporter !== undefined) c.push(sql`slip.transporter_id = ${f.transporter}::integer`);
  if (f.isManualQuantity !== undefined) c.push(sql`slip.manual = ${f.isManualQuantity}`);
  if (f.groupedOut !== undefined) c.push(f.groupedOut ? sql`slip.grouped` : sql`not coalesce(slip.grouped, false)`);
  const ownerKinds = [
    f.consigneeOut ? COMPANY_TYPE_IDS.consignee : undefined,
    f.customerOut ? COMPANY_TYPE_IDS.customer : undefined,
    f.smOut ? COMPANY_TYPE_IDS.shipmentManager : undefined,
  ].filter((id): id is 3 | 5 | 6 => id !== undefined);
  if (ownerKinds.length > 0) c.push(sql`owner.company_type_id in ${ids(ownerKinds)}`);
  if (f.deliveryStatus !== undefined) {
    const received = sql`exists (select 1 from ledger_entries re join ledger_transactions rt on rt.id = re.transaction_id
                           where re.account_id = truck.id and re.quantity_kg < 0 and rt.reverses_id is null
                             and not exists (select 1 from ledger_transactions rr where rr.reverses_id = rt.id))`;
    c.push(f.deliveryStatus === 'Delivered' ? received : sql`not ${received}`);
  }
  return c;
}

const CONS_JOIN = `            left join consignments cons on cons.id = truck.consignment_id
`;
const OWNER_JOIN = `            left join companies owner on owner.id = truck.owner_company_id
`;
const SLIP_JOIN = `            -- The trip's slip, by its trip (each slip table's unique trip index): one lookup per trip, never a scan of the slips.
            left join lateral (
              select pl.to_location_id, pl.quantity_type,
                     case when pl.transporter_kind = 'company' then pl.transporter_id else tk.transporter_id end as transporter_id,
                     null::boolean as manual, false as grouped
                from loading_slips s join port_loadings pl on pl.id = s.port_loading_id join trucks tk on tk.id = s.truck_id
               where s.trip_id = truck.trip_id
              union all
              select o.to_location_id, 'bl', tk.transporter_id, (fw.manual or sw.manual), o.group_id is not null
                from warehouse_outs o join warehouse_pre_outs p on p.id = o.pre_out_id join trucks tk on tk.id = p.truck_id
                     join outbound_second_weights sw on sw.id = o.second_weight_id join outbound_first_weights fw on fw.id = sw.first_weight_id
               where o.trip_id = truck.trip_id
              union all
              select c.to_location_id, 'bl', tk.transporter_id, null::boolean, false
                from consignee_outs c join trucks tk on tk.id = c.truck_id where c.trip_id = truck.trip_id
              union all
              select t.to_location_id, case when t.source_kind in ('loan', 'loanReturn', 'sale') then t.source_kind else 'bl' end, tk.transporter_id, null::boolean, false
                from transfer_slips t join trucks tk on tk.id = t.truck_id where t.trip_id = truck.trip_id
              limit 1) slip on true
`;
const DEST_JOIN = `            left join locations dest on dest.id = slip.to_location_id
`;

/**
 * The joins the filters read (`cons`, `owner`, `slip`, `dest`), and only those: a dispatch's figures need none of them,
 * and planning the slip's lateral lookup (four slip tables) costs more than the statement runs when no filter asks.
 */
function filterJoins(f: TDashboardStatsFilters): SQL {
  const joins: SQL[] = [];
  const ownerKinds = f.consigneeOut === true || f.customerOut === true || f.smOut === true;
  if (f.blConsigneeId !== undefined || f.smIds !== undefined) joins.push(sql.raw(CONS_JOIN));
  if (f.smIds !== undefined || ownerKinds) joins.push(sql.raw(OWNER_JOIN));
  const slipFilter =
    f.toLocationId !== undefined || f.transportedTo !== undefined || f.quantityType !== undefined || f.transporter !== undefined || f.isManualQuantity !== undefined || f.groupedOut !== undefined;
  if (slipFilter) joins.push(sql.raw(SLIP_JOIN));
  if (f.transportedTo !== undefined) joins.push(sql.raw(DEST_JOIN));
  return joins.length === 0 ? sql`` : sql.join(joins, sql``);
}

/** The IN/OUT figures of the caller's agency (the transaction's) for a period and filters, within the user's scope. */
export async function inOutStats(tx: Db, agencyId: number, params: StatsParams): Promise<TDashboardStats> {
  const { scope, filters, timezone } = params;
  const truckAccounts = alias(ledgerAccounts, 'truck');
  const scoped = accountScope(truckAccounts, 'IN_TRANSIT', scope);
  const locations = scope.locationIds;
  const dispatchConditions = [...filterConditions(filters)];
  if (scoped) dispatchConditions.push(scoped);
  if (locations) dispatchConditions.push(sql`(origin.kind = 'ON_BOARD' or origin.location_id in ${ids(locations)})`);
  // A receipt's place: the first of the posting's receiving places, or the first of them at one of the user's locations.
  const receiptPlace = locations
    ? sql`r.location_id in ${ids(locations)}
             and not exists (select 1 from ledger_trip_receipts r2 where r2.transaction_id = r.transaction_id and r2.account_id = r.account_id
                                and r2.location_id in ${ids(locations)} and r2.place_account_id < r.place_account_id)`
    : sql`r.first_place`;
  const extra = dispatchConditions.length === 0 ? sql`` : sql` and ${sql.join(dispatchConditions, sql` and `)}`;

  // The kept trip rows (ledger/trip-stats.ts): a live dispatch per posting and truck, with the truck's key and the
  // posting's origin (as `truck` and `origin` for the filters), and its receipts by truck, received kg net of loss.
  const rows = await queryRows<StatsRow>(
    tx,
    sql`with dispatch as (
          select d.account_id, d.trip_id, d.kg,
                 case when d.origin_kind = 'ON_BOARD' then 'port'
                      when here.location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer then 'warehouse'
                      when here.owner_type = 'consignee' then 'consignee' end as origin
            from ledger_trip_dispatches d
            cross join lateral (select d.account_id as id, d.trip_id, d.voyage_id, d.consignment_id, d.owner_company_id) truck
            cross join lateral (select d.origin_kind as kind, d.origin_location_id as location_id, d.origin_binding_voyage_id as binding_voyage_id) origin
            left join locations here on here.id = d.origin_location_id
${filterJoins(filters)}
           where d.agency_id = ${agencyId}::integer
             and d.dispatched_at >= (${params.startDate}::date::timestamp at time zone ${timezone})
             and d.dispatched_at < ((${params.endDate}::date + 1)::timestamp at time zone ${timezone})${extra}
        ),
        trucks_out as (select distinct account_id, trip_id, origin from dispatch where origin is not null),
        receipt as (
          select o.origin, o.trip_id,
                 case when here.location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer then 'warehouse'
                      when here.owner_type = 'consignee' then 'consignee'
                      when here.owner_type = 'customer' then 'customer' end as figure,
                 r.kg
            from trucks_out o
            join ledger_trip_receipts r on r.agency_id = ${agencyId}::integer and r.account_id = o.account_id and ${receiptPlace}
            join locations here on here.id = r.location_id
        )
        select origin, 'out' as figure, count(distinct trip_id)::integer as trips, coalesce(sum(kg), 0)::text as kg
          from dispatch where origin is not null group by origin
        union all
        select origin, figure, count(distinct trip_id)::integer, coalesce(sum(kg), 0)::text
          from receipt where figure is not null group by origin, figure`,
  );

  const groups = Object.fromEntries(STATS_GROUPS.map((group) => [group, emptyGroup()])) as Record<StatsGroup, TStatsGroupFigures>;
  for (const row of rows) {
    const group = groups[row.origin];
    const kg = BigInt(row.kg);
    const trips = Number(row.trips);
    if (row.figure === 'out') {
      group.outQty = kgToTonnes(kg);
      group.outTrips = trips;
    } else {
      group[`${row.figure}InQty`] = kgToTonnes(kg);
      group[`${row.figure}InTrips`] = trips;
    }
  }
  return { startDate: params.startDate, endDate: params.endDate, ...groups };
}
