import {
  kgToTonnes,
  type LcDetailType,
  type TLcDetail,
  type TPortDetail,
  type TVesselChartRow,
  type TVesselDetail,
  type TVesselLcRow,
  type TVesselStats,
  type TVesselStatsRow,
} from '@tonnage/contracts';
import { and, sql, type SQL } from 'drizzle-orm';
import { consignmentCondition, scopeCondition, type DataScope } from '../../identity/data-scope';
import { idItems } from '../../ledger/ledger.scope';
import { queryRows, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { loanScope } from '../loans/loans.queries';
import { saleScope } from '../sales/sales.queries';

/*
 * The VESSEL tab (spec 2.13, 3, 7: `/api/dashboard/vessels/...`). Every quantity is read from the ledger:
 *
 * - quantity: what VESSEL(voyage, consignment) gave ON_BOARD, net (the BL quantity plus the approved out-turn
 *   excess, less a shortage): minus the VESSEL account's balance;
 * - remaining: the ON_BOARD(voyage, consignment) balance;
 * - loaded: quantity - remaining. ON_BOARD moves only against VESSEL (BLs, out-turns) and IN_TRANSIT (loading
 *   slips), so what left it other than to VESSEL left on loading slips (live ones: a reversed slip gave it back);
 * - in transit: the IN_TRANSIT balances of the loading slips' trips (`trips.kind` 'loadingSlip': a warehouse out's
 *   trip carries the cargo's voyage too, and is not the vessel's);
 * - delivered: received at a place from those trips = loaded - in transit - transit loss (the TRANSIT_LOSS balances
 *   of the same trips), since a slip's trip gives only to ON_HAND (receipts) and TRANSIT_LOSS.
 *
 * The summary's figures per (voyage, consignment) come from the kept `ledger_voyage_figures` (the same sums of the
 * balances, written in each posting's statement: ledger/voyage-figures.ts), not from a scan of the accounts.
 *
 * Per slip (levels 1 to 3, where the destination matters): loaded = what the slip's live posting
 * (`loading_slips.ledger_transaction_id`, replaced on edit) put on its truck (the kept dispatch row of that posting
 * and trip), in transit and transit loss the trip's balances.
 *
 * Scope (spec 6): cargo on board and on trucks through its consignment's shipment manager and BL consignee (the
 * ledger's rule for VESSEL, ON_BOARD, IN_TRANSIT, TRANSIT_LOSS); port loadings also by their destination (as their
 * screens); loans and sales by their own rules (`loanScope`, `saleScope`).
 */

const t = (kg: bigint | string): string => kgToTonnes(BigInt(kg));
const lcPo = (alias: string) => sql.raw(`coalesce(${alias}.lc_number, ${alias}.po_number, '')`);

/** The consignment rule of cargo on consignments joined as `c`. */
function consignmentScope(scope: DataScope): SQL {
  return consignmentCondition(scope, { shipmentManager: sql`c.shipment_manager_id`, blConsignee: sql`c.bl_consignee_id` }) ?? sql`true`;
}

/** A port loading (`pl`, its consignment `c`) as its screens scope it: the consignment's parties and the destination. */
function portLoadingScope(scope: DataScope): SQL {
  return and(consignmentScope(scope), scopeCondition(scope, { location: sql`pl.to_location_id` })) ?? sql`true`;
}

/** The chart's short label: the vessel's name cut to 12 characters, and the voyage number. */
export function shortVesselName(vesselName: string, voyageNumber: string): string {
  const name = vesselName.length > 12 ? `${vesselName.slice(0, 11)}…` : vesselName;
  return `${name} ${voyageNumber}`;
}

const vesselVoyage = (vesselName: string, voyageNumber: string) => `${vesselName} / ${voyageNumber}`;

// -------------------------------------------------------------------------------------------------------------
// Summary

export interface VesselStatsFilters {
  voyageId?: number | undefined;
  consignmentId?: number | undefined;
  consigneeId?: number | undefined;
  smIds?: readonly number[] | undefined;
  cargoId?: number | undefined;
}

interface PairRow {
  voyage_id: number;
  consignment_id: number;
  vessel_id: number;
  vessel_name: string;
  voyage_number: string;
  lc_po: string;
  port: string;
  quantity_kg: string;
  remaining_kg: string;
  in_transit_kg: string;
  loss_kg: string;
}

function idIn(column: SQL, ids: readonly number[]): SQL {
  return ids.length === 0 ? sql`false` : sql`${column} in (${idItems(ids)})`;
}

/**
 * The ledger's figures per (voyage, consignment): VESSEL given, ON_BOARD left, the slips' trips in transit and lost,
 * read from the kept per-voyage figures (`ledger_voyage_figures`, written in each posting's statement; the rule,
 * including the trips of other kinds left out, in ledger/voyage-figures.ts): one row per pair instead of every
 * account of the voyage's cargo. `where` picks rows of `f` (voyage_id, consignment_id); `consignments` restricts
 * the pairs early: a subquery of consignment ids (the scope and the filters).
 */
function pairFigures(agencyId: number, where: SQL, consignments?: SQL): SQL {
  const pick = consignments ? sql` and f.consignment_id in (${consignments})` : sql``;
  return sql`select f.voyage_id, f.consignment_id, f.quantity_kg, f.remaining_kg, f.in_transit_kg, f.loss_kg
      from ledger_voyage_figures f
      where f.agency_id = ${agencyId}::integer and ${where}${pick}`;
}

/** `get-vessel-stats`: a row per voyage and LC/PO with cargo, the totals and the chart of loaded versus remaining per voyage. */
export async function vesselStats(tx: Db, params: { agencyId: number; scope: DataScope; filters: VesselStatsFilters }): Promise<TVesselStats> {
  const f = params.filters;
  const pairFilters: SQL[] = [sql`true`];
  if (f.voyageId !== undefined) pairFilters.push(sql`f.voyage_id = ${f.voyageId}::integer`);
  if (f.consignmentId !== undefined) pairFilters.push(sql`f.consignment_id = ${f.consignmentId}::integer`);
  const consignmentFilters: SQL[] = [consignmentScope(params.scope)];
  if (f.consigneeId !== undefined) consignmentFilters.push(sql`c.bl_consignee_id = ${f.consigneeId}::integer`);
  if (f.smIds !== undefined) consignmentFilters.push(idIn(sql`c.shipment_manager_id`, f.smIds));
  if (f.cargoId !== undefined) consignmentFilters.push(sql`c.cargo_type_id = ${f.cargoId}::integer`);
  const rows = await queryRows<PairRow>(
    tx,
    sql`with pairs as (${pairFigures(
      params.agencyId,
      sql.join(pairFilters, sql` and `),
      sql`select c.id from consignments c where ${sql.join(consignmentFilters, sql` and `)}`,
    )})
        select p.voyage_id, p.consignment_id, v.vessel_id, ve.name as vessel_name, v.voyage_number, ${lcPo('c')} as lc_po, po.name as port,
               p.quantity_kg::text as quantity_kg, p.remaining_kg::text as remaining_kg, p.in_transit_kg::text as in_transit_kg, p.loss_kg::text as loss_kg
        from pairs p
        join consignments c on c.id = p.consignment_id
        join voyages v on v.id = p.voyage_id
        join vessels ve on ve.id = v.vessel_id
        join ports po on po.id = v.port_id
        where (p.quantity_kg <> 0 or p.remaining_kg <> 0 or p.in_transit_kg <> 0) and ${sql.join(consignmentFilters, sql` and `)}
        order by v.arrival_date desc nulls last, v.id desc, lc_po, p.consignment_id`,
  );
  const totals = { quantity: 0n, loaded: 0n, inTransit: 0n, delivered: 0n, remaining: 0n };
  const chart = new Map<number, TVesselChartRow & { loadedKg: bigint; remainingKg: bigint }>();
  const out: TVesselStatsRow[] = rows.map((row) => {
    const quantity = BigInt(row.quantity_kg);
    const remaining = BigInt(row.remaining_kg);
    const inTransit = BigInt(row.in_transit_kg);
    const loaded = quantity - remaining;
    const delivered = loaded - inTransit - BigInt(row.loss_kg);
    totals.quantity += quantity;
    totals.loaded += loaded;
    totals.inTransit += inTransit;
    totals.delivered += delivered;
    totals.remaining += remaining;
    const voyageId = Number(row.voyage_id);
    const short = shortVesselName(row.vessel_name, row.voyage_number);
    const bar = chart.get(voyageId) ?? {
      voyageId,
      vesselVoyage: vesselVoyage(row.vessel_name, row.voyage_number),
      shortVesselName: short,
      totalLoadedQuantity: '',
      totalRemainingQuantity: '',
      loadedKg: 0n,
      remainingKg: 0n,
    };
    bar.loadedKg += loaded;
    bar.remainingKg += remaining;
    chart.set(voyageId, bar);
    return {
      vesselVoyage: vesselVoyage(row.vessel_name, row.voyage_number),
      voyageId,
      vesselId: Number(row.vessel_id),
      consignmentId: Number(row.consignment_id),
      LCPONumber: row.lc_po,
      port: row.port,
      quantity: t(quantity),
      loadedQuantity: t(loaded),
      inTransitQuantity: t(inTransit),
      dlvQuantity: t(delivered),
      remainingQuantity: t(remaining),
      shortVesselName: short,
    };
  });
  return {
    rows: out,
    chartData: [...chart.values()].map(({ loadedKg, remainingKg, ...bar }) => ({ ...bar, totalLoadedQuantity: t(loadedKg), totalRemainingQuantity: t(remainingKg) })),
    totals: {
      quantity: t(totals.quantity),
      loadedQuantity: t(totals.loaded),
      inTransitQuantity: t(totals.inTransit),
      dlvQuantity: t(totals.delivered),
      remainingQuantity: t(totals.remaining),
    },
  };
}

// -------------------------------------------------------------------------------------------------------------
// Per slip: loaded, in transit, lost (delivered = loaded - in transit - lost)

/**
 * The live loading slips of the port loadings `pl` (joined with consignment `c`) of voyage `voyageId` that `where`
 * picks, with the ledger's figures of each: loaded (what its live posting, `loading_slips.ledger_transaction_id`,
 * replaced on edit, put on the slip's truck: the kept dispatch rows of that posting and trip, ledger/trip-stats.ts,
 * one probe of their key per slip), in transit and lost (its trip's balances). A port loading's voyage is its BL's.
 *
 * `balances` says how the trips' balances are read: 'voyage' reads the voyage's trucks and losses with a balance once,
 * in one range of the covering pair index, and joins them by trip and LC/PO (the vessel detail: every slip of a busy
 * voyage, some 4,000); 'trip' probes the same index once per slip (one port loading's few hundred slips: cheaper than
 * the voyage's range); 'none' when only loaded is wanted. Reading each slip's posting entries and accounts, and
 * probing each trip one by one, took 60-90 ms of a busy voyage's detail; this reads a third of the buffers.
 */
function slipFigures(agencyId: number, voyageId: number, where: SQL, balances: 'voyage' | 'trip' | 'none'): SQL {
  const balanceSums = sql`sum(ta.balance_kg) filter (where ta.kind = 'IN_TRANSIT') as in_transit_kg, sum(ta.balance_kg) filter (where ta.kind = 'TRANSIT_LOSS') as loss_kg`;
  const read = {
    voyage: sql`left join (select ta.trip_id, ta.consignment_id, ${balanceSums}
          from ledger_accounts ta
          where ta.agency_id = ${agencyId}::integer and ta.voyage_id = ${voyageId}::integer and ta.kind in ('IN_TRANSIT', 'TRANSIT_LOSS') and ta.balance_kg <> 0
          group by ta.trip_id, ta.consignment_id) tb on tb.trip_id = ls.trip_id and tb.consignment_id = pl.consignment_id`,
    trip: sql`left join lateral (select ${balanceSums}
          from ledger_accounts ta
          where ta.agency_id = ${agencyId}::integer and ta.voyage_id = ${voyageId}::integer and ta.consignment_id = pl.consignment_id
            and ta.trip_id = ls.trip_id and ta.kind in ('IN_TRANSIT', 'TRANSIT_LOSS') and ta.balance_kg <> 0) tb on true`,
    none: sql`cross join (select null::bigint as in_transit_kg, null::bigint as loss_kg) tb`,
  }[balances];
  return sql`select ls.id as slip_id, ls.trip_id, ls.truck_id, pl.id as port_loading_id,
        coalesce(ld.kg, 0) as loaded_kg, coalesce(tb.in_transit_kg, 0) as in_transit_kg, coalesce(tb.loss_kg, 0) as loss_kg
      from loading_slips ls
      join port_loadings pl on pl.id = ls.port_loading_id
      join consignments c on c.id = pl.consignment_id
      left join lateral (select sum(d.kg) as kg from ledger_trip_dispatches d
          where d.transaction_id = ls.ledger_transaction_id and d.trip_id = ls.trip_id and d.agency_id = ${agencyId}::integer) ld on true
      ${read}
      where ls.status = 'Active' and pl.voyage_id = ${voyageId}::integer and ${where}`;
}

// -------------------------------------------------------------------------------------------------------------
// Level 1: the vessel detail

interface ShipmentRow {
  shipment_id: number;
  consignment_id: number;
  bl_number: string;
  lc_po: string;
  bl_consignee_id: number;
  bl_consignee: string;
  cargo_type: string;
  bl_kg: string;
  quantity_kg: string;
  remaining_kg: string;
  loan_kg: string;
  returned_kg: string;
  sale_kg: string;
  planned_others_kg: string;
  unplanned_loans_kg: string;
}

interface DestinationRow {
  destination: 'warehouse' | 'delivery';
  loaded_kg: string;
  in_transit_kg: string;
  loss_kg: string;
}

/** `get-vessel-detail`: the voyage's nine stat cards and the out-turn difference, and its BLs (the LC table). */
export async function vesselDetail(tx: Db, params: { agencyId: number; scope: DataScope; vesselId: number; voyageId: number }): Promise<TVesselDetail> {
  const { agencyId, scope, voyageId } = params;
  const [voyage] = await queryRows<{ id: number }>(tx, sql`select id from voyages where id = ${voyageId}::integer and vessel_id = ${params.vesselId}::integer`);
  if (!voyage) throw notFound();
  const loanWhere = loanScope(scope) ?? sql`true`;
  const saleWhere = saleScope(scope) ?? sql`true`;
  // The voyage's BLs in scope, with the ledger's figures of their (voyage, consignment) and the records' loans and sales.
  const shipments = await queryRows<ShipmentRow>(
    tx,
    sql`with pairs as (${pairFigures(agencyId, sql`f.voyage_id = ${voyageId}::integer`)}),
        bls as (
          select s.id as shipment_id, s.consignment_id, s.bl_number, ${lcPo('c')} as lc_po, s.bl_consignee_id, co.name as bl_consignee, ct.name as cargo_type,
                 s.bl_quantity_kg, coalesce(p.quantity_kg, 0) as quantity_kg, coalesce(p.remaining_kg, 0) as remaining_kg
          from shipments s
          join consignments c on c.id = s.consignment_id
          join companies co on co.id = s.bl_consignee_id
          join cargo_types ct on ct.id = c.cargo_type_id
          left join pairs p on p.consignment_id = s.consignment_id
          where s.voyage_id = ${voyageId}::integer and s.status = 'Active' and ${consignmentScope(scope)}),
        -- The voyage's live loans (in a warehouse, at a consignee's site or on board) and their live returns, and its
        -- live sales, per LC/PO: one pass over each table.
        loan_sums as (
          select consignee_to_shipment_manager_loans.consignment_id, sum(consignee_to_shipment_manager_loans.quantity_kg) as issued_kg,
                 sum((select coalesce(sum(r.quantity_kg), 0) from loan_returns r where r.loan_id = consignee_to_shipment_manager_loans.id and r.status = 'Active')) as returned_kg
          from consignee_to_shipment_manager_loans
          where consignee_to_shipment_manager_loans.voyage_id = ${voyageId}::integer and consignee_to_shipment_manager_loans.status = 'Active' and ${loanWhere}
          group by 1),
        sale_sums as (
          select consignee_to_customer_sales.consignment_id, sum(consignee_to_customer_sales.quantity_kg) as sale_kg
          from consignee_to_customer_sales
          where consignee_to_customer_sales.voyage_id = ${voyageId}::integer and consignee_to_customer_sales.status = 'Active' and ${saleWhere}
          group by 1)
        select b.shipment_id, b.consignment_id, b.bl_number, b.lc_po, b.bl_consignee_id, b.bl_consignee, b.cargo_type,
               b.bl_quantity_kg::text as bl_kg, b.quantity_kg::text as quantity_kg, b.remaining_kg::text as remaining_kg,
               coalesce(ln.issued_kg, 0)::text as loan_kg, coalesce(ln.returned_kg, 0)::text as returned_kg, coalesce(sa.sale_kg, 0)::text as sale_kg,
               (select coalesce(sum(greatest(0, pl.quantity_kg - coalesce((select sum(ls.quantity_kg) from loading_slips ls where ls.port_loading_id = pl.id and ls.status = 'Active'), 0))), 0)
                 from port_loadings pl where pl.shipment_id = b.shipment_id and pl.status = 'Active' and pl.owner_company_id <> b.bl_consignee_id)::text as planned_others_kg,
               (select coalesce(sum(greatest(0, l.quantity_kg - coalesce((select sum(lp.quantity_kg) from port_loadings lp where lp.loan_id = l.id and lp.status = 'Active'), 0))), 0)
                 from consignee_to_shipment_manager_loans l where l.shipment_id = b.shipment_id and l.status = 'Active')::text as unplanned_loans_kg
        from bls b
        left join loan_sums ln on ln.consignment_id = b.consignment_id
        left join sale_sums sa on sa.consignment_id = b.consignment_id
        order by b.bl_number, b.shipment_id`,
  );
  // The live slips of the voyage's port loadings in scope, by kind of destination.
  const destinations = await queryRows<DestinationRow>(
    tx,
    sql`with slips as (${slipFigures(agencyId, voyageId, consignmentScope(scope), 'voyage')})
        select case when pl.transportation_type = 'warehouse' then 'warehouse' else 'delivery' end as destination,
               sum(s.loaded_kg)::text as loaded_kg, sum(s.in_transit_kg)::text as in_transit_kg, sum(s.loss_kg)::text as loss_kg
        from slips s join port_loadings pl on pl.id = s.port_loading_id
        group by 1`,
  );
  const kg = (value: string | undefined) => BigInt(value ?? '0');
  const byDestination = (destination: DestinationRow['destination']) => {
    const row = destinations.find((d) => d.destination === destination);
    const loaded = kg(row?.loaded_kg);
    const inTransit = kg(row?.in_transit_kg);
    return { loaded, inTransit, delivered: loaded - inTransit - kg(row?.loss_kg) };
  };
  const warehouse = byDestination('warehouse');
  const delivery = byDestination('delivery');
  const sum = { quantity: 0n, remaining: 0n, bl: 0n, loan: 0n, returned: 0n };
  const rows: TVesselLcRow[] = shipments.map((s) => {
    const quantity = kg(s.quantity_kg);
    const remaining = kg(s.remaining_kg);
    const bl = kg(s.bl_kg);
    sum.quantity += quantity;
    sum.remaining += remaining;
    sum.bl += bl;
    sum.loan += kg(s.loan_kg);
    sum.returned += kg(s.returned_kg);
    const planned = kg(s.planned_others_kg) + kg(s.unplanned_loans_kg);
    const toOthers = planned < remaining ? planned : remaining;
    return {
      shipmentId: Number(s.shipment_id),
      consignmentId: Number(s.consignment_id),
      blNumber: s.bl_number,
      LCPONumber: s.lc_po,
      blConsignee: s.bl_consignee,
      blConsigneeId: Number(s.bl_consignee_id),
      cargoType: s.cargo_type,
      quantity: t(quantity),
      excessShortage: t(quantity - bl),
      discharged: t(quantity - remaining),
      loanIssued: t(s.loan_kg),
      loanReturned: t(s.returned_kg),
      customerSale: t(s.sale_kg),
      toBlConsignee: t(remaining - toOthers),
      toNonBlConsignee: t(toOthers),
    };
  });
  return {
    stats: {
      totalVesselQuantity: t(sum.quantity),
      totalQuantityOnBoard: t(sum.remaining),
      totalQuantityLoaded: t(sum.quantity - sum.remaining),
      totalQuantityDD: t(delivery.delivered),
      totalQuantityWarehouse: t(warehouse.delivered),
      totalQuantityInTransit: t(delivery.inTransit + warehouse.inTransit),
      totalDirectDeliveredInTransit: t(delivery.inTransit),
      totalWarehouseDeliveredInTransit: t(warehouse.inTransit),
      totalLoanQuantity: t(sum.loan),
      totalLoanReturnedQuantity: t(sum.returned),
      totalDifferenceQuantity: t(sum.quantity - sum.bl),
    },
    rows,
  };
}

// -------------------------------------------------------------------------------------------------------------
// Level 2: a BL's port loadings

interface PortLoadingRow {
  id: number;
  port_id: number;
  port: string;
  lc_po: string;
  to_company: string;
  to_location: string;
  transportation_type: string;
  quantity_kg: string;
  loaded_kg: string;
  trips: number;
}

/** `get-lc-detail`: the live port loadings of a BL (to its BL consignee, to others, or all), issued, loaded and left. */
export async function lcDetail(tx: Db, params: { agencyId: number; scope: DataScope; shipmentId: number; consignmentId: number; type: LcDetailType }): Promise<TLcDetail> {
  const { agencyId, scope } = params;
  const [shipment] = await queryRows<{ id: number; voyage_id: number }>(
    tx,
    sql`select s.id, s.voyage_id from shipments s join consignments c on c.id = s.consignment_id
        where s.id = ${params.shipmentId}::integer and s.consignment_id = ${params.consignmentId}::integer and ${consignmentScope(scope)}`,
  );
  if (!shipment) throw notFound();
  const typeWhere =
    params.type === 'blConsignee' ? sql`pl.owner_company_id = s.bl_consignee_id` : params.type === 'nonBlConsignee' ? sql`pl.owner_company_id <> s.bl_consignee_id` : sql`true`;
  const rows = await queryRows<PortLoadingRow>(
    tx,
    sql`with slips as (${slipFigures(agencyId, Number(shipment.voyage_id), sql`pl.shipment_id = ${params.shipmentId}::integer`, 'none')})
        select pl.id, pl.port_id, po.name as port, ${lcPo('c')} as lc_po, co.name as to_company, lo.name as to_location, pl.transportation_type,
               pl.quantity_kg::text as quantity_kg,
               coalesce((select sum(sl.loaded_kg) from slips sl where sl.port_loading_id = pl.id), 0)::text as loaded_kg,
               (select count(*) from slips sl where sl.port_loading_id = pl.id)::integer as trips
        from port_loadings pl
        join shipments s on s.id = pl.shipment_id
        join consignments c on c.id = pl.consignment_id
        join ports po on po.id = pl.port_id
        join companies co on co.id = pl.owner_company_id
        join locations lo on lo.id = pl.to_location_id
        where pl.shipment_id = ${params.shipmentId}::integer and pl.status = 'Active' and ${typeWhere} and ${portLoadingScope(scope)}
        order by pl.loading_date, pl.id`,
  );
  return {
    rows: rows.map((row) => {
      const issued = BigInt(row.quantity_kg);
      const loaded = BigInt(row.loaded_kg);
      return {
        cargoLoadingOutId: Number(row.id),
        portId: Number(row.port_id),
        port: row.port,
        toLCPONumber: row.lc_po,
        toCompany: row.to_company,
        toLocation: row.to_location,
        transportationType: row.transportation_type,
        issuedQuantity: t(issued),
        loadedQuantity: t(loaded),
        trips: Number(row.trips),
        remainingQuantity: t(issued - loaded),
      };
    }),
  };
}

// -------------------------------------------------------------------------------------------------------------
// Level 3: a port loading's destinations and transporters

interface FigureRow {
  id: number;
  name: string;
  loaded_kg: string;
  in_transit_kg: string;
  loss_kg: string;
  trips: number;
}

const figures = (row: FigureRow) => {
  const loaded = BigInt(row.loaded_kg);
  const inTransit = BigInt(row.in_transit_kg);
  return { loadedQuantity: t(loaded), trips: Number(row.trips), deliveredQuantity: t(loaded - inTransit - BigInt(row.loss_kg)), inTransitQuantity: t(inTransit) };
};

/** `get-port-detail`: a port loading's loaded, delivered and in-transit cargo per destination and per transporter of its trucks. */
export async function portDetail(tx: Db, params: { agencyId: number; scope: DataScope; cargoLoadingOutId: number; portId: number }): Promise<TPortDetail> {
  const { agencyId, scope } = params;
  const [loading] = await queryRows<{ id: number; voyage_id: number }>(
    tx,
    sql`select pl.id, pl.voyage_id from port_loadings pl join consignments c on c.id = pl.consignment_id
        where pl.id = ${params.cargoLoadingOutId}::integer and pl.port_id = ${params.portId}::integer and ${portLoadingScope(scope)}`,
  );
  if (!loading) throw notFound();
  // The slips' figures once, then summed per destination and per transporter of their trucks: one statement.
  const sums = sql`sum(s.loaded_kg)::text as loaded_kg, sum(s.in_transit_kg)::text as in_transit_kg, sum(s.loss_kg)::text as loss_kg, count(*)::integer as trips`;
  const grouped = await queryRows<FigureRow & { part: 'destination' | 'transporter' }>(
    tx,
    sql`with slips as (${slipFigures(agencyId, Number(loading.voyage_id), sql`pl.id = ${params.cargoLoadingOutId}::integer`, 'trip')})
        select * from (
          select 'destination' as part, lo.id, lo.name, ${sums}
          from slips s join port_loadings pl on pl.id = s.port_loading_id join locations lo on lo.id = pl.to_location_id
          group by lo.id, lo.name
          union all
          select 'transporter' as part, tc.id, tc.name, ${sums}
          from slips s join trucks tk on tk.id = s.truck_id join companies tc on tc.id = tk.transporter_id
          group by tc.id, tc.name) g
        order by g.part, g.name, g.id`,
  );
  const destinations = grouped.filter((row) => row.part === 'destination');
  const transporters = grouped.filter((row) => row.part === 'transporter');
  return {
    rows: destinations.map((row) => ({ locationId: Number(row.id), location: row.name, ...figures(row) })),
    transporters: transporters.map((row) => ({ transporter: row.name, ...figures(row) })),
  };
}
