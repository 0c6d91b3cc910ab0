import {
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  WAREHOUSE_OUT_FLAGS,
  WarehouseDispatchMessages,
  kgToTonnes,
  tonnesToKg,
  type TReasonBody,
  type TStockPosition,
  type TWarehouseOut,
  type TWarehouseOutList,
  type TWarehouseOutValues,
  type TWarehousePreOut,
  type TWarehousePreOutList,
  type TWarehousePreOutValues,
  ZWarehouseOutListQuery,
  ZWarehousePreOutListQuery,
} from '@tonnage/contracts';
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { inTransitAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { stockPositions } from '../../ledger/ledger.queries';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { tenantSearch } from '../../platform/db/tenant-search';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { nextNumber } from '../../identity/counters/counters';
import { inScope } from '../../identity/data-scope';
import { cargoControlFor } from '../master-data/transport-rules';
import { dateIn } from '../receiving/receiving.service';
import { columnOf, companies, drivers, locations, silos, trucks } from '../master-data/master-data.schema';
import { visibleLocations } from '../locations/locations.service';
import { consignments } from '../procurement/procurement.schema';
import { outboundFirstWeights, outboundSecondWeights } from '../outbound-weighing/outbound-weighing.schema';
import { trips } from '../port-loading/port-loading.schema';
import { dispatchScope, liveOut, outSort, preOutSort, selectOuts, selectPreOuts, toOut, toPreOut } from './warehouse-dispatch.queries';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';

/*
 * Warehouse dispatch (spec 2.3 `warehouse-pre-out`, `warehouse-out`, `warehouseLoadingSlips`; docs/domain.md "Stock
 * is a ledger"). The stock rules are the ledger's: a Pre Out posts committed_kg on its ON_HAND account, an Out posts
 * ON_HAND -> IN_TRANSIT and takes the commitment back, and the database's CHECK constraints refuse any of them that
 * would take on hand or usable below zero (409 Quantity not available), also when requests race. The flows' own
 * rules (the WBQ rule, the back-pointers of the reversal chain) are checked here, under row locks.
 */

const col = columnOf;
type Message = (typeof WarehouseDispatchMessages)[keyof typeof WarehouseDispatchMessages];
const ruleConflict = (message: Message, details?: Record<string, string>) => new AppError(409, ErrorCode.BUSINESS_RULE, message, details);
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const quantityNotAvailable = () => new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, Messages.quantityNotAvailable, { quantity: Messages.quantityNotAvailable });

/** A row for the audit log: bigint kilograms as text (JSON has no bigint). */
export function auditable(row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!row) return undefined;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]));
}

// ---------------------------------------------------------------- places and parties

/** An active warehouse of the agency in the user's locations, else 400 `Please Select Warehouse!`. */
export async function checkWarehouse(tx: Db, actor: ReadActor, warehouseId: number): Promise<void> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), warehouseId), eq(col(locations, 'isActive'), true)));
  if (!location || Number(location.kind) !== LOCATION_KIND_IDS.warehouse || !inScope(actor.scope.locationIds, warehouseId)) throw field('warehouseId', Messages.warehouseRequired);
}

/** The silo (null: open area) belongs to the warehouse, else 400. */
export async function checkSilo(tx: Db, actor: ReadActor, warehouseId: number, siloId: number | null): Promise<void> {
  if (siloId === null) return;
  const [silo] = await tx
    .select({ id: col(silos, 'id') })
    .from(silos)
    .where(and(eq(col(silos, 'agencyId'), actor.agencyId), eq(col(silos, 'id'), siloId), eq(col(silos, 'warehouseId'), warehouseId)));
  if (!silo) throw field('siloId', WarehouseDispatchMessages.positionRequired);
}

/** An active truck and driver of the agency, else 400 with the spec's message. */
async function checkTruckAndDriver(tx: Db, agencyId: number, truckId: number, driverId: number): Promise<void> {
  const [truck] = await tx.select({ id: col(trucks, 'id') }).from(trucks).where(and(eq(col(trucks, 'agencyId'), agencyId), eq(col(trucks, 'id'), truckId), eq(col(trucks, 'isActive'), true)));
  if (!truck) throw field('truckId', Messages.truckRequired);
  const [driver] = await tx.select({ id: col(drivers, 'id') }).from(drivers).where(and(eq(col(drivers, 'agencyId'), agencyId), eq(col(drivers, 'id'), driverId), eq(col(drivers, 'isActive'), true)));
  if (!driver) throw field('driverId', Messages.driverRequired);
}

