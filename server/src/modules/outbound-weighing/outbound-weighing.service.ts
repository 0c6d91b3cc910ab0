import { stabilitySettingsOf } from '../weighing/weighbridges';
import {
  DEFAULT_STABILITY,
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  OutboundWeighingMessages,
  captureRefusalMessage,
  kgToTonnes,
  type StabilitySettings,
  type TOutboundFirstWeightDetail,
  type TOutboundFirstWeightList,
  type TOutboundFirstWeightValues,
  type TOutboundSecondWeightDetail,
  type TOutboundSecondWeightList,
  type TOutboundSecondWeightValues,
  type TReasonBody,
  type TWeighbridgeLive,
  type TWeighingPicture,
  type TOutboundFirstWeight,
  type TOutboundSecondWeight,
  ZOutboundFirstWeightListQuery,
  ZOutboundSecondWeightListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { tenantSearch } from '../../platform/db/tenant-search';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { nextNumber } from '../../identity/counters/counters';
import { inScope, type DataScope } from '../../identity/data-scope';
import { columnOf, drivers, locations, trucks, weightMachines } from '../master-data/master-data.schema';
import { evaluateCapture, windowMs } from '../weighing/stability';
import type { CaptureRefusal, TimedReading, WeighbridgeHub } from '../weighing/weighing.types';
import { outboundFirstWeights, outboundSecondWeights, type StoredReading } from './outbound-weighing.schema';
import { capturedImages } from '../cameras/cameras.schema';
import { capturedPictureUrl } from './outbound-weighing.ticket-pictures';
import { firstWeightSort, liveSecond, secondWeightSort, selectFirstWeights, selectSecondWeights, toFirstWeight, toSecondWeight, weighingScope } from './outbound-weighing.queries';

/*
 * Outbound weighing (spec 2.3 `outbound-first-weight`, `outbound-second-weight`; shared/design/WEIGHING.md). The
 * weight of a weighing is captured here, at save time, from the weighbridge hub's readings through the capture
 * rules (weighing/stability.ts), never taken from the client; a manual weight needs the ManualWeight permission and
 * a reason. Captures on one weighbridge are serialised (an advisory lock per bridge), so two saves cannot both
 * take the same truck's weight ("return to zero" between captures).
 */

const col = columnOf;

/** What the service needs of the app beyond the transaction: the weighbridges' live readings (absent: all offline). */
export interface WeighingDeps {
  weighbridges: WeighbridgeHub | undefined;
}

/** A refused capture: 422 with the rule's message and the refusal's name in details. */
export function captureRefused(reason: CaptureRefusal | 'belowMinNet' | 'aboveMaxNet' | 'minDifference'): AppError {
  const message = reason === 'belowMinNet' || reason === 'aboveMaxNet' || reason === 'minDifference' ? OutboundWeighingMessages[reason] : captureRefusalMessage(reason);
  return new AppError(422, ErrorCode.BUSINESS_RULE, message, { refusal: reason });
}

const ruleConflict = (message: (typeof OutboundWeighingMessages)[keyof typeof OutboundWeighingMessages]) => new AppError(409, ErrorCode.BUSINESS_RULE, message);
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });

// ---------------------------------------------------------------- weighbridges

export interface Weighbridge {
  id: number;
  serial: string;
  name: string;
  locationId: number;
}

/** A weighbridge's capture settings (its master-data "Weighing rules"; a missing one takes its default). */
export async function weighbridgeSettings(tx: Db, machineId: number): Promise<StabilitySettings> {
  const fields = Object.keys(DEFAULT_STABILITY) as (keyof StabilitySettings)[];
  const [row] = await tx
    .select(Object.fromEntries(fields.map((name) => [name, col(weightMachines, name)])))
    .from(weightMachines)
    .where(eq(col(weightMachines, 'id'), machineId));
  return stabilitySettingsOf(row ?? {});
}

