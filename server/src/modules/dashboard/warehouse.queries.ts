import {
  LOCATION_KIND_IDS,
  WAREHOUSE_MOVE_TYPES,
  kgToTonnes,
  tonnesToKg,
  type TConsigneeConsignments,
  type TSiloDetail,
  type TWarehouseDetail,
  type TWarehouseInQtyDetail,
  type TWarehouseOutQtyDetail,
  type TWarehouseSiloDetail,
  type TWarehouseSiloRow,
  type TWarehouseStats,
  type TWarehouseStatsRow,
  type TWarehouseTripsIn,
  type TWarehouseTripsOut,
  type TripListPosition,
  type WarehouseMoveType,
} from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../identity/data-scope';
import { accountScope, idList } from '../../ledger/ledger.scope';
import { inPlaceMoveType } from './move-types';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { afterListPosition, movementTotals, stockPositions, tripPostingOf, tripsIn, tripsOut, type DimensionFilter, type DimensionFilterValue, type Grouped, type MovementFigures, type Period, type PositionDimension, type TripPostingRow } from '../../ledger/ledger.queries';
import { queryRows, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/*
 * The Warehouse tab's reads (spec 2.13 "Warehouse tab", 3 "Warehouse rows", 7): every figure from the stock ledger
 * within the user's data scope. Stock on hand now is the read side's `stockPositions` (kept balances of ON_HAND
 * accounts at warehouses); trips are its `tripsIn` / `tripsOut` over the period; the moves by source or type,
 * the port's share and the trip lists read the ON_HAND entries of the period (`placeMoves` below, the same rule
 * as the read side's trips: no reversal, nothing reversed), classified by the posting's type. Business tables are
 * joined only for names, slip numbers, trucks and destinations.
 */

/** The filters of a warehouse call after parsing (contracts' WAREHOUSE_FILTER_SHAPE plus the silo of a panel). */
export interface WarehouseFilters {
  voyageId?: number | undefined;
  bindingVoyageId?: number | undefined;
  consignmentId?: number | undefined;
  consigneeId?: number | undefined;
  smIds?: number[] | undefined;
  cargoId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  locationId?: number | undefined;
  siloIds?: number[] | undefined;
  openAreaOnly?: boolean | undefined;
  siloId?: number | undefined;
}

export interface WarehouseReader {
  tx: Db;
  agencyId: number;
  scope: DataScope;
}

/** What a query reads: the ON_HAND filter (warehouses only), and the period as instants. */
interface Resolved {
  filter: DimensionFilter<PositionDimension>;
  period: Period | undefined;
}

const OPEN_AREA = { en: 'Open Area', ar: 'ساحة مفتوحة' } as const;

const kg = (text: string | number | bigint | null | undefined): bigint => (text === null || text === undefined ? 0n : BigInt(text));

/** The agency's warehouses (locations of the warehouse kind), or the one asked for when it is one. */
async function warehouseIds(r: WarehouseReader, locationId: number | undefined): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    r.tx,
    sql`select id from locations where agency_id = ${r.agencyId}::integer and location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer
        ${locationId === undefined ? sql`` : sql`and id = ${locationId}::integer`}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The owners of shipment managers' stock: the managers themselves and the companies under them. */
async function ownersOfManagers(r: WarehouseReader, smIds: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    r.tx,
    sql`select id from companies where agency_id = ${r.agencyId}::integer and (id in ${idList(smIds)} or shipment_manager_id in ${idList(smIds)})`,
  );
  return rows.map((row) => Number(row.id));
}

/** The period's days (agency time zone, both inclusive) as the half-open instants of the ledger's business time. */
async function periodOf(r: WarehouseReader, q: WarehouseFilters): Promise<Period | undefined> {
  if (q.fromDate === undefined && q.toDate === undefined) return undefined;
  const [row] = await queryRows<{ from_at: string | Date | null; to_at: string | Date | null; from_day: string | null; to_day: string | null }>(
    r.tx,
    sql`select (${q.fromDate ?? null}::date::timestamp at time zone a.timezone) as from_at,
               ((${q.toDate ?? null}::date + 1)::timestamp at time zone a.timezone) as to_at,
               ${q.fromDate ?? null}::date::text as from_day, ${q.toDate ?? null}::date::text as to_day
        from agencies a where a.id = ${r.agencyId}::integer`,
  );
  const at = (value: string | Date | null | undefined) => (value === null || value === undefined ? undefined : new Date(value));
  const from = at(row?.from_at);
  const to = at(row?.to_at);
  // The same days, for the kept movement counters (ledger.queries `movementTotals`).
  const days = { ...(row?.from_day ? { from: row.from_day } : {}), ...(row?.to_day ? { to: row.to_day } : {}) };
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), days };
}

/** The ledger filter of the warehouse filters: warehouses only, the silos, the owner, the cargo's keys. */
export async function resolveFilters(r: WarehouseReader, q: WarehouseFilters): Promise<Resolved> {
  const filter: DimensionFilter<PositionDimension> = { locationId: await warehouseIds(r, q.locationId) };
  let silo: DimensionFilterValue | undefined;
  if (q.siloIds !== undefined && q.siloIds.length > 0) silo = q.siloIds;
  if (q.openAreaOnly === true) silo = null;
  if (q.siloId !== undefined) silo = silo === undefined || (Array.isArray(silo) && silo.includes(q.siloId)) ? q.siloId : [];
  if (silo !== undefined) filter.siloId = silo;
  let owners: number[] | undefined;
  if (q.smIds !== undefined && q.smIds.length > 0) owners = await ownersOfManagers(r, q.smIds);
  if (q.consigneeId !== undefined) owners = owners === undefined || owners.includes(q.consigneeId) ? [q.consigneeId] : [];
  if (owners !== undefined) filter.ownerCompanyId = owners;
  if (q.voyageId !== undefined) filter.voyageId = q.voyageId;
  if (q.bindingVoyageId !== undefined) filter.attachedVoyageId = q.bindingVoyageId;
  if (q.consignmentId !== undefined) filter.consignmentId = q.consignmentId;
  if (q.cargoId !== undefined) filter.cargoTypeId = q.cargoId;
  return { filter, period: await periodOf(r, q) };
}

// ---------------------------------------------------------------------------------------------------------------
// Names.

async function namesOf(r: WarehouseReader, table: 'locations' | 'cargo_types' | 'silos', ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(r.tx, sql`select id, name from ${sql.identifier(table)} where agency_id = ${r.agencyId}::integer and id in ${idList(list)}`);
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

async function companiesOf(r: WarehouseReader, ids: Iterable<number | null>): Promise<Map<number, { name: string; isShipmentManager: boolean }>> {
  const list = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; sm: boolean }>(
    r.tx,
    sql`select id, name, company_type_id = 5 as sm from companies where agency_id = ${r.agencyId}::integer and id in ${idList(list)}`,
  );
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, isShipmentManager: row.sm === true }]));
}

interface ConsignmentInfo {
  LCPONumber: string;
  refNumber: string;
}

async function consignmentsOf(r: WarehouseReader, ids: Iterable<number | null>): Promise<Map<number, ConsignmentInfo>> {
  const list = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ id: number; lcpo: string; ref: string }>(
    r.tx,
    sql`select id, coalesce(lc_number, po_number, '') as lcpo, coalesce(ref_number, '') as ref from consignments where agency_id = ${r.agencyId}::integer and id in ${idList(list)}`,
  );
  return new Map(rows.map((row) => [Number(row.id), { LCPONumber: row.lcpo, refNumber: row.ref }]));
}

async function voyagesOf(r: WarehouseReader, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    r.tx,
    sql`select v.id, coalesce(vs.name, '') || ' / ' || v.voyage_number as name from voyages v left join vessels vs on vs.id = v.vessel_id
        where v.agency_id = ${r.agencyId}::integer and v.id in ${idList(list)}`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

// ---------------------------------------------------------------------------------------------------------------
// The moves of the period: ON_HAND entries at the filtered positions, with the truck of a trip and the move's type.

/** The position's account in the moves' SQL: `ledger_accounts a` (an alias renders as its name alone). */
const a = alias(ledgerAccounts, 'a');

/** The conditions on the position's account `a` (agency, ON_HAND, filter, the user's scope). */
function positionWhere(r: WarehouseReader, filter: DimensionFilter<PositionDimension>): SQL {
  const conditions: SQL[] = [sql`a.agency_id = ${r.agencyId}::integer`, sql`a.kind = 'ON_HAND'`];
  for (const [dimension, value] of Object.entries(filter) as [PositionDimension, DimensionFilterValue | undefined][]) {
    if (value === undefined) continue;
    const values: readonly (number | null)[] = Array.isArray(value) ? value : [value];
    const ids = values.filter((v): v is number => v !== null);
    const alternatives: SQL[] = [];
    if (ids.length > 0) alternatives.push(sql`${a[dimension]} in ${idList(ids)}`);
    if (values.includes(null)) alternatives.push(sql`${a[dimension]} is null`);
    conditions.push(alternatives.length === 0 ? sql`false` : sql`(${sql.join(alternatives, sql` or `)})`);
  }
  // The ledger's own scope rule, on the alias's columns.
  const scoped = accountScope(a, 'ON_HAND', r.scope);
  if (scoped) conditions.push(scoped);
  return sql.join(conditions, sql` and `);
}


interface MoveRow extends Record<string, unknown> {
  entry_id: number;
  transaction_id: number;
  posting_type: string;
  source_table: string;
  source_id: number;
  at: string | Date;
  kg: string;
  location_id: number;
  silo_id: number | null;
  owner_company_id: number;
  consignment_id: number;
  cargo_type_id: number;
  voyage_id: number;
  trip_id: number | null;
  from_port: boolean;
  slip_source: string | null;
}

export interface Move {
  entryId: number;
  transactionId: number;
  postingType: string;
  sourceTable: string;
  sourceId: number;
  at: Date;
  /** Signed kilograms of the position: positive in, negative out. */
  kg: bigint;
  locationId: number;
  siloId: number | null;
  ownerCompanyId: number;
  consignmentId: number;
  cargoTypeId: number;
  voyageId: number;
  tripId: number | null;
  type: WarehouseMoveType;
}

/** Which kind of move an entry is (see WAREHOUSE_MOVE_TYPES): by truck origin, transfer slip kind, or posting type. */
function moveType(row: MoveRow, kgValue: bigint): WarehouseMoveType {
  if (row.trip_id !== null) {
    if (kgValue > 0n) {
      if (row.from_port) return 'port';
      const source = row.slip_source;
      return source !== null && source !== 'warehouseTransfer' && (WAREHOUSE_MOVE_TYPES as readonly string[]).includes(source) ? (source as WarehouseMoveType) : 'warehouseTransfer';
    }
    if (row.posting_type === 'transferSlip') {
      const source = row.slip_source;
      return source !== null && (WAREHOUSE_MOVE_TYPES as readonly string[]).includes(source) ? (source as WarehouseMoveType) : 'warehouseTransfer';
    }
    return 'warehouseOut';
  }
  return inPlaceMoveType(row.posting_type);
}

/**
 * Every quantity entry of the period on the filtered ON_HAND positions (reversals and reversed postings left out,
 * as the read side's trips), with the trip of a truck (the IN_TRANSIT account on the other side of the same
 * posting), whether that truck was loaded at the port (its account's load came in a port loading), and the kind
 * of its transfer slip. Indexes: the positions by `ledger_accounts_location_idx`, their entries by
 * `ledger_entries_account_idx`, the posting's truck by `ledger_entries_transaction_idx`, the truck's load again
 * by `ledger_entries_account_idx`, the slip by `transfer_slips_trip_unique`.
 */
function movesCte(r: WarehouseReader, resolved: Resolved, options: { direction?: 'in' | 'out' }): SQL {
  const conditions: SQL[] = [positionWhere(r, resolved.filter), sql`e.quantity_kg <> 0`, sql`t.reverses_id is null`, sql`not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)`];
  if (options.direction === 'in') conditions.push(sql`e.quantity_kg > 0`);
  if (options.direction === 'out') conditions.push(sql`e.quantity_kg < 0`);
  if (resolved.period?.from) conditions.push(sql`t.created_at >= ${resolved.period.from.toISOString()}::timestamptz`);
  if (resolved.period?.to) conditions.push(sql`t.created_at < ${resolved.period.to.toISOString()}::timestamptz`);
  return sql`with moves as (
          select e.id as entry_id, t.id as transaction_id, t.type as posting_type, t.source_table, t.source_id, t.created_at as at, e.quantity_kg::text as kg,
                 a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, truck.account_id as truck_account_id, truck.trip_id
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          left join lateral (
            select ta.id as account_id, ta.trip_id from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
             where te.transaction_id = e.transaction_id and sign(te.quantity_kg) = -sign(e.quantity_kg)
             order by ta.trip_id limit 1) truck on true
          where ${sql.join(conditions, sql` and `)})`;
}

/** Whether the truck of move `m` took its load at the port (its IN_TRANSIT account's load came in a port loading). */
const FROM_PORT = sql`(m.truck_account_id is not null and exists (select 1 from ledger_entries pe
                  join ledger_transactions pt on pt.id = pe.transaction_id and pt.type = 'portLoading'
                  where pe.account_id = m.truck_account_id and pe.quantity_kg > 0))`;

/** The moves of `movesCte`, one per entry, oldest first, each with its type (WAREHOUSE_MOVE_TYPES). */
export async function placeMoves(r: WarehouseReader, resolved: Resolved, options: { direction?: 'in' | 'out' } = {}): Promise<Move[]> {
  const rows = await queryRows<MoveRow>(
    r.tx,
    sql`${movesCte(r, resolved, options)}
        select m.*, ${FROM_PORT} as from_port,
               (select ts.source_kind from transfer_slips ts where ts.trip_id = m.trip_id) as slip_source
        from moves m
        order by m.at, m.transaction_id, m.entry_id`,
  );
  return rows.map((row) => {
    const value = BigInt(row.kg);
    return {
      entryId: Number(row.entry_id),
      transactionId: Number(row.transaction_id),
      postingType: row.posting_type,
      sourceTable: row.source_table,
      sourceId: Number(row.source_id),
      at: new Date(row.at),
      kg: value,
      locationId: Number(row.location_id),
      siloId: row.silo_id === null ? null : Number(row.silo_id),
      ownerCompanyId: Number(row.owner_company_id),
      consignmentId: Number(row.consignment_id),
      cargoTypeId: Number(row.cargo_type_id),
      voyageId: Number(row.voyage_id),
      tripId: row.trip_id === null ? null : Number(row.trip_id),
      type: moveType(row, value),
    };
  });
}

/** The trips and moves of a group of positions over the period (see `placeTotals`). */
type PlaceTotals = MovementFigures;

/**
 * One pass over the period's entries of the filtered ON_HAND positions (the conditions of `movesCte`), grouped by
 * position dimensions: the trips in and out as the read side's `tripsIn` / `tripsOut` count them (distinct trips
 * of every truck on the other side of the posting; each entry's kilograms once), the in-trips whose truck was
 * loaded at the port (the first truck of the entry, as `placeMoves` types a move), and everything that came in or
 * went out. One statement instead of three scans of the same entries; the reversals are one hashed list. The port's
 * look-up (two index probes per in-move) only when asked (`port: false` leaves `portTrips` / `portKg` zero).
 */
async function placeTotals<G extends PositionDimension>(r: WarehouseReader, resolved: Resolved, groupBy: readonly G[], options: { port: boolean }): Promise<(Grouped<G> & PlaceTotals)[]> {
  // The kept movement counters give the same figures with one row per position and day (movementTotals); the entries
  // are read below only when the counters cannot answer exactly (several silos filtered together).
  const counted = await movementTotals(r.tx, { agencyId: r.agencyId, scope: r.scope, kind: 'ON_HAND', filter: resolved.filter, groupBy, ...(resolved.period ? { period: resolved.period } : {}) });
  if (counted) {
    return counted.map(({ group, ...totals }) => ({ ...group, ...totals, ...(options.port ? {} : { portTrips: 0, portKg: 0n }) }));
  }
  const conditions: SQL[] = [
    positionWhere(r, resolved.filter),
    sql`e.quantity_kg <> 0`,
    sql`t.reverses_id is null`,
    sql`t.id not in (select rv.reverses_id from ledger_transactions rv where rv.reverses_id is not null)`,
  ];
  if (resolved.period?.from) conditions.push(sql`t.created_at >= ${resolved.period.from.toISOString()}::timestamptz`);
  if (resolved.period?.to) conditions.push(sql`t.created_at < ${resolved.period.to.toISOString()}::timestamptz`);
  const columns = groupBy.map((d) => sql`${a[d]}::integer as ${sql.identifier(d)}`);
  const names = sql.join(
    groupBy.map((d) => sql.identifier(d)),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown> & { trips_in: number; trips_in_kg: string; trips_out: number; trips_out_kg: string; port_trips: number; port_kg: string; in_kg: string; out_kg: string }>(
    r.tx,
    sql`with m as (
          select ${sql.join(columns, sql`, `)}, e.quantity_kg as kg, ta.id as truck_account_id, ta.trip_id,
                 row_number() over (partition by e.id order by ta.trip_id) as nth
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          left join (ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT')
            on te.transaction_id = e.transaction_id and sign(te.quantity_kg) = -sign(e.quantity_kg)
          where ${sql.join(conditions, sql` and `)})
        select ${names},
               count(distinct m.trip_id) filter (where m.kg > 0)::integer as trips_in,
               coalesce(sum(m.kg) filter (where m.kg > 0 and m.nth = 1 and m.trip_id is not null), 0)::text as trips_in_kg,
               count(distinct m.trip_id) filter (where m.kg < 0)::integer as trips_out,
               coalesce(-sum(m.kg) filter (where m.kg < 0 and m.nth = 1 and m.trip_id is not null), 0)::text as trips_out_kg,
               count(distinct m.trip_id) filter (where port.loaded)::integer as port_trips,
               coalesce(sum(m.kg) filter (where port.loaded), 0)::text as port_kg,
               coalesce(sum(m.kg) filter (where m.kg > 0 and m.nth = 1), 0)::text as in_kg,
               coalesce(-sum(m.kg) filter (where m.kg < 0 and m.nth = 1), 0)::text as out_kg
        from m
        ${
          options.port
            ? sql`left join lateral (select true as loaded from ledger_entries pe
                  join ledger_transactions pt on pt.id = pe.transaction_id and pt.type = 'portLoading'
                  where m.kg > 0 and m.nth = 1 and pe.account_id = m.truck_account_id and pe.quantity_kg > 0 limit 1) port on true`
            : sql`cross join (select false as loaded) port`
        }
        group by ${names}`,
  );
  return rows.map((row) => {
    const group: Partial<Record<PositionDimension, number | null>> = {};
    for (const d of groupBy) group[d] = row[d] === null || row[d] === undefined ? null : Number(row[d]);
    return {
      ...(group as Grouped<G>),
      tripsIn: Number(row.trips_in),
      tripsInKg: BigInt(row.trips_in_kg),
      tripsOut: Number(row.trips_out),
      tripsOutKg: BigInt(row.trips_out_kg),
      portTrips: Number(row.port_trips),
      portKg: BigInt(row.port_kg),
      inKg: BigInt(row.in_kg),
      outKg: BigInt(row.out_kg),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// get-warehouse-stats

interface Acc {
  onHand: bigint;
  committed: bigint;
  port: bigint;
  portTrips: number;
  tripsIn: number;
  tripsInKg: bigint;
  tripsOut: number;
  tripsOutKg: bigint;
}
const emptyAcc = (): Acc => ({ onHand: 0n, committed: 0n, port: 0n, portTrips: 0, tripsIn: 0, tripsInKg: 0n, tripsOut: 0, tripsOutKg: 0n });

/** Summary rows per warehouse and cargo type, their totals and the pie chart of each warehouse's quantity. */
export async function warehouseStats(r: WarehouseReader, q: WarehouseFilters): Promise<TWarehouseStats> {
  const resolved = await resolveFilters(r, q);
  const groupBy = ['locationId', 'cargoTypeId'] as const;
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy });
  const totals = await placeTotals(r, resolved, groupBy, { port: true });
  const groups = new Map<string, { locationId: number; cargoTypeId: number; acc: Acc }>();
  const at = (locationId: number | null, cargoTypeId: number | null): Acc => {
    const key = `${String(locationId)}:${String(cargoTypeId)}`;
    let group = groups.get(key);
    if (!group) {
      group = { locationId: Number(locationId), cargoTypeId: Number(cargoTypeId), acc: emptyAcc() };
      groups.set(key, group);
    }
    return group.acc;
  };
  for (const p of positions) Object.assign(at(p.locationId, p.cargoTypeId), { onHand: p.onHandKg, committed: p.committedKg });
  for (const t of totals) {
    // A group the read side's trips would leave out (no trip of either direction) adds nothing but its port share (none then).
    if (t.tripsIn > 0) Object.assign(at(t.locationId, t.cargoTypeId), { tripsIn: t.tripsIn, tripsInKg: t.tripsInKg });
    if (t.tripsOut > 0) Object.assign(at(t.locationId, t.cargoTypeId), { tripsOut: t.tripsOut, tripsOutKg: t.tripsOutKg });
    if (t.portTrips > 0) Object.assign(at(t.locationId, t.cargoTypeId), { port: t.portKg, portTrips: t.portTrips });
  }
  const list = [...groups.values()];
  const locationNames = await namesOf(r, 'locations', list.map((g) => g.locationId));
  const cargoNames = await namesOf(r, 'cargo_types', list.map((g) => g.cargoTypeId));
  const rows: TWarehouseStatsRow[] = list
    .map(({ locationId, cargoTypeId, acc }) => ({
      locationId,
      name: locationNames.get(locationId) ?? '',
      cargoId: cargoTypeId,
      cargo: cargoNames.get(cargoTypeId) ?? '',
      quantity: kgToTonnes(acc.onHand),
      committedQty: kgToTonnes(acc.committed),
      usableQty: kgToTonnes(acc.onHand - acc.committed),
      portQuantity: kgToTonnes(acc.port),
      portTrips: acc.portTrips,
      tripsIn: acc.tripsIn,
      tripsInQty: kgToTonnes(acc.tripsInKg),
      tripsOut: acc.tripsOut,
      tripsOutQty: kgToTonnes(acc.tripsOutKg),
    }))
    .sort((a, b) => byName(a.name, b.name) || a.locationId - b.locationId || byName(a.cargo, b.cargo) || a.cargoId - b.cargoId);
  const sum = (pick: (acc: Acc) => bigint) => list.reduce((total, g) => total + pick(g.acc), 0n);
  const count = (pick: (acc: Acc) => number) => list.reduce((total, g) => total + pick(g.acc), 0);
  const onHand = sum((a) => a.onHand);
  const committed = sum((a) => a.committed);
  const perWarehouse = new Map<number, bigint>();
  for (const g of list) perWarehouse.set(g.locationId, (perWarehouse.get(g.locationId) ?? 0n) + g.acc.onHand);
  return {
    rows,
    totals: {
      quantity: kgToTonnes(onHand),
      committedQty: kgToTonnes(committed),
      usableQty: kgToTonnes(onHand - committed),
      portQuantity: kgToTonnes(sum((a) => a.port)),
      portTrips: count((a) => a.portTrips),
      tripsIn: count((a) => a.tripsIn),
      tripsInQty: kgToTonnes(sum((a) => a.tripsInKg)),
      tripsOut: count((a) => a.tripsOut),
      tripsOutQty: kgToTonnes(sum((a) => a.tripsOutKg)),
    },
    chartData: [...perWarehouse.entries()]
      .filter(([, value]) => value > 0n)
      .map(([locationId, value]) => ({ locationId, name: locationNames.get(locationId) ?? '', quantity: kgToTonnes(value) }))
      .sort((a, b) => byName(a.name, b.name) || a.locationId - b.locationId),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Warehouse and silo detail.

interface WarehouseRow {
  id: number;
  name: string;
  storageType: string;
}

/** The warehouse of a detail call, within the user's locations; 404 when it is none of theirs or no warehouse. */
async function warehouseOf(r: WarehouseReader, locationId: number): Promise<WarehouseRow> {
  const [row] = await queryRows<{ id: number; name: string; storage_type: string }>(
    r.tx,
    sql`select id, name, storage_type from locations where agency_id = ${r.agencyId}::integer and location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer and id = ${locationId}::integer`,
  );
  if (!row || (r.scope.locationIds !== null && !r.scope.locationIds.includes(Number(row.id)))) throw notFound();
  return { id: Number(row.id), name: row.name, storageType: row.storage_type };
}

const stock = (onHand: bigint, committed: bigint) => ({ quantity: kgToTonnes(onHand), committedQty: kgToTonnes(committed), usableQty: kgToTonnes(onHand - committed) });

/** The silos of a warehouse (all of them, also empty, within the silo filter) and the open area when it holds stock. */
async function siloRows(r: WarehouseReader, warehouse: WarehouseRow, resolved: Resolved, lang: 'en' | 'ar' = 'en'): Promise<TWarehouseSiloRow[]> {
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy: ['siloId'] });
  const silo = resolved.filter.siloId;
  const allowed = (id: number | null) => silo === undefined || (Array.isArray(silo) ? silo.includes(id) : silo === id);
  const silos = await queryRows<{ id: number; name: string; capacity: string | null }>(
    r.tx,
    sql`select id, name, capacity::text as capacity from silos where agency_id = ${r.agencyId}::integer and warehouse_id = ${warehouse.id}::integer order by name, id`,
  );
  const held = new Map(positions.map((p) => [p.siloId, p]));
  const rows: TWarehouseSiloRow[] = silos
    .filter((s) => allowed(Number(s.id)))
    .map((s) => {
      const p = held.get(Number(s.id));
      return { siloId: Number(s.id), name: s.name, capacity: s.capacity === null ? null : kgToTonnes(tonnesToKg(s.capacity)), ...stock(p?.onHandKg ?? 0n, p?.committedKg ?? 0n) };
    });
  const open = held.get(null);
  if (open) rows.push({ siloId: null, name: OPEN_AREA[lang], capacity: null, ...stock(open.onHandKg, open.committedKg) });
  return rows;
}

const isSiloType = (storageType: string) => storageType === 'silo' || storageType === 'both';

/** The consignee rows (owner and cargo type) of positions already read. */
async function consigneeRows<P extends { ownerCompanyId: number | null; cargoTypeId: number | null; onHandKg: bigint; committedKg: bigint }>(r: WarehouseReader, positions: P[]) {
  const owners = await companiesOf(r, positions.map((p) => p.ownerCompanyId));
  const cargoNames = await namesOf(r, 'cargo_types', positions.map((p) => p.cargoTypeId));
  return positions.map((p) => {
    const owner = owners.get(Number(p.ownerCompanyId));
    return {
      position: p,
      row: {
        consigneeId: Number(p.ownerCompanyId),
        consignee: owner?.name ?? '',
        isShipmentManager: owner?.isShipmentManager ?? false,
        cargoId: Number(p.cargoTypeId),
        cargo: cargoNames.get(Number(p.cargoTypeId)) ?? '',
        ...stock(p.onHandKg, p.committedKg),
      },
    };
  });
}

/** Consignees (stock owners) and cargo types with stock at the warehouse; silo table and chart for silo warehouses. */
export async function warehouseDetail(r: WarehouseReader, q: WarehouseFilters & { locationId: number }, lang: 'en' | 'ar' = 'en'): Promise<TWarehouseDetail> {
  const warehouse = await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy: ['ownerCompanyId', 'cargoTypeId'] });
  const consignees = (await consigneeRows(r, positions)).map((c) => c.row).sort((a, b) => byName(a.consignee, b.consignee) || a.consigneeId - b.consigneeId || byName(a.cargo, b.cargo));
  const onHand = positions.reduce((total, p) => total + p.onHandKg, 0n);
  const committed = positions.reduce((total, p) => total + p.committedKg, 0n);
  const silo = isSiloType(warehouse.storageType);
  const silos = silo ? await siloRows(r, warehouse, resolved, lang) : [];
  return {
    locationId: warehouse.id,
    name: warehouse.name,
    isSilo: silo,
    consignees,
    totals: stock(onHand, committed),
    silos,
    chartData: silos.map((s) => ({ siloId: s.siloId, name: s.name, quantity: s.quantity, capacity: s.capacity })),
  };
}

/** Per silo (and the open area): the silo rows, the consignees in each, the chart. */
export async function warehouseSiloDetail(r: WarehouseReader, q: WarehouseFilters & { locationId: number }, lang: 'en' | 'ar' = 'en'): Promise<TWarehouseSiloDetail> {
  const warehouse = await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  const silos = await siloRows(r, warehouse, resolved, lang);
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy: ['siloId', 'ownerCompanyId', 'cargoTypeId'] });
  const siloName = new Map(silos.map((s) => [s.siloId, s.name]));
  const missing = positions.filter((p) => p.siloId !== null && !siloName.has(p.siloId)).map((p) => p.siloId);
  for (const [id, name] of await namesOf(r, 'silos', missing)) siloName.set(id, name);
  const order = new Map(silos.map((s, index) => [s.siloId, index]));
  const consignees = (await consigneeRows(r, positions))
    .map(({ position, row }) => ({ ...row, siloId: position.siloId, silo: siloName.get(position.siloId) ?? OPEN_AREA[lang] }))
    .sort((a, b) => (order.get(a.siloId) ?? 1e9) - (order.get(b.siloId) ?? 1e9) || byName(a.consignee, b.consignee) || a.consigneeId - b.consigneeId || byName(a.cargo, b.cargo));
  return {
    locationId: warehouse.id,
    name: warehouse.name,
    silos,
    consignees,
    chartData: silos.map((s) => ({ siloId: s.siloId, name: s.name, quantity: s.quantity, capacity: s.capacity })),
  };
}

/** One silo (or 404 when it is not a silo of the warehouse) and the consignees with stock in it. */
export async function siloDetail(r: WarehouseReader, q: WarehouseFilters & { locationId: number; siloId: number }, lang: 'en' | 'ar' = 'en'): Promise<TSiloDetail> {
  const warehouse = await warehouseOf(r, q.locationId);
  const [exists] = await queryRows<{ id: number }>(r.tx, sql`select id from silos where agency_id = ${r.agencyId}::integer and warehouse_id = ${warehouse.id}::integer and id = ${q.siloId}::integer`);
  if (!exists) throw notFound();
  const resolved = await resolveFilters(r, q);
  const [silo] = (await siloRows(r, warehouse, resolved, lang)).filter((s) => s.siloId === q.siloId);
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy: ['ownerCompanyId', 'cargoTypeId'] });
  const consignees = (await consigneeRows(r, positions)).map((c) => c.row).sort((a, b) => byName(a.consignee, b.consignee) || a.consigneeId - b.consigneeId || byName(a.cargo, b.cargo));
  const held = positions.reduce((acc, p) => ({ onHand: acc.onHand + p.onHandKg, committed: acc.committed + p.committedKg }), { onHand: 0n, committed: 0n });
  const names = await namesOf(r, 'silos', [q.siloId]);
  return {
    silo: silo ?? { siloId: q.siloId, name: names.get(q.siloId) ?? '', capacity: null, ...stock(held.onHand, held.committed) },
    consignees,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A consignee's consignments at a warehouse.

/** Per consignment (and voyage and cargo type) of the consignee at the warehouse: on hand now, trips and moves of the period. */
export async function consigneeConsignments(r: WarehouseReader, q: WarehouseFilters & { locationId: number; consigneeId: number }): Promise<TConsigneeConsignments> {
  await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  const groupBy = ['consignmentId', 'voyageId', 'cargoTypeId'] as const;
  const positions = await stockPositions(r.tx, { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy });
  const totals = await placeTotals(r, resolved, groupBy, { port: false });
  interface Group {
    consignmentId: number;
    voyageId: number;
    cargoTypeId: number;
    onHand: bigint;
    committed: bigint;
    tripsIn: number;
    tripsInKg: bigint;
    tripsOut: number;
    tripsOutKg: bigint;
    inKg: bigint;
    outKg: bigint;
  }
  const groups = new Map<string, Group>();
  const at = (consignmentId: number | null, voyageId: number | null, cargoTypeId: number | null): Group => {
    const key = `${String(consignmentId)}:${String(voyageId)}:${String(cargoTypeId)}`;
    let group = groups.get(key);
    if (!group) {
      group = { consignmentId: Number(consignmentId), voyageId: Number(voyageId), cargoTypeId: Number(cargoTypeId), onHand: 0n, committed: 0n, tripsIn: 0, tripsInKg: 0n, tripsOut: 0, tripsOutKg: 0n, inKg: 0n, outKg: 0n };
      groups.set(key, group);
    }
    return group;
  };
  for (const p of positions) Object.assign(at(p.consignmentId, p.voyageId, p.cargoTypeId), { onHand: p.onHandKg, committed: p.committedKg });
  // Every group with a move of the period is a row, as every group with stock now.
  for (const t of totals) {
    Object.assign(at(t.consignmentId, t.voyageId, t.cargoTypeId), { tripsIn: t.tripsIn, tripsInKg: t.tripsInKg, tripsOut: t.tripsOut, tripsOutKg: t.tripsOutKg, inKg: t.inKg, outKg: t.outKg });
  }
  const list = [...groups.values()];
  const consignments = await consignmentsOf(r, list.map((g) => g.consignmentId));
  const voyages = await voyagesOf(r, list.map((g) => g.voyageId));
  const cargoNames = await namesOf(r, 'cargo_types', list.map((g) => g.cargoTypeId));
  const rows = list
    .map((g) => ({
      consignmentId: g.consignmentId,
      LCPONumber: consignments.get(g.consignmentId)?.LCPONumber ?? '',
      refNumber: consignments.get(g.consignmentId)?.refNumber ?? '',
      voyageId: g.voyageId,
      vesselVoyage: voyages.get(g.voyageId) ?? '',
      cargoId: g.cargoTypeId,
      cargo: cargoNames.get(g.cargoTypeId) ?? '',
      ...stock(g.onHand, g.committed),
      tripsIn: g.tripsIn,
      tripsInQty: kgToTonnes(g.tripsInKg),
      tripsOut: g.tripsOut,
      tripsOutQty: kgToTonnes(g.tripsOutKg),
      inQty: kgToTonnes(g.inKg),
      outQty: kgToTonnes(g.outKg),
    }))
    .sort((a, b) => byName(a.LCPONumber, b.LCPONumber) || a.consignmentId - b.consignmentId || byName(a.vesselVoyage, b.vesselVoyage) || byName(a.cargo, b.cargo));
  return { rows };
}

// ---------------------------------------------------------------------------------------------------------------
// Trips of a consignment at a warehouse.

interface TripInfo {
  slipNumber: string;
  truck: string;
  source: string;
  destination: string;
}

/**
 * The slip, truck, origin and destination of trips, from their kept cards (`trip_cards`, one per trip that has a slip,
 * whatever flow wrote it: trip-cards.ts): a port loading slip's origin is its vessel and voyage, any other slip's the
 * place it loaded at. The trips go to PostgreSQL as one array, unnested once into a small materialized list, each
 * card probed by its key.
 */
async function tripInfo(r: WarehouseReader, tripIds: readonly number[]): Promise<Map<number, TripInfo>> {
  if (tripIds.length === 0) return new Map();
  const wanted = [...new Set(tripIds)];
  for (const id of wanted) if (!Number.isSafeInteger(id)) throw new Error(`tripInfo: not a trip id: ${String(id)}`);
  const rows = await queryRows<{ trip_id: number; slip_number: string | null; truck: string | null; source: string | null; destination: string | null }>(
    r.tx,
    sql`with wanted as materialized (select unnest(${`{${wanted.join(',')}}`}::integer[]) as trip_id)
        select tc.trip_id, tc.slip_number::text as slip_number, tr.plate_number as truck,
               case when tc.kind = 'port' then coalesce(vs.name, '') || ' / ' || v.voyage_number else fl.name end as source, dl.name as destination
          from wanted w join trip_cards tc on tc.trip_id = w.trip_id
          left join trucks tr on tr.id = tc.truck_id
          left join voyages v on v.id = tc.voyage_id and tc.kind = 'port' left join vessels vs on vs.id = v.vessel_id
          left join locations fl on fl.id = tc.from_location_id left join locations dl on dl.id = tc.to_location_id
         where tc.agency_id = ${r.agencyId}::integer`,
  );
  const info = new Map<number, TripInfo>();
  for (const row of rows) {
    // A trip is started by one record (each table's trip_id is unique, and trips share one id space).
    info.set(Number(row.trip_id), { slipNumber: row.slip_number ?? '', truck: row.truck ?? '', source: row.source ?? '', destination: row.destination ?? '' });
  }
  return info;
}

interface TripGroup {
  tripId: number;
  transactionId: number;
  sourceTable: string;
  sourceId: number;
  at: Date;
  siloId: number | null;
  kg: bigint;
}

/** A page of a trucks list (trip-list-pages.ts): at most `limit` rows, newest first, after `before`; none: every row, oldest first. */
export interface TripPageQuery {
  limit?: number | undefined;
  before?: TripListPosition | undefined;
}

/** The kept truck postings of the filtered positions in one direction over the period (`k`, through their accounts `a`; with `postings`, their postings `t`). */
function keptTripsFrom(r: WarehouseReader, resolved: Resolved, direction: 'in' | 'out', postings = false): SQL {
  const conditions = [positionWhere(r, resolved.filter)];
  if (resolved.period?.from) conditions.push(sql`k.at >= ${resolved.period.from.toISOString()}::timestamptz`);
  if (resolved.period?.to) conditions.push(sql`k.at < ${resolved.period.to.toISOString()}::timestamptz`);
  return sql`from ledger_accounts a
        join ledger_place_trips k on k.account_id = a.id and k.direction = ${direction}${postings ? sql`
        join ledger_transactions t on t.id = k.transaction_id` : sql``}
        where ${sql.join(conditions, sql` and `)} and cardinality(k.trip_ids) > 0`;
}

/**
 * Truck moves of one direction grouped per posting, trip and silo: the kept truck postings of the filtered positions
 * (`ledger_place_trips`, domain.md), each with the kilograms of its direction and its first truck (the lowest trip),
 * read through the positions' accounts (`ledger_place_trips_account_idx`); no entry is read. `kg` is signed
 * (negative out). The trip lists need no move type, so nothing is typed here (no port or transfer slip look-up per
 * move). Every move oldest first (by the posting's time, then its id, then its first position); or, with a page's
 * `limit`, a page newest first (the millisecond, then the trip: the trucks lists' order; every move of the last
 * row's millisecond and trip is in), the postings' records read for the page's moves only.
 */
async function tripGroups(r: WarehouseReader, resolved: Resolved, direction: 'in' | 'out', page: TripPageQuery = {}): Promise<TripGroup[]> {
  const sign = direction === 'in' ? sql`` : sql`-`;
  const statement =
    page.limit === undefined
      ? sql`select k.trip_ids[1] as trip_id, k.transaction_id, t.source_table, t.source_id, k.at, a.silo_id, (${sign}sum(k.quantity_kg))::text as kg
          ${keptTripsFrom(r, resolved, direction, true)}
          group by k.transaction_id, k.trip_ids[1], a.silo_id, t.source_table, t.source_id, k.at
          order by k.at, k.transaction_id, min(a.id)`
      : sql`with page as (
            select k.trip_ids[1] as trip_id, k.transaction_id, k.at, a.silo_id, sum(k.quantity_kg) as kg, min(a.id) as first_account
              ${keptTripsFrom(r, resolved, direction)}${page.before ? sql` and ${afterListPosition(sql`k.at`, sql`k.trip_ids[1]`, page.before)}` : sql``}
             group by k.transaction_id, k.trip_ids[1], a.silo_id, k.at
             order by date_trunc('milliseconds', k.at) desc, k.trip_ids[1] desc fetch first (${page.limit}::integer) rows with ties)
          select p.trip_id, p.transaction_id, t.source_table, t.source_id, p.at, p.silo_id, (${sign}p.kg)::text as kg
            from page p join ledger_transactions t on t.id = p.transaction_id
           order by date_trunc('milliseconds', p.at) desc, p.trip_id desc, p.at desc, p.transaction_id desc, p.first_account`;
  const rows = await queryRows<TripPostingRow & { silo_id: number | null; kg: string }>(r.tx, statement);
  return rows.map((row) => ({ ...tripPostingOf(row), siloId: row.silo_id === null ? null : Number(row.silo_id), kg: BigInt(row.kg) }));
}

/** The whole list's totals of `tripGroups` (a page shows its rows, the totals row the list's): the distinct trucks and the kilograms (a magnitude). */
async function tripTotals(r: WarehouseReader, resolved: Resolved, direction: 'in' | 'out'): Promise<{ trips: number; kg: bigint }> {
  const [row] = await queryRows<{ trips: number; kg: string }>(
    r.tx,
    sql`select count(distinct k.trip_ids[1])::integer as trips, coalesce(sum(k.quantity_kg), 0)::text as kg ${keptTripsFrom(r, resolved, direction)}`,
  );
  return { trips: Number(row?.trips ?? 0), kg: BigInt(row?.kg ?? '0') };
}

/** A consignment's trucks of one direction at a warehouse over the period (404 on another's warehouse), with each trip's slip, and the list's totals. */
async function consignmentTrips(r: WarehouseReader, q: WarehouseFilters & TripPageQuery & { locationId: number; consignmentId: number }, direction: 'in' | 'out') {
  await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  const groups = await tripGroups(r, resolved, direction, q);
  const info = await tripInfo(r, groups.map((g) => g.tripId));
  const totals =
    q.limit === undefined
      ? { trips: new Set(groups.map((g) => g.tripId)).size, kg: groups.reduce((total, g) => total + (direction === 'in' ? g.kg : -g.kg), 0n) }
      : await tripTotals(r, resolved, direction);
  return { resolved, groups, info, totals };
}

/** What a trucks row of the LC/PO lists shows of its trip group: the truck, its posting's record, its slip and when. */
function truckColumns(g: TripGroup, info: ReadonlyMap<number, TripInfo>) {
  return {
    tripId: g.tripId,
    sourceTable: g.sourceTable,
    sourceId: g.sourceId,
    slipNumber: info.get(g.tripId)?.slipNumber ?? '',
    date: g.at.toISOString(),
    truck: info.get(g.tripId)?.truck ?? '',
  };
}

/** The trucks that brought the consignment's cargo into the warehouse over the period: all, or a page (`limit`, `before`). */
export async function consignmentTripsIn(r: WarehouseReader, q: WarehouseFilters & TripPageQuery & { locationId: number; consignmentId: number }): Promise<TWarehouseTripsIn> {
  const { groups, info, totals } = await consignmentTrips(r, q, 'in');
  const rows = groups.map((g) => ({
    ...truckColumns(g, info),
    source: info.get(g.tripId)?.source ?? '',
    quantity: kgToTonnes(g.kg),
    siloId: g.siloId,
  }));
  return { rows, trips: totals.trips, quantity: kgToTonnes(totals.kg) };
}

/**
 * The trucks that took the consignment's cargo out over the period, then the pre-outs still pending (committed); or,
 * with a page's `limit`, the pending pre-outs (on the first page only) and a page of the trucks, newest first.
 */
export async function consignmentTripsOut(r: WarehouseReader, q: WarehouseFilters & TripPageQuery & { locationId: number; consignmentId: number }): Promise<TWarehouseTripsOut> {
  const { resolved, groups, info, totals } = await consignmentTrips(r, q, 'out');
  // Pending: pre-outs whose commitment on the filtered positions still stands (posted, not reversed, no live out yet).
  const pending = await queryRows<{ transaction_id: number; source_id: number; at: string | Date; committed_kg: string; slip: string | null; truck: string | null; destination: string | null }>(
    r.tx,
    sql`select t.id as transaction_id, t.source_id, t.created_at as at, sum(e.committed_kg)::text as committed_kg,
               null::text as slip, min(tr.plate_number) as truck, null::text as destination
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id and t.type = 'warehousePreOut'
          left join warehouse_pre_outs po on po.id = t.source_id and t.source_table = 'warehouse_pre_outs'
          left join trucks tr on tr.id = po.truck_id
         where ${positionWhere(r, resolved.filter)} and e.committed_kg > 0 and t.reverses_id is null
           and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
           and not exists (select 1 from warehouse_outs wo where wo.pre_out_id = t.source_id and wo.status = 'Active' and t.source_table = 'warehouse_pre_outs')
         group by t.id, t.source_id, t.created_at
         order by t.created_at${q.limit === undefined ? sql`` : sql` desc`}, t.id${q.limit === undefined ? sql`` : sql` desc`}`,
  );
  const trucks = groups.map((g) => ({
    ...truckColumns(g, info),
    destination: info.get(g.tripId)?.destination ?? '',
    quantity: kgToTonnes(-g.kg),
    committedQty: kgToTonnes(0n),
    pending: false,
  }));
  const pendingRows = pending.map((p) => ({
    tripId: null,
    sourceTable: 'warehouse_pre_outs',
    sourceId: Number(p.source_id),
    slipNumber: p.slip ?? '',
    date: new Date(p.at).toISOString(),
    truck: p.truck ?? '',
    destination: p.destination ?? '',
    quantity: kgToTonnes(0n),
    committedQty: kgToTonnes(kg(p.committed_kg)),
    pending: true,
  }));
  const rows = q.limit === undefined ? [...trucks, ...pendingRows] : [...(q.before === undefined ? pendingRows : []), ...trucks];
  return {
    rows,
    trips: totals.trips,
    quantity: kgToTonnes(totals.kg),
    committedQty: kgToTonnes(pending.reduce((total, p) => total + kg(p.committed_kg), 0n)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// In and out quantities by type.

/** Sums of moves per type in WAREHOUSE_MOVE_TYPES order, non-zero only. */
function byType(moves: readonly Move[], sign: 1n | -1n): { type: WarehouseMoveType; kg: bigint }[] {
  const sums = new Map<WarehouseMoveType, bigint>();
  for (const m of moves) sums.set(m.type, (sums.get(m.type) ?? 0n) + m.kg * sign);
  return nonZeroByType(sums);
}

/**
 * The period's conditions on the two kept tables the quantities by type read: `days` on the movement counters' business
 * day (`k.day`), `at` on the kept truck postings' time (`p.at`); undefined when the period is not whole days of the
 * agency (the counters are per day).
 */
function keptPeriod(resolved: Resolved): { days: SQL; at: SQL } | undefined {
  const period = resolved.period;
  if ((period?.from || period?.to) && !period.days) return undefined;
  const days: SQL[] = [];
  if (period?.days?.from !== undefined) days.push(sql` and k.day >= ${period.days.from}::date`);
  if (period?.days?.to !== undefined) days.push(sql` and k.day <= ${period.days.to}::date`);
  const at: SQL[] = [];
  if (period?.from) at.push(sql` and p.at >= ${period.from.toISOString()}::timestamptz`);
  if (period?.to) at.push(sql` and p.at < ${period.to.toISOString()}::timestamptz`);
  return { days: sql.join(days, sql``), at: sql.join(at, sql``) };
}

/** Sums per type in WAREHOUSE_MOVE_TYPES order, non-zero only. */
function nonZeroByType(sums: ReadonlyMap<WarehouseMoveType, bigint>): { type: WarehouseMoveType; kg: bigint }[] {
  return WAREHOUSE_MOVE_TYPES.filter((type) => (sums.get(type) ?? 0n) !== 0n).map((type) => ({ type, kg: sums.get(type) ?? 0n }));
}

/** The kinds of transfer slip a truck arriving by one is named after; a Warehouse Transfer's, or a truck with no transfer slip, is a 'warehouseTransfer'. */
const ARRIVAL_SLIP_KINDS = new Set<string>(['loan', 'loanReturn', 'sale', 'consigneeTransfer']);

/**
 * What came into the filtered positions over the period, per move type, from the kept rows instead of every entry
 * (`placeMoves` typed each entry with four look-ups: 15,000 buffers for an LC/PO's 610 arrivals at a terminal):
 *
 * - by truck: the kept truck postings (`ledger_place_trips`, direction `in`: the account's kilograms of the posting
 *   and its trucks), typed by the first truck (lowest trip, as `placeMoves`): 'port' when its kept card is a loading
 *   slip's (`trip_cards`, kind 'port': the truck was loaded in a port loading), else the kind of its transfer slip;
 * - in place: the kept movement counters (`ledger_movement_totals`, direction `in`, origin 'none', per business day),
 *   typed by the posting type (`inPlaceMoveType`).
 *
 * Both hold live postings only (a reversal takes its original out), as `placeMoves` reads them. Undefined when the
 * period is not whole days of the agency (the counters are per day): the caller reads the entries.
 */
async function keptArrivalsByType(r: WarehouseReader, resolved: Resolved): Promise<{ type: WarehouseMoveType; kg: bigint }[] | undefined> {
  const period = keptPeriod(resolved);
  if (!period) return undefined;
  const rows = await queryRows<{ posting_type: string | null; port: boolean | null; slip_kind: string | null; kg: string }>(
    r.tx,
    sql`select k.posting_type, null::boolean as port, null::text as slip_kind, sum(k.kg)::text as kg
          from ledger_accounts a join ledger_movement_totals k on k.account_id = a.id
         where ${positionWhere(r, resolved.filter)} and k.agency_id = ${r.agencyId}::integer and k.direction = 'in' and k.origin = 'none'${period.days}
         group by k.posting_type
        union all
        select null, coalesce(tc.kind = 'port', false), ts.source_kind, sum(p.quantity_kg)::text
          from ledger_accounts a join ledger_place_trips p on p.account_id = a.id and p.direction = 'in'
          left join trip_cards tc on tc.trip_id = p.trip_ids[1]
          left join transfer_slips ts on ts.trip_id = p.trip_ids[1]
         where ${positionWhere(r, resolved.filter)} and cardinality(p.trip_ids) > 0${period.at}
         group by 2, 3`,
  );
  const sums = new Map<WarehouseMoveType, bigint>();
  for (const row of rows) {
    let type: WarehouseMoveType;
    if (row.posting_type !== null) type = inPlaceMoveType(row.posting_type);
    else if (row.port === true) type = 'port';
    else type = row.slip_kind !== null && ARRIVAL_SLIP_KINDS.has(row.slip_kind) ? (row.slip_kind as WarehouseMoveType) : 'warehouseTransfer';
    sums.set(type, (sums.get(type) ?? 0n) + BigInt(row.kg));
  }
  return nonZeroByType(sums);
}

/**
 * What left the filtered positions over the period, per move type, from the kept rows (as `keptArrivalsByType`): by
 * truck, the kept truck postings (direction `out`), a transfer slip's posting typed by its slip's kind and any other
 * a 'warehouseOut' (as `placeMoves`); in place, the kept movement counters (direction `out`, origin 'none') by the
 * posting type. Undefined when the period is not whole days of the agency.
 */
async function keptDeparturesByType(r: WarehouseReader, resolved: Resolved): Promise<{ type: WarehouseMoveType; kg: bigint }[] | undefined> {
  const period = keptPeriod(resolved);
  if (!period) return undefined;
  const rows = await queryRows<{ posting_type: string | null; slip_kind: string | null; kg: string }>(
    r.tx,
    sql`select k.posting_type, null::text as slip_kind, sum(k.kg)::text as kg
          from ledger_accounts a join ledger_movement_totals k on k.account_id = a.id
         where ${positionWhere(r, resolved.filter)} and k.agency_id = ${r.agencyId}::integer and k.direction = 'out' and k.origin = 'none'${period.days}
         group by k.posting_type
        union all
        select null, case when t.type = 'transferSlip' then coalesce(ts.source_kind, '') else 'warehouseOut' end, sum(p.quantity_kg)::text
          from ledger_accounts a join ledger_place_trips p on p.account_id = a.id and p.direction = 'out'
          join ledger_transactions t on t.id = p.transaction_id
          left join transfer_slips ts on ts.trip_id = p.trip_ids[1] and t.type = 'transferSlip'
         where ${positionWhere(r, resolved.filter)} and cardinality(p.trip_ids) > 0${period.at}
         group by 2`,
  );
  const sums = new Map<WarehouseMoveType, bigint>();
  for (const row of rows) {
    let type: WarehouseMoveType;
    if (row.posting_type !== null) type = inPlaceMoveType(row.posting_type);
    else type = row.slip_kind !== null && (WAREHOUSE_MOVE_TYPES as readonly string[]).includes(row.slip_kind) ? (row.slip_kind as WarehouseMoveType) : 'warehouseTransfer';
    sums.set(type, (sums.get(type) ?? 0n) + BigInt(row.kg));
  }
  return nonZeroByType(sums);
}

/** MT that came into the consignment's positions at the warehouse over the period, per source. */
export async function consignmentInQty(r: WarehouseReader, q: WarehouseFilters & { locationId: number; consignmentId: number }): Promise<TWarehouseInQtyDetail> {
  await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  const types = (await keptArrivalsByType(r, resolved)) ?? byType(await placeMoves(r, resolved, { direction: 'in' }), 1n);
  return { rows: types.map((t) => ({ type: t.type, inQty: kgToTonnes(t.kg) })), inQty: kgToTonnes(types.reduce((total, t) => total + t.kg, 0n)) };
}

/** MT that left the consignment's positions at the warehouse over the period, per type; the handling losses paginated. */
export async function consignmentOutQty(
  r: WarehouseReader,
  q: WarehouseFilters & { locationId: number; consignmentId: number; type?: WarehouseMoveType | undefined; page: number; limit: number },
): Promise<TWarehouseOutQtyDetail> {
  await warehouseOf(r, q.locationId);
  const resolved = await resolveFilters(r, q);
  // The handling losses' pages list each move; the sums by type come from the kept rows.
  const moves = q.type === 'handlingLoss' ? await placeMoves(r, resolved, { direction: 'out' }) : undefined;
  const all = moves ? byType(moves, -1n) : ((await keptDeparturesByType(r, resolved)) ?? byType(await placeMoves(r, resolved, { direction: 'out' }), -1n));
  const types = all.filter((t) => q.type === undefined || t.type === q.type);
  let handlingLoss: TWarehouseOutQtyDetail['handlingLoss'] = null;
  if (moves !== undefined) {
    const losses = moves.filter((m) => m.type === 'handlingLoss').reverse();
    handlingLoss = {
      rows: losses.slice((q.page - 1) * q.limit, q.page * q.limit).map((m) => ({
        transactionId: m.transactionId,
        sourceTable: m.sourceTable,
        sourceId: m.sourceId,
        date: m.at.toISOString(),
        siloId: m.siloId,
        quantity: kgToTonnes(-m.kg),
      })),
      count: losses.length,
      page: q.page,
      limit: q.limit,
    };
  }
  return { rows: types.map((t) => ({ type: t.type, outQty: kgToTonnes(t.kg) })), outQty: kgToTonnes(types.reduce((total, t) => total + t.kg, 0n)), handlingLoss };
}

// ---------------------------------------------------------------------------------------------------------------
// The LC export: per warehouse, consignee and LC/PO.

export interface LcExportRow {
  warehouse: string;
  consignee: string;
  LCPONumber: string;
  refNumber: string;
  vesselVoyage: string;
  cargo: string;
  quantityKg: bigint;
  committedKg: bigint;
  tripsIn: number;
  tripsInKg: bigint;
  tripsOut: number;
  tripsOutKg: bigint;
}

/** Per warehouse, consignee (owner), LC/PO, voyage and cargo type: on hand now and the trips of the period. */
export async function warehouseLcRows(r: WarehouseReader, q: WarehouseFilters): Promise<LcExportRow[]> {
  const resolved = await resolveFilters(r, q);
  const groupBy = ['locationId', 'ownerCompanyId', 'consignmentId', 'voyageId', 'cargoTypeId'] as const;
  const base = { agencyId: r.agencyId, scope: r.scope, filter: resolved.filter, groupBy };
  const trips = { ...base, ...(resolved.period ? { period: resolved.period } : {}) };
  const positions = await stockPositions(r.tx, base);
  const ins = await tripsIn(r.tx, trips);
  const outs = await tripsOut(r.tx, { ...trips, place: 'ON_HAND' });
  type Key = { locationId: number | null; ownerCompanyId: number | null; consignmentId: number | null; voyageId: number | null; cargoTypeId: number | null };
  const keyOf = (k: Key) => [k.locationId, k.ownerCompanyId, k.consignmentId, k.voyageId, k.cargoTypeId].map(String).join(':');
  const groups = new Map<string, Key & { onHand: bigint; committed: bigint; tripsIn: number; tripsInKg: bigint; tripsOut: number; tripsOutKg: bigint }>();
  const at = (k: Key) => {
    const key = keyOf(k);
    let group = groups.get(key);
    if (!group) {
      group = { locationId: k.locationId, ownerCompanyId: k.ownerCompanyId, consignmentId: k.consignmentId, voyageId: k.voyageId, cargoTypeId: k.cargoTypeId, onHand: 0n, committed: 0n, tripsIn: 0, tripsInKg: 0n, tripsOut: 0, tripsOutKg: 0n };
      groups.set(key, group);
    }
    return group;
  };
  for (const p of positions) Object.assign(at(p), { onHand: p.onHandKg, committed: p.committedKg });
  for (const t of ins) Object.assign(at(t), { tripsIn: t.trips, tripsInKg: t.quantityKg });
  for (const t of outs) Object.assign(at(t), { tripsOut: t.trips, tripsOutKg: t.quantityKg });
  const list = [...groups.values()];
  const locationNames = await namesOf(r, 'locations', list.map((g) => g.locationId));
  const owners = await companiesOf(r, list.map((g) => g.ownerCompanyId));
  const consignments = await consignmentsOf(r, list.map((g) => g.consignmentId));
  const voyages = await voyagesOf(r, list.map((g) => g.voyageId));
  const cargoNames = await namesOf(r, 'cargo_types', list.map((g) => g.cargoTypeId));
  return list
    .map((g) => ({
      warehouse: locationNames.get(Number(g.locationId)) ?? '',
      consignee: owners.get(Number(g.ownerCompanyId))?.name ?? '',
      LCPONumber: consignments.get(Number(g.consignmentId))?.LCPONumber ?? '',
      refNumber: consignments.get(Number(g.consignmentId))?.refNumber ?? '',
      vesselVoyage: voyages.get(Number(g.voyageId)) ?? '',
      cargo: cargoNames.get(Number(g.cargoTypeId)) ?? '',
      quantityKg: g.onHand,
      committedKg: g.committed,
      tripsIn: g.tripsIn,
      tripsInKg: g.tripsInKg,
      tripsOut: g.tripsOut,
      tripsOutKg: g.tripsOutKg,
    }))
    .sort((a, b) => byName(a.warehouse, b.warehouse) || byName(a.consignee, b.consignee) || byName(a.LCPONumber, b.LCPONumber) || byName(a.vesselVoyage, b.vesselVoyage) || byName(a.cargo, b.cargo));
}