// ---------------------------------------------------------------- positions (the picker)

/** The places a positions picker offers: warehouses, or consignees' delivery locations. */
export type PositionPlace = 'warehouse' | 'consigneeLocation';

const isPlace: Record<PositionPlace, (place: { kind: unknown; ownerType: unknown }) => boolean> = {
  warehouse: (place) => Number(place.kind) === LOCATION_KIND_IDS.warehouse,
  consigneeLocation: (place) => Number(place.kind) === LOCATION_KIND_IDS.deliveryLocation && place.ownerType === 'consignee',
};

/** `GET /api/warehousePreOut/positions`: on-hand positions at warehouses in the user's scope, with usable quantity. */
export function warehousePositions(tx: Db, actor: ReadActor & { warehouseId?: number | undefined; consignmentId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { ...actor, place: 'warehouse', locationId: actor.warehouseId });
}

/**
 * The on-hand positions (ON_HAND accounts with stock) at places of one kind in the user's scope, with on hand,
 * committed and usable quantity, named for a picker (`warehouseId` / `warehouseName`: the place).
 */
export async function onHandPositions(
  tx: Db,
  actor: ReadActor & { place: PositionPlace; locationId?: number | undefined; consignmentId?: number | undefined; ownerCompanyId?: number | undefined; cargoTypeId?: number | undefined },
): Promise<TStockPosition[]> {
  const filter: { locationId?: number; consignmentId?: number; ownerCompanyId?: number; cargoTypeId?: number } = {};
  if (actor.locationId !== undefined) filter.locationId = actor.locationId;
  if (actor.consignmentId !== undefined) filter.consignmentId = actor.consignmentId;
  if (actor.ownerCompanyId !== undefined) filter.ownerCompanyId = actor.ownerCompanyId;
  if (actor.cargoTypeId !== undefined) filter.cargoTypeId = actor.cargoTypeId;
  const positions = await stockPositions(tx, {
    agencyId: actor.agencyId,
    scope: actor.scope,
    filter,
    groupBy: ['locationId', 'siloId', 'ownerCompanyId', 'consignmentId', 'cargoTypeId', 'voyageId', 'attachedVoyageId'],
  });
  if (positions.length === 0) return [];
  const locationIds = [...new Set(positions.map((p) => Number(p.locationId)))];
  const places = await tx
    .select({ id: col(locations, 'id'), name: col(locations, 'name'), kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), inArray(col(locations, 'id'), locationIds)));
  const warehouses = new Map(places.filter(isPlace[actor.place]).map((p) => [Number(p.id), String(p.name)]));
  const atWarehouses = positions.filter((p) => warehouses.has(Number(p.locationId)));
  if (atWarehouses.length === 0) return [];
  const siloIds = [...new Set(atWarehouses.flatMap((p) => (p.siloId === null ? [] : [Number(p.siloId)])))];
  const siloNames = siloIds.length === 0 ? new Map<number, string>() : new Map((await tx.select({ id: col(silos, 'id'), name: col(silos, 'name') }).from(silos).where(inArray(col(silos, 'id'), siloIds))).map((s) => [Number(s.id), String(s.name)]));
  const ownerIds = [...new Set(atWarehouses.map((p) => Number(p.ownerCompanyId)))];
  const ownerNames = new Map((await tx.select({ id: col(companies, 'id'), name: col(companies, 'name') }).from(companies).where(inArray(col(companies, 'id'), ownerIds))).map((c) => [Number(c.id), String(c.name)]));
  const consignmentIds = [...new Set(atWarehouses.map((p) => Number(p.consignmentId)))];
  const lcPo = new Map((await tx.select({ id: consignments.id, lc: consignments.lcNumber, po: consignments.poNumber }).from(consignments).where(inArray(consignments.id, consignmentIds))).map((c) => [c.id, c.lc ?? c.po ?? '']));
  const cargoIds = [...new Set(atWarehouses.map((p) => Number(p.cargoTypeId)))];
  const cargoNames = new Map((await queryRows<{ id: number; name: string }>(tx, sql`select id, name from cargo_types where id in (${sql.join(cargoIds.map((id) => sql`${id}`), sql`, `)})`)).map((c) => [Number(c.id), String(c.name)]));
  return atWarehouses.map((p) => ({
    warehouseId: Number(p.locationId),
    warehouseName: warehouses.get(Number(p.locationId)) ?? '',
    siloId: p.siloId === null ? null : Number(p.siloId),
    siloName: p.siloId === null ? null : (siloNames.get(Number(p.siloId)) ?? ''),
    ownerCompanyId: Number(p.ownerCompanyId),
    ownerName: ownerNames.get(Number(p.ownerCompanyId)) ?? '',
    consignmentId: Number(p.consignmentId),
    lcPoNumber: lcPo.get(Number(p.consignmentId)) ?? '',
    cargoTypeId: Number(p.cargoTypeId),
    cargoTypeName: cargoNames.get(Number(p.cargoTypeId)) ?? '',
    voyageId: Number(p.voyageId),
    attachedVoyageId: Number(p.attachedVoyageId),
    onHand: kgToTonnes(p.onHandKg),
    committed: kgToTonnes(p.committedKg),
    usable: kgToTonnes(p.usableKg < 0n ? 0n : p.usableKg),
  }));
}