/** An active weighbridge of the agency at a location in the reader's scope (404 otherwise). */
export async function findWeighbridge(tx: Db, params: { agencyId: number; scope: DataScope; machineId: number }): Promise<Weighbridge> {
  const [machine] = await tx
    .select({ id: sql<number>`${col(weightMachines, 'id')}`, serial: sql<string>`${col(weightMachines, 'weightMachineId')}`, name: sql<string | null>`${col(weightMachines, 'name')}`, locationId: sql<number>`${col(weightMachines, 'locationId')}` })
    .from(weightMachines)
    .where(and(eq(col(weightMachines, 'agencyId'), params.agencyId), eq(col(weightMachines, 'id'), params.machineId), eq(col(weightMachines, 'isActive'), true)));
  if (!machine || !inScope(params.scope.locationIds, Number(machine.locationId))) throw notFound(OutboundWeighingMessages.weighbridgeNotFound);
  return { id: Number(machine.id), serial: String(machine.serial), name: machine.name ? String(machine.name) : String(machine.serial), locationId: Number(machine.locationId) };
}

/** When the last weight captured from the bridge (not typed) was taken, as ms; null when none. */
async function lastCaptureAt(tx: Db, machineId: number): Promise<number | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`select greatest((select max(captured_at) from ${outboundFirstWeights} where machine_id = ${machineId} and not manual),
                        (select max(captured_at) from ${outboundSecondWeights} where machine_id = ${machineId} and not manual),
                        -- The receiving flows' captures on the same bridge (modules/receiving) count too.
                        (select max(captured_at) from warehouse_pre_ins where machine_id = ${machineId} and not manual),
                        (select max(captured_at) from warehouse_ins where machine_id = ${machineId} and not manual)) as at`,
  );
  return row?.at ? new Date(row.at).getTime() : null;
}

/** The capture rules asked now about a bridge: the hub's window, the bridge's settings and its last capture. */
async function askCapture(tx: Db, deps: WeighingDeps, machineId: number, now: Date, settings: StabilitySettings) {
  const hub = deps.weighbridges;
  const readings: TimedReading[] = hub ? hub.window(machineId, windowMs(settings)) : [];
  return evaluateCapture({ readings, settings, now: now.getTime(), lastCaptureAt: await lastCaptureAt(tx, machineId), lastBelowZeroAt: hub ? hub.lastBelowZeroAt(machineId) : null });
}

/** `GET /api/weighbridge/:machineId/live`: the last weight and what the capture rules say of it now. */
export async function liveWeight(tx: Db, deps: WeighingDeps, params: ReadActor & { machineId: number; now: Date }): Promise<TWeighbridgeLive> {
  const machine = await findWeighbridge(tx, { agencyId: params.agencyId, scope: params.scope, machineId: params.machineId });
  const settings = await weighbridgeSettings(tx, machine.id);
  const status = deps.weighbridges?.status(machine.id) ?? { online: false, last: null };
  const answer = await askCapture(tx, deps, machine.id, params.now, settings);
  const kg = status.last?.kg ?? 0;
  const refusal = answer.ok ? null : answer.reason;
  return {
    machineId: machine.id,
    quantity: Math.round(kg) / 1000,
    kg: Math.round(kg),
    stable: answer.ok || (refusal !== 'motion' && refusal !== 'tooFewFrames' && refusal !== 'offline' && refusal !== 'overload'),
    online: status.online && refusal !== 'offline',
    capturable: answer.ok,
    refusal,
    reason: refusal === null ? null : captureRefusalMessage(refusal),
  };
}

interface Weight {
  kg: number;
  capturedAt: Date;
  manual: boolean;
  manualReason: string | null;
  evidence: StoredReading[];
}

/**
 * The weight of a new weighing: typed (only with the manual permission) or captured from the bridge under the
 * capture rules, holding the bridge's lock to the end of the transaction.
 */
export async function takeWeight(
  tx: Db,
  deps: WeighingDeps,
  params: { machine: Weighbridge; now: Date; settings: StabilitySettings; manual: boolean; manualKg: number | null; manualReason: string | null; canManual: boolean },
): Promise<Weight> {
  if (params.manual) {
    if (!params.canManual) throw forbidden();
    if (params.manualKg === null) throw field('manualKg', OutboundWeighingMessages.manualWeightRequired);
    // A typed weight keeps to the bridge's gross limits too.
    const { minGross, maxGross } = params.settings;
    if (minGross !== null && params.manualKg < minGross) throw captureRefused('belowMinGross');
    if (maxGross !== null && params.manualKg > maxGross) throw captureRefused('aboveMaxGross');
    return { kg: params.manualKg, capturedAt: params.now, manual: true, manualReason: params.manualReason, evidence: [] };
  }
  // One capture at a time per bridge (7301: this module's advisory lock class).
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${params.machine.id})`);
  const answer = await askCapture(tx, deps, params.machine.id, params.now, params.settings);
  if (!answer.ok) throw captureRefused(answer.reason);
  return { kg: Math.round(answer.kg), capturedAt: params.now, manual: false, manualReason: null, evidence: answer.evidence.map(({ kg, stable, overload, at }) => ({ kg, stable, overload, at })) };
}

// ---------------------------------------------------------------- first weights

type FirstListQuery = z.output<typeof ZOutboundFirstWeightListQuery>;
export type FirstWeightFilters = Omit<FirstListQuery, 'page' | 'limit'>;
type SecondListQuery = z.output<typeof ZOutboundSecondWeightListQuery>;
export type SecondWeightFilters = Omit<SecondListQuery, 'page' | 'limit'>;

/** Ticket number or plate: the search of both lists. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const plate = tenantSearch({ id: col(trucks, 'id'), columns: [col(trucks, 'plateNumber')], search });
  return /^\d{1,9}$/.test(search) ? sql`(${outboundFirstWeights.ticketNumber} = ${Number(search)} or ${plate})` : plate;
}

function capturedBetween(column: SQL, q: { fromDate?: string | undefined; toDate?: string | undefined }, timeZone: string): (SQL | undefined)[] {
  return [
    q.fromDate === undefined ? undefined : sql`${column} >= (${q.fromDate}::date::timestamp at time zone ${timeZone})`,
    q.toDate === undefined ? undefined : sql`${column} < ((${q.toDate}::date + 1)::timestamp at time zone ${timeZone})`,
  ];
}

async function firstWeightConditions(tx: Db, params: ReadActor & { q: FirstWeightFilters }): Promise<SQL | undefined> {
  const { q } = params;
  const timeZone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, params.agencyId) : 'UTC';
  return and(
    eq(outboundFirstWeights.agencyId, params.agencyId),
    weighingScope(params.scope),
    q.warehouseId === undefined ? undefined : eq(outboundFirstWeights.warehouseId, q.warehouseId),
    q.truckId === undefined ? undefined : eq(outboundFirstWeights.truckId, q.truckId),
    q.status === 'all' ? undefined : eq(outboundFirstWeights.status, q.status),
    q.open === undefined ? undefined : q.open === 'open' ? isNull(liveSecond.id) : isNotNull(liveSecond.id),
    ...capturedBetween(sql`${outboundFirstWeights.capturedAt}`, q, timeZone),
    searchCondition(q.search),
  );
}

export async function listFirstWeights(tx: Db, params: ReadActor & { query: FirstListQuery }): Promise<TOutboundFirstWeightList> {
  const q = params.query;
  const where = await firstWeightConditions(tx, { ...params, q });
  const rows = await selectFirstWeights(tx)
    .where(where)
    .orderBy(...orderByAllowed(firstWeightSort, q, outboundFirstWeights.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(outboundFirstWeights)
    .innerJoin(trucks, eq(col(trucks, 'id'), outboundFirstWeights.truckId))
    .leftJoin(liveSecond, and(eq(liveSecond.firstWeightId, outboundFirstWeights.id), eq(liveSecond.status, 'Active')))
    .where(where);
  return { rows: rows.map(toFirstWeight), count: total?.count ?? 0 };
}

export async function firstWeightExportSource(tx: Db, params: ReadActor & { query: FirstWeightFilters }): Promise<CursorSource<TOutboundFirstWeight>> {
  const q = params.query;
  const where = await firstWeightConditions(tx, { ...params, q });
  return cursorSource(selectFirstWeights(tx).where(where).orderBy(...orderByAllowed(firstWeightSort, q, outboundFirstWeights.id)), (_tx, rows) => rows.map(toFirstWeight));
}

/** The cameras' shots of a weighing (captured_images of its kind and id), each picture at the capture image route. */
async function picturesOf(tx: Db, params: { agencyId: number; kind: 'outboundFirstWeight' | 'outboundSecondWeight'; id: number }): Promise<TWeighingPicture[]> {
  const rows = await tx
    .select({ id: capturedImages.id, cameraName: capturedImages.cameraName, fileId: capturedImages.fileId, failure: capturedImages.failure })
    .from(capturedImages)
    .where(and(eq(capturedImages.agencyId, params.agencyId), eq(capturedImages.weighingKind, params.kind), eq(capturedImages.weighingId, params.id)))
    .orderBy(asc(capturedImages.id));
  return rows.map((row) => ({ id: row.id, cameraName: row.cameraName, url: row.fileId === null ? null : capturedPictureUrl(row.id), failure: row.failure }));
}

export async function getFirstWeight(tx: Db, params: ReadActor & { id: number }): Promise<TOutboundFirstWeightDetail> {
  const [row] = await selectFirstWeights(tx).where(and(eq(outboundFirstWeights.agencyId, params.agencyId), eq(outboundFirstWeights.id, params.id), weighingScope(params.scope)));
  if (!row) throw notFound(OutboundWeighingMessages.firstWeightNotFound);
  const [evidence] = await tx.select({ evidence: outboundFirstWeights.evidence }).from(outboundFirstWeights).where(eq(outboundFirstWeights.id, params.id));
  return { ...toFirstWeight(row), evidence: evidence?.evidence ?? [], pictures: await picturesOf(tx, { agencyId: params.agencyId, kind: 'outboundFirstWeight', id: params.id }) };
}

/** The open first weights (no live second weight) in scope, newest first: the second weight form's picker. */
export async function openFirstWeights(tx: Db, params: ReadActor & { warehouseId?: number | undefined; search?: string | undefined }): Promise<TOutboundFirstWeight[]> {
  const rows = await selectFirstWeights(tx)
    .where(
      and(
        eq(outboundFirstWeights.agencyId, params.agencyId),
        weighingScope(params.scope),
        eq(outboundFirstWeights.status, 'Active'),
        isNull(liveSecond.id),
        params.warehouseId === undefined ? undefined : eq(outboundFirstWeights.warehouseId, params.warehouseId),
        searchCondition(params.search),
      ),
    )
    .orderBy(sql`${outboundFirstWeights.capturedAt} desc`, sql`${outboundFirstWeights.id} desc`)
    .limit(200);
  return rows.map(toFirstWeight);
}

/** An active truck and driver of the agency (400 naming the field otherwise). */
export async function checkTruckAndDriver(tx: Db, params: { agencyId: number; truckId: number | null; driverId: number | null }): Promise<void> {
  if (params.truckId !== null) {
    const [truck] = await tx.select({ id: sql<number>`${col(trucks, 'id')}` }).from(trucks).where(and(eq(col(trucks, 'agencyId'), params.agencyId), eq(col(trucks, 'id'), params.truckId), eq(col(trucks, 'isActive'), true)));
    if (!truck) throw field('truckId', Messages.truckRequired);
  }
  if (params.driverId !== null) {
    const [driver] = await tx.select({ id: sql<number>`${col(drivers, 'id')}` }).from(drivers).where(and(eq(col(drivers, 'agencyId'), params.agencyId), eq(col(drivers, 'id'), params.driverId), eq(col(drivers, 'isActive'), true)));
    if (!driver) throw field('driverId', Messages.driverRequired);
  }
}

/** A warehouse of the agency in the user's scope (400 otherwise), and a weighbridge of it. */
export async function checkWarehouseAndBridge(tx: Db, params: { agencyId: number; scope: DataScope; warehouseId: number; machineId: number }): Promise<Weighbridge> {
  const [location] = await tx
    .select({ kind: sql<number>`${col(locations, 'locationKindId')}` })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), params.agencyId), eq(col(locations, 'id'), params.warehouseId), eq(col(locations, 'isActive'), true)));
  if (!location || Number(location.kind) !== LOCATION_KIND_IDS.warehouse || !inScope(params.scope.locationIds, params.warehouseId)) throw field('warehouseId', Messages.warehouseRequired);
  let machine: Weighbridge;
  try {
    machine = await findWeighbridge(tx, { agencyId: params.agencyId, scope: params.scope, machineId: params.machineId });
  } catch {
    throw field('machineId', OutboundWeighingMessages.weighbridgeNotAtWarehouse);
  }
  if (machine.locationId !== params.warehouseId) throw field('machineId', OutboundWeighingMessages.weighbridgeNotAtWarehouse);
  return machine;
}

/** The audit's copy of a weighing row (the evidence left out: it stays on the row). */
function auditable(row: Record<string, unknown>): Record<string, unknown> {
  const { evidence: _evidence, ...rest } = row;
  return rest;
}

/** Who takes a weight: a command's actor that can also be asked for the manual weight permission. */
export type Weigher = CommandActor & Pick<Actor, 'can'>;

/** Whether the weigher may type the weight (the manual weight permission; admins may). */
export const mayTypeWeight = (actor: Weigher) => actor.can('ManualWeight', 'add');

/** Creates a first weight: the truck, driver, warehouse and bridge checked, the weight taken, the ticket numbered. */
export async function createFirstWeight(tx: Db, deps: WeighingDeps, actor: Weigher & { input: TOutboundFirstWeightValues }): Promise<TOutboundFirstWeightDetail> {
  const { input } = actor;
  await checkTruckAndDriver(tx, { agencyId: actor.agencyId, truckId: input.truckId, driverId: input.driverId });
  const machine = await checkWarehouseAndBridge(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: input.warehouseId, machineId: input.machineId });
  const settings = await weighbridgeSettings(tx, machine.id);
  const weight = await takeWeight(tx, deps, { machine, now: actor.now, settings, manual: input.manual, manualKg: input.manualKg, manualReason: input.manualReason, canManual: mayTypeWeight(actor) });
  // The ticket number last: the warehouse's counter row stays locked only for the insert and the audit.
  const ticketNumber = await nextNumber(tx, { agencyId: actor.agencyId, name: `outboundWeighTicket:${input.warehouseId}` });
  const [row] = await tx
    .insert(outboundFirstWeights)
    .values({
      agencyId: actor.agencyId,
      ticketNumber,
      truckId: input.truckId,
      driverId: input.driverId,
      warehouseId: input.warehouseId,
      machineId: machine.id,
      ...weight,
      remarks: input.remarks,
      status: 'Active',
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('outbound first weight insert returned no row');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'outboundFirstWeight', entityId: row.id, after: auditable(row), at: actor.now });
  return getFirstWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

async function lockFirstWeight(tx: Db, params: ReadActor & { id: number }) {
  const [row] = await tx
    .select()
    .from(outboundFirstWeights)
    .where(and(eq(outboundFirstWeights.agencyId, params.agencyId), eq(outboundFirstWeights.id, params.id), weighingScope(params.scope)))
    .for('update');
  if (!row) throw notFound(OutboundWeighingMessages.firstWeightNotFound);
  return row;
}

/** Changes what is not a weight of a first weight: its driver and remarks. */
export async function updateFirstWeight(tx: Db, actor: CommandActor & { id: number; input: { driverId: number; remarks: string | null } }): Promise<TOutboundFirstWeightDetail> {
  const before = await lockFirstWeight(tx, { ...actor, id: actor.id });
  if (before.status !== 'Active') throw ruleConflict(OutboundWeighingMessages.firstWeightReversed);
  if (actor.input.driverId !== before.driverId) await checkTruckAndDriver(tx, { agencyId: actor.agencyId, truckId: null, driverId: actor.input.driverId });
  const [after] = await tx
    .update(outboundFirstWeights)
    .set({ driverId: actor.input.driverId, remarks: actor.input.remarks, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(outboundFirstWeights.id, before.id))
    .returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'outboundFirstWeight', entityId: before.id, before: auditable(before), after: after && auditable(after), at: actor.now });
  return getFirstWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses a first weight with a reason; refused while a live second weight stands on it. */
export async function reverseFirstWeight(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockFirstWeight(tx, { ...actor, id: actor.id });
  if (before.status !== 'Active') throw ruleConflict(OutboundWeighingMessages.firstWeightReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'outboundFirstWeight', id: before.id } });
  await tx.update(outboundFirstWeights).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(outboundFirstWeights.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'outboundFirstWeight', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- second weights

async function secondWeightConditions(tx: Db, params: ReadActor & { q: SecondWeightFilters }): Promise<SQL | undefined> {
  const { q } = params;
  const timeZone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, params.agencyId) : 'UTC';
  return and(
    eq(outboundSecondWeights.agencyId, params.agencyId),
    weighingScope(params.scope),
    q.warehouseId === undefined ? undefined : eq(outboundFirstWeights.warehouseId, q.warehouseId),
    q.truckId === undefined ? undefined : eq(outboundFirstWeights.truckId, q.truckId),
    q.status === 'all' ? undefined : eq(outboundSecondWeights.status, q.status),
    ...capturedBetween(sql`${outboundSecondWeights.capturedAt}`, q, timeZone),
    searchCondition(q.search),
  );
}

export async function listSecondWeights(tx: Db, params: ReadActor & { query: SecondListQuery }): Promise<TOutboundSecondWeightList> {
  const q = params.query;
  const where = await secondWeightConditions(tx, { ...params, q });
  const rows = await selectSecondWeights(tx)
    .where(where)
    .orderBy(...orderByAllowed(secondWeightSort, q, outboundSecondWeights.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(outboundSecondWeights)
    .innerJoin(outboundFirstWeights, eq(outboundFirstWeights.id, outboundSecondWeights.firstWeightId))
    .innerJoin(trucks, eq(col(trucks, 'id'), outboundFirstWeights.truckId))
    .where(where);
  return { rows: rows.map(toSecondWeight), count: total?.count ?? 0 };
}

export async function secondWeightExportSource(tx: Db, params: ReadActor & { query: SecondWeightFilters }): Promise<CursorSource<TOutboundSecondWeight>> {
  const q = params.query;
  const where = await secondWeightConditions(tx, { ...params, q });
  return cursorSource(selectSecondWeights(tx).where(where).orderBy(...orderByAllowed(secondWeightSort, q, outboundSecondWeights.id)), (_tx, rows) => rows.map(toSecondWeight));
}

export async function getSecondWeight(tx: Db, params: ReadActor & { id: number }): Promise<TOutboundSecondWeightDetail> {
  const [row] = await selectSecondWeights(tx).where(and(eq(outboundSecondWeights.agencyId, params.agencyId), eq(outboundSecondWeights.id, params.id), weighingScope(params.scope)));
  if (!row) throw notFound(OutboundWeighingMessages.secondWeightNotFound);
  const [evidence] = await tx.select({ evidence: outboundSecondWeights.evidence }).from(outboundSecondWeights).where(eq(outboundSecondWeights.id, params.id));
  return { ...toSecondWeight(row), evidence: evidence?.evidence ?? [], pictures: await picturesOf(tx, { agencyId: params.agencyId, kind: 'outboundSecondWeight', id: params.id }) };
}

/** The second weighing's own rules: at least the minimum difference from the first, and the net within limits. */
export function checkNet(settings: StabilitySettings, firstKg: number, secondKg: number): number {
  const net = Math.abs(secondKg - firstKg);
  if (net < settings.minDifference || net === 0) throw captureRefused('minDifference');
  if (settings.minNet !== null && net < settings.minNet) throw captureRefused('belowMinNet');
  if (settings.maxNet !== null && net > settings.maxNet) throw captureRefused('aboveMaxNet');
  return net;
}

/**
 * Creates a second weight on an open first weight: the same truck, a bridge of the first's warehouse, the weight
 * taken, |second - first| at least the minimum difference, the net within the bridge's limits. The first weight is
 * locked (FOR KEY SHARE, as every consumer) and must be live and open.
 */
export async function createSecondWeight(tx: Db, deps: WeighingDeps, actor: Weigher & { input: TOutboundSecondWeightValues }): Promise<TOutboundSecondWeightDetail> {
  const { input } = actor;
  // The first weight locked FOR UPDATE (stronger than a consumer's FOR KEY SHARE): a reversal waits for this second
  // weight, and two second weights of one first weight (on two bridges) take turns, the later one seeing it closed.
  const [first] = await tx
    .select()
    .from(outboundFirstWeights)
    .where(and(eq(outboundFirstWeights.agencyId, actor.agencyId), eq(outboundFirstWeights.id, input.firstWeightId), weighingScope(actor.scope)))
    .for('update');
  if (!first) throw field('firstWeightId', OutboundWeighingMessages.firstWeightRequired);
  if (first.status !== 'Active') throw ruleConflict(OutboundWeighingMessages.firstWeightReversed);
  const [live] = await tx.select({ id: outboundSecondWeights.id }).from(outboundSecondWeights).where(and(eq(outboundSecondWeights.firstWeightId, first.id), eq(outboundSecondWeights.status, 'Active')));
  if (live) throw ruleConflict(OutboundWeighingMessages.firstWeightClosed);
  if (input.truckId !== first.truckId) throw new AppError(422, ErrorCode.BUSINESS_RULE, OutboundWeighingMessages.sameTruck, { truckId: OutboundWeighingMessages.sameTruck });
  const machine = await checkWarehouseAndBridge(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: first.warehouseId, machineId: input.machineId });
  const settings = await weighbridgeSettings(tx, machine.id);
  const weight = await takeWeight(tx, deps, { machine, now: actor.now, settings, manual: input.manual, manualKg: input.manualKg, manualReason: input.manualReason, canManual: mayTypeWeight(actor) });
  const netKg = checkNet(settings, first.kg, weight.kg);
  const [row] = await tx
    .insert(outboundSecondWeights)
    .values({ agencyId: actor.agencyId, firstWeightId: first.id, machineId: machine.id, ...weight, netKg, remarks: input.remarks, status: 'Active', createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('outbound second weight insert returned no row');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'outboundSecondWeight', entityId: row.id, after: { ...auditable(row), net: kgToTonnes(netKg) }, at: actor.now });
  return getSecondWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

async function lockSecondWeight(tx: Db, params: ReadActor & { id: number }) {
  const [row] = await tx
    .select({ second: outboundSecondWeights })
    .from(outboundSecondWeights)
    .innerJoin(outboundFirstWeights, eq(outboundFirstWeights.id, outboundSecondWeights.firstWeightId))
    .where(and(eq(outboundSecondWeights.agencyId, params.agencyId), eq(outboundSecondWeights.id, params.id), weighingScope(params.scope)))
    .for('update', { of: outboundSecondWeights });
  if (!row) throw notFound(OutboundWeighingMessages.secondWeightNotFound);
  return row.second;
}

/** Changes the remarks of a second weight (its weights never change). */
export async function updateSecondWeight(tx: Db, actor: CommandActor & { id: number; input: { remarks: string | null } }): Promise<TOutboundSecondWeightDetail> {
  const before = await lockSecondWeight(tx, { ...actor, id: actor.id });
  if (before.status !== 'Active') throw ruleConflict(OutboundWeighingMessages.secondWeightReversed);
  const [after] = await tx.update(outboundSecondWeights).set({ remarks: actor.input.remarks, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(outboundSecondWeights.id, before.id)).returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'outboundSecondWeight', entityId: before.id, before: auditable(before), after: after && auditable(after), at: actor.now });
  return getSecondWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses a second weight with a reason: its first weight is open again. */
export async function reverseSecondWeight(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockSecondWeight(tx, { ...actor, id: actor.id });
  if (before.status !== 'Active') throw ruleConflict(OutboundWeighingMessages.secondWeightReversed);
  // A live Warehouse Out that took this weight's net holds it (platform/consumers.ts).
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'outboundSecondWeight', id: before.id } });
  await tx.update(outboundSecondWeights).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(outboundSecondWeights.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'outboundSecondWeight', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