// ---------------------------------------------------------------- Pre Out

type PreOutListQuery = z.output<typeof ZWarehousePreOutListQuery>;
export type PreOutFilters = Omit<PreOutListQuery, 'page' | 'limit'>;

export function between(column: SQL, q: { fromDate?: string | undefined; toDate?: string | undefined }, timeZone: string): (SQL | undefined)[] {
  return [
    q.fromDate === undefined ? undefined : sql`${column} >= (${q.fromDate}::date::timestamp at time zone ${timeZone})`,
    q.toDate === undefined ? undefined : sql`${column} < ((${q.toDate}::date + 1)::timestamp at time zone ${timeZone})`,
  ];
}

export const timeZoneFor = (tx: Db, agencyId: number, q: { fromDate?: string | undefined; toDate?: string | undefined }) =>
  q.fromDate !== undefined || q.toDate !== undefined ? agencyTimezone(tx, agencyId) : Promise.resolve('UTC');

/** Plate or LC / PO number. */
export function plateOrLc(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const plate = tenantSearch({ id: col(trucks, 'id'), columns: [col(trucks, 'plateNumber')], search });
  return or(plate, sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
}

async function preOutConditions(tx: Db, actor: ReadActor, q: PreOutFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(warehousePreOuts.agencyId, actor.agencyId),
    dispatchScope(actor.scope),
    q.warehouseId === undefined ? undefined : eq(warehousePreOuts.warehouseId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(warehousePreOuts.consignmentId, q.consignmentId),
    q.truckId === undefined ? undefined : eq(warehousePreOuts.truckId, q.truckId),
    q.status === 'all' ? undefined : eq(warehousePreOuts.status, q.status),
    q.delivered === undefined ? undefined : q.delivered === 'open' ? isNull(liveOut.id) : isNotNull(liveOut.id),
    ...between(sql`${warehousePreOuts.preOutAt}`, q, timeZone),
    plateOrLc(q.search),
  );
}

export async function listPreOuts(tx: Db, actor: ReadActor & { query: PreOutListQuery }): Promise<TWarehousePreOutList> {
  const q = actor.query;
  const where = await preOutConditions(tx, actor, q);
  const rows = await selectPreOuts(tx)
    .where(where)
    .orderBy(...orderByAllowed(preOutSort, q, warehousePreOuts.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(warehousePreOuts)
    .innerJoin(consignments, eq(consignments.id, warehousePreOuts.consignmentId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreOuts.truckId))
    .leftJoin(liveOut, and(eq(liveOut.preOutId, warehousePreOuts.id), eq(liveOut.status, 'Active')))
    .where(where);
  return { rows: rows.map(toPreOut), count: Number(total?.count ?? 0) };
}

export async function preOutExportSource(tx: Db, actor: ReadActor & { query: PreOutFilters }): Promise<CursorSource<TWarehousePreOut>> {
  const where = await preOutConditions(tx, actor, actor.query);
  return cursorSource(selectPreOuts(tx).where(where).orderBy(...orderByAllowed(preOutSort, actor.query, warehousePreOuts.id)), (_tx, rows) => rows.map(toPreOut));
}

export async function getPreOut(tx: Db, actor: ReadActor & { id: number }): Promise<TWarehousePreOut> {
  const [row] = await selectPreOuts(tx).where(and(eq(warehousePreOuts.agencyId, actor.agencyId), eq(warehousePreOuts.id, actor.id), dispatchScope(actor.scope)));
  if (!row) throw notFound(WarehouseDispatchMessages.preOutNotFound);
  return toPreOut(row);
}

/** The ON_HAND account a Pre Out draws on. */
export function positionOf(row: { warehouseId: number; siloId: number | null; ownerCompanyId: number; consignmentId: number; cargoTypeId: number; voyageId: number; attachedVoyageId: number }): Position {
  return {
    locationId: row.warehouseId,
    siloId: row.siloId,
    ownerCompanyId: row.ownerCompanyId,
    consignmentId: row.consignmentId,
    cargoTypeId: row.cargoTypeId,
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
  };
}

/** The position is in the reader's scope and holds stock (else 409 Quantity not available: nothing to commit there). */
export async function checkPosition(tx: Db, actor: ReadActor, position: Position): Promise<void> {
  const [found] = await stockPositions(tx, {
    agencyId: actor.agencyId,
    scope: actor.scope,
    filter: { ...position },
    groupBy: [],
  });
  if (!found) throw quantityNotAvailable();
}

/**
 * Refuses (422) a dispatch of a cargo type from a warehouse that a cargo control rule stops going out of it on the
 * day of `at` (the agency's day): checked by a new Pre Out (so a grouped Out's trucks too) and by the Warehouse Out.
 */
export async function checkNotBlockedOut(tx: Db, params: { agencyId: number; warehouseId: number; cargoTypeId: number; at: Date }): Promise<void> {
  const date = dateIn(params.at, await agencyTimezone(tx, params.agencyId));
  const control = await cargoControlFor(tx, { agencyId: params.agencyId, cargoTypeId: params.cargoTypeId, locationId: params.warehouseId, date });
  if (control.blockOut) throw new AppError(422, ErrorCode.BUSINESS_RULE, WarehouseDispatchMessages.cargoBlockedOut);
}

/** Commits the quantity on the position (the ledger refuses it when usable is short). */
async function postCommitment(tx: Db, actor: CommandActor, preOutId: number, position: Position, quantityKg: bigint): Promise<number> {
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: 'warehousePreOut',
    source: { table: 'warehouse_pre_outs', id: preOutId },
    userId: actor.userId,
    at: actor.now,
    lines: [{ account: onHandAccount(position), quantityKg: 0n, committedKg: quantityKg }],
  });
  return transactionId;
}

export async function createPreOut(tx: Db, actor: CommandActor & { input: TWarehousePreOutValues }): Promise<TWarehousePreOut> {
  const input = actor.input;
  await checkWarehouse(tx, actor, input.warehouseId);
  await checkSilo(tx, actor, input.warehouseId, input.siloId);
  await checkTruckAndDriver(tx, actor.agencyId, input.truckId, input.driverId);
  const position = positionOf(input);
  await checkPosition(tx, actor, position);
  await checkNotBlockedOut(tx, { agencyId: actor.agencyId, warehouseId: input.warehouseId, cargoTypeId: input.cargoTypeId, at: actor.now });
  const quantityKg = tonnesToKg(input.quantity);
  const [row] = await tx
    .insert(warehousePreOuts)
    .values({
      agencyId: actor.agencyId,
      warehouseId: input.warehouseId,
      siloId: input.siloId,
      ownerCompanyId: input.ownerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      truckId: input.truckId,
      driverId: input.driverId,
      quantityKg,
      preOutAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('pre out not written');
  const transactionId = await postCommitment(tx, actor, row.id, position, quantityKg);
  await tx.update(warehousePreOuts).set({ ledgerTransactionId: transactionId }).where(eq(warehousePreOuts.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'warehousePreOut', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getPreOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/** Locks a Pre Out in the agency and the writer's scope (404 otherwise). */
async function lockPreOut(tx: Db, actor: ReadActor & { id: number }) {
  const [row] = await tx
    .select()
    .from(warehousePreOuts)
    .where(and(eq(warehousePreOuts.agencyId, actor.agencyId), eq(warehousePreOuts.id, actor.id), dispatchScope(actor.scope)))
    .for('update');
  if (!row) throw notFound(WarehouseDispatchMessages.preOutNotFound);
  return row;
}

/** Edits a Pre Out: its commitment is reversed and posted again with the new quantity, in this transaction. */
export async function updatePreOut(tx: Db, actor: CommandActor & { id: number; input: { truckId: number; driverId: number; quantity: string; remarks: string | null } }): Promise<TWarehousePreOut> {
  const before = await lockPreOut(tx, actor);
  if (before.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.preOutReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'warehousePreOut', id: before.id } });
  await checkTruckAndDriver(tx, actor.agencyId, actor.input.truckId, actor.input.driverId);
  const quantityKg = tonnesToKg(actor.input.quantity);
  let transactionId = before.ledgerTransactionId;
  if (quantityKg !== before.quantityKg) {
    if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: 'Pre Out edited' });
    transactionId = await postCommitment(tx, actor, before.id, positionOf(before), quantityKg);
  }
  const [after] = await tx
    .update(warehousePreOuts)
    .set({ truckId: actor.input.truckId, driverId: actor.input.driverId, quantityKg, remarks: actor.input.remarks, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(warehousePreOuts.id, before.id))
    .returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'warehousePreOut', entityId: before.id, before: auditable(before), after: auditable(after), at: actor.now });
  return getPreOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses a Pre Out with a reason (refused while a live Warehouse Out delivers it): its commitment is released. */
export async function reversePreOut(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockPreOut(tx, actor);
  if (before.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.preOutReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'warehousePreOut', id: before.id } });
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(warehousePreOuts).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(warehousePreOuts.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'warehousePreOut', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- Warehouse Out

type OutListQuery = z.output<typeof ZWarehouseOutListQuery>;
export type OutFilters = Omit<OutListQuery, 'page' | 'limit'>;
/** A reader of outs: the scope, and whether it may see and filter the entry type and filter the transporter. */
export type OutReader = ReadActor & Pick<Actor, 'can'>;

async function outConditions(tx: Db, actor: OutReader, q: OutFilters): Promise<SQL | undefined> {
  // The entry type and transporter filters are behind their flags (permissions catalogue), on the server too.
  if (q.entryType !== undefined && !actor.can(WAREHOUSE_OUT_FLAGS.entryType)) throw forbidden();
  if (q.transporterId !== undefined && !actor.can(WAREHOUSE_OUT_FLAGS.transporter)) throw forbidden();
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  const search = q.search === undefined ? undefined : /^\d{1,9}$/.test(q.search) ? or(eq(warehouseOuts.slipNumber, Number(q.search)), plateOrLc(q.search)) : plateOrLc(q.search);
  return and(
    eq(warehouseOuts.agencyId, actor.agencyId),
    dispatchScope(actor.scope),
    q.warehouseId === undefined ? undefined : eq(warehousePreOuts.warehouseId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(warehousePreOuts.consignmentId, q.consignmentId),
    q.truckId === undefined ? undefined : eq(warehousePreOuts.truckId, q.truckId),
    q.toLocationId === undefined ? undefined : eq(warehouseOuts.toLocationId, q.toLocationId),
    q.destinationType === undefined ? undefined : eq(warehouseOuts.destinationType, q.destinationType),
    q.entryType === undefined ? undefined : eq(outboundSecondWeights.manual, q.entryType === 'manual'),
    q.transporterId === undefined ? undefined : eq(col(trucks, 'transporterId'), q.transporterId),
    q.received === undefined ? undefined : q.received === 'delivered' ? isNotNull(warehouseOuts.receivedTable) : isNull(warehouseOuts.receivedTable),
    q.status === 'all' ? undefined : eq(warehouseOuts.status, q.status),
    ...between(sql`${warehouseOuts.outAt}`, q, timeZone),
    search,
  );
}

export async function listOuts(tx: Db, actor: OutReader & { query: OutListQuery }): Promise<TWarehouseOutList> {
  const q = actor.query;
  const where = await outConditions(tx, actor, q);
  const showEntryType = actor.can(WAREHOUSE_OUT_FLAGS.entryType);
  const rows = await selectOuts(tx)
    .where(where)
    .orderBy(...orderByAllowed(outSort, q, warehouseOuts.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${warehouseOuts.quantityKg}), 0)::text` })
    .from(warehouseOuts)
    .innerJoin(warehousePreOuts, eq(warehousePreOuts.id, warehouseOuts.preOutId))
    .innerJoin(consignments, eq(consignments.id, warehousePreOuts.consignmentId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreOuts.truckId))
    .innerJoin(outboundSecondWeights, eq(outboundSecondWeights.id, warehouseOuts.secondWeightId))
    .where(where);
  return { rows: rows.map((row) => toOut(row, showEntryType)), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function outExportSource(tx: Db, actor: OutReader & { query: OutFilters }): Promise<CursorSource<TWarehouseOut>> {
  const where = await outConditions(tx, actor, actor.query);
  const showEntryType = actor.can(WAREHOUSE_OUT_FLAGS.entryType);
  return cursorSource(selectOuts(tx).where(where).orderBy(...orderByAllowed(outSort, actor.query, warehouseOuts.id)), (_tx, rows) => rows.map((row) => toOut(row, showEntryType)));
}

export async function getOut(tx: Db, actor: OutReader & { id: number; notFoundMessage?: Message }): Promise<TWarehouseOut> {
  const [row] = await selectOuts(tx).where(and(eq(warehouseOuts.agencyId, actor.agencyId), eq(warehouseOuts.id, actor.id), dispatchScope(actor.scope)));
  if (!row) throw notFound(actor.notFoundMessage ?? WarehouseDispatchMessages.warehouseOutNotFound);
  return toOut(row, actor.can(WAREHOUSE_OUT_FLAGS.entryType));
}

/**
 * The destination is an active place of the kind the destination type names (not the warehouse it leaves) that the
 * user may pick (spec 6: one of their locations, and a consignee's site only of a consignee in their scope: the
 * location pickers' rule, `visibleLocations`); any other is refused as not chosen.
 */
export async function checkDestination(tx: Db, actor: ReadActor, input: Pick<TWarehouseOutValues, 'destinationType' | 'toLocationId'>, fromWarehouseId: number): Promise<void> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), input.toLocationId), visibleLocations(actor.scope)));
  if (!location) throw field('toLocationId', WarehouseDispatchMessages.destinationRequired);
  const kind = Number(location.kind);
  const fits =
    input.destinationType === 'warehouse'
      ? kind === LOCATION_KIND_IDS.warehouse
      : kind === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === input.destinationType;
  if (!fits) throw field('toLocationId', WarehouseDispatchMessages.destinationRequired);
  if (input.destinationType === 'warehouse' && input.toLocationId === fromWarehouseId) throw field('toLocationId', WarehouseDispatchMessages.destinationSameWarehouse);
}

/** Starts a truck trip (the IN_TRANSIT account's key) of a kind of out. */
export async function startTrip(tx: Db, params: { agencyId: number; kind: string; at: Date }): Promise<number> {
  const [trip] = await tx.insert(trips).values({ agencyId: params.agencyId, kind: params.kind, createdAt: params.at }).returning({ id: trips.id });
  if (!trip) throw new Error('trip not written');
  return trip.id;
}

/**
 * Posts an out: the quantity leaves the ON_HAND position for the trip's IN_TRANSIT account (the same owner,
 * consignment, cargo type and voyage, going to `destinationLocationId`), releasing a commitment if one was held. The ledger's CHECK refuses it when on
 * hand or usable would go below zero (409 Quantity not available), also when outs race. Returns the transaction.
 */
export async function postDeparture(
  tx: Db,
  params: { agencyId: number; userId: number; at: Date; type: string; source: { table: string; id: number }; position: Position; tripId: number; destinationLocationId: number; quantityKg: bigint; releaseCommittedKg?: bigint },
): Promise<number> {
  const { position } = params;
  const { transactionId } = await post(tx, {
    agencyId: params.agencyId,
    type: params.type,
    source: params.source,
    userId: params.userId,
    at: params.at,
    lines: [
      { account: onHandAccount(position), quantityKg: -params.quantityKg, ...(params.releaseCommittedKg === undefined ? {} : { committedKg: -params.releaseCommittedKg }) },
      {
        account: inTransitAccount({ tripId: params.tripId, voyageId: position.voyageId, consignmentId: position.consignmentId, ownerCompanyId: position.ownerCompanyId, cargoTypeId: position.cargoTypeId }),
        quantityKg: params.quantityKg,
        destinationLocationId: params.destinationLocationId,
      },
    ],
  });
  return transactionId;
}

/**
 * Dispatches a Pre Out's truck: its second weight's net leaves the position on a new trip (ON_HAND -> IN_TRANSIT),
 * the Pre Out's commitment is released, and the slip takes the agency's next warehouse loading slip number. The Pre
 * Out and the second weight are locked (FOR UPDATE), so two outs cannot take either, and a reversal waits.
 */
export async function createOut(tx: Db, actor: CommandActor & Pick<Actor, 'can'> & { input: TWarehouseOutValues }): Promise<TWarehouseOut> {
  const input = actor.input;
  const [preOut] = await tx
    .select()
    .from(warehousePreOuts)
    .where(and(eq(warehousePreOuts.agencyId, actor.agencyId), eq(warehousePreOuts.id, input.preOutId), dispatchScope(actor.scope)))
    .for('update');
  if (!preOut || !inScope(actor.scope.locationIds, preOut.warehouseId)) throw field('preOutId', WarehouseDispatchMessages.preOutRequired);
  if (preOut.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.preOutReversed);
  const [delivered] = await tx.select({ id: warehouseOuts.id }).from(warehouseOuts).where(and(eq(warehouseOuts.preOutId, preOut.id), eq(warehouseOuts.status, 'Active')));
  if (delivered) throw ruleConflict(WarehouseDispatchMessages.preOutDelivered);

  const [second] = await tx
    .select({ id: outboundSecondWeights.id, status: outboundSecondWeights.status, netKg: outboundSecondWeights.netKg, warehouseId: outboundFirstWeights.warehouseId, truckId: outboundFirstWeights.truckId })
    .from(outboundSecondWeights)
    .innerJoin(outboundFirstWeights, eq(outboundFirstWeights.id, outboundSecondWeights.firstWeightId))
    .where(and(eq(outboundSecondWeights.agencyId, actor.agencyId), eq(outboundSecondWeights.id, input.secondWeightId)))
    .for('update', { of: outboundSecondWeights });
  if (!second) throw field('secondWeightId', WarehouseDispatchMessages.secondWeightRequired);
  if (second.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.secondWeightUnavailable);
  const [used] = await tx.select({ id: warehouseOuts.id }).from(warehouseOuts).where(and(eq(warehouseOuts.secondWeightId, second.id), eq(warehouseOuts.status, 'Active')));
  if (used) throw ruleConflict(WarehouseDispatchMessages.secondWeightUsed);
  if (second.warehouseId !== preOut.warehouseId) throw field('secondWeightId', WarehouseDispatchMessages.preOutWarehouseMismatch);
  if (second.truckId !== preOut.truckId) throw field('secondWeightId', WarehouseDispatchMessages.preOutTruckMismatch);
  const netKg = BigInt(second.netKg);
  if (netKg < preOut.quantityKg) {
    throw ruleConflict(WarehouseDispatchMessages.wbqBelowPreOut, { secondWeightId: WarehouseDispatchMessages.wbqBelowPreOut, wbq: kgToTonnes(netKg), preOut: kgToTonnes(preOut.quantityKg) });
  }
  await checkDestination(tx, actor, input, preOut.warehouseId);
  await checkNotBlockedOut(tx, { agencyId: actor.agencyId, warehouseId: preOut.warehouseId, cargoTypeId: preOut.cargoTypeId, at: actor.now });

  const trip = { id: await startTrip(tx, { agencyId: actor.agencyId, kind: 'warehouseOut', at: actor.now }) };
  const slipNumber = await nextNumber(tx, { agencyId: actor.agencyId, name: 'warehouseLoadingSlip' });
  const [row] = await tx
    .insert(warehouseOuts)
    .values({
      agencyId: actor.agencyId,
      slipNumber,
      preOutId: preOut.id,
      secondWeightId: second.id,
      tripId: trip.id,
      destinationType: input.destinationType,
      toLocationId: input.toLocationId,
      quantityKg: netKg,
      outAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('warehouse out not written');
  const transactionId = await postDeparture(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    at: actor.now,
    type: 'warehouseOut',
    source: { table: 'warehouse_outs', id: row.id },
    position: positionOf(preOut),
    tripId: trip.id,
    destinationLocationId: input.toLocationId,
    quantityKg: netKg,
    releaseCommittedKg: preOut.quantityKg,
  });
  await tx.update(warehouseOuts).set({ ledgerTransactionId: transactionId }).where(eq(warehouseOuts.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'warehouseOut', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getOut(tx, { agencyId: actor.agencyId, scope: actor.scope, can: actor.can, id: row.id });
}

export async function lockOut(tx: Db, actor: ReadActor & { id: number }) {
  const [row] = await tx
    .select({ out: warehouseOuts })
    .from(warehouseOuts)
    .innerJoin(warehousePreOuts, eq(warehousePreOuts.id, warehouseOuts.preOutId))
    .where(and(eq(warehouseOuts.agencyId, actor.agencyId), eq(warehouseOuts.id, actor.id), dispatchScope(actor.scope)))
    .for('update', { of: warehouseOuts });
  if (!row) throw notFound(WarehouseDispatchMessages.warehouseOutNotFound);
  return row.out;
}

/** Edits a Warehouse Out's remarks (its quantity is the weighbridge's and its trip has left). */
export async function updateOut(tx: Db, actor: CommandActor & Pick<Actor, 'can'> & { id: number; input: { remarks: string | null } }): Promise<TWarehouseOut> {
  const before = await lockOut(tx, actor);
  if (before.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.warehouseOutReversed);
  const [after] = await tx.update(warehouseOuts).set({ remarks: actor.input.remarks, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(warehouseOuts.id, before.id)).returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'warehouseOut', entityId: before.id, before: auditable(before), after: auditable(after), at: actor.now });
  return getOut(tx, { agencyId: actor.agencyId, scope: actor.scope, can: actor.can, id: before.id });
}

/**
 * Reverses a Warehouse Out with a reason (refused while an In holds it): the trip's stock returns to the position
 * and the Pre Out's commitment with it, so the Pre Out is open again; its second weight is free again.
 */
export async function reverseOut(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockOut(tx, actor);
  if (before.status !== 'Active') throw ruleConflict(WarehouseDispatchMessages.warehouseOutReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'warehouseOut', id: before.id } });
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(warehouseOuts).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(warehouseOuts.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'warehouseOut', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- the Out form's pickers

/** The open Pre Outs (live, no live out) in the user's scope: the Out form's picker. */
export async function openPreOuts(tx: Db, actor: ReadActor & { warehouseId?: number | undefined }): Promise<TWarehousePreOut[]> {
  const rows = await selectPreOuts(tx)
    .where(
      and(
        eq(warehousePreOuts.agencyId, actor.agencyId),
        dispatchScope(actor.scope),
        eq(warehousePreOuts.status, 'Active'),
        isNull(liveOut.id),
        actor.warehouseId === undefined ? undefined : eq(warehousePreOuts.warehouseId, actor.warehouseId),
      ),
    )
    .orderBy(sql`${warehousePreOuts.preOutAt} desc`, sql`${warehousePreOuts.id} desc`)
    .limit(200);
  return rows.map(toPreOut);
}

/** A second weight an Out may take: live, not on a live out, of the Pre Out's truck at its warehouse. */
export interface DispatchableWeight {
  id: number;
  ticketNumber: string;
  truckPlate: string;
  firstKg: number;
  secondKg: number;
  netKg: number;
  netQuantity: string;
  manual: boolean;
  capturedAt: string;
}

export async function dispatchableSecondWeights(tx: Db, actor: ReadActor & { preOutId: number }): Promise<DispatchableWeight[]> {
  const [preOut] = await tx
    .select({ warehouseId: warehousePreOuts.warehouseId, truckId: warehousePreOuts.truckId })
    .from(warehousePreOuts)
    .where(and(eq(warehousePreOuts.agencyId, actor.agencyId), eq(warehousePreOuts.id, actor.preOutId), dispatchScope(actor.scope)));
  if (!preOut) throw notFound(WarehouseDispatchMessages.preOutNotFound);
  const rows = await queryRows<{ id: number; ticket_number: number; plate: string; first_kg: string; second_kg: string; net_kg: string; manual: boolean; captured_at: Date | string }>(
    tx,
    sql`select s.id, f.ticket_number, t.plate_number as plate, f.kg::text as first_kg, s.kg::text as second_kg, s.net_kg::text as net_kg, s.manual, s.captured_at
        from ${outboundSecondWeights} s
        join ${outboundFirstWeights} f on f.id = s.first_weight_id
        join trucks t on t.id = f.truck_id
        where s.agency_id = ${actor.agencyId} and s.status = 'Active' and f.warehouse_id = ${preOut.warehouseId} and f.truck_id = ${preOut.truckId}
          and not exists (select 1 from ${warehouseOuts} o where o.second_weight_id = s.id and o.status = 'Active')
        order by s.captured_at desc, s.id desc
        limit 50`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    ticketNumber: String(row.ticket_number),
    truckPlate: String(row.plate),
    firstKg: Number(row.first_kg),
    secondKg: Number(row.second_kg),
    netKg: Number(row.net_kg),
    netQuantity: kgToTonnes(BigInt(row.net_kg)),
    manual: Boolean(row.manual),
    capturedAt: new Date(row.captured_at).toISOString(),
  }));
}
