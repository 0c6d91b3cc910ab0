import {
  ErrorCode,
  Messages,
  ReceivingMessages,
  siloSharesKg,
  tonnesToKg,
  type SlipKind,
  type TReasonBody,
  type TWarehouseInDetail,
  type TWarehouseInList,
  type TWarehouseInValues,
  type TWarehousePreInDetail,
  type TWarehousePreInList,
  type TWarehousePreInValues,
  type TWarehousePreIn,
  type TWarehouseIn,
  type TInTransitSlip,
  ZWarehouseInListQuery,
  ZWarehousePreInListQuery,
  ZWarehouseInEdit,
} from '@tonnage/contracts';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { accountKey, inTransitAccount, onHandAccount } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { tenantSearch } from '../../platform/db/tenant-search';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { nextNumber } from '../../identity/counters/counters';
import { columnOf, trucks } from '../master-data/master-data.schema';
import { cargoControlFor } from '../master-data/transport-rules';
import { checkNet, checkTruckAndDriver, checkWarehouseAndBridge, mayTypeWeight, takeWeight, weighbridgeSettings, type WeighingDeps, type Weigher } from '../outbound-weighing/outbound-weighing.service';
import { inSort, liveIn, preInSort, receivingScope, selectIns, selectPreIns, toPreIn, toWarehouseIn } from './receiving.queries';
import { warehouseInShares, warehouseIns, warehousePreIns } from './receiving.schema';
import { asSlipKind, SLIP_SOURCES, slipsInTransit, type InTransitSlip } from './slip-sources';
import { slipInScope } from './receiving.scope';

/*
 * Receiving into a warehouse (issue 13; docs/domain.md "Stock is a ledger"). Pre in: the loaded truck's weight
 * captured at the warehouse's bridge (the outbound weighing's capture rules and lock), nothing posted. Warehouse in:
 * the empty truck's weight captured; received = pre in - in; one ledger transaction takes the slip's whole load off
 * IN_TRANSIT, puts the received kg ON_HAND (per silo or the open area) and the difference on TRANSIT_LOSS; the slip is
 * marked received (its typed back-pointer). Silo capacity and the cargo control cap are checked under row locks of
 * the silos and an advisory lock of the warehouse, so racing ins cannot together pass them.
 */

const col = columnOf;
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const rule = (status: number, message: (typeof ReceivingMessages)[keyof typeof ReceivingMessages], details?: Record<string, string>) => new AppError(status, ErrorCode.BUSINESS_RULE, message, details);

// ---------------------------------------------------------------- slips a truck may carry in

/** A slip still in transit to this warehouse, locked (400/409 with the rule's message otherwise). */
async function lockSlipInTransit(tx: Db, params: { agencyId: number; kind: SlipKind; id: number; warehouseId: number }): Promise<InTransitSlip> {
  const slip = await SLIP_SOURCES[params.kind].lock(tx, params.agencyId, params.id);
  if (!slip) throw field('slipId', ReceivingMessages.slipRequired);
  if (slip.status !== 'Active') throw rule(409, ReceivingMessages.slipNotInTransit);
  if (slip.received) throw rule(409, ReceivingMessages.slipAlreadyReceived);
  if (slip.destination !== 'warehouse' || slip.toLocationId !== params.warehouseId) throw rule(422, ReceivingMessages.slipNotForWarehouse, { slipId: ReceivingMessages.slipNotForWarehouse });
  return slip;
}

// ---------------------------------------------------------------- lists

type PreInQuery = z.output<typeof ZWarehousePreInListQuery>;
type InQuery = z.output<typeof ZWarehouseInListQuery>;
export type PreInFilters = Omit<PreInQuery, 'page' | 'limit'>;
export type InFilters = Omit<InQuery, 'page' | 'limit'>;

function searchCondition(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const plate = tenantSearch({ id: col(trucks, 'id'), columns: [col(trucks, 'plateNumber')], search });
  return /^\d{1,9}$/.test(search) ? sql`(${warehousePreIns.ticketNumber} = ${Number(search)} or ${plate})` : plate;
}

async function commonConditions(tx: Db, params: ReadActor & { q: PreInFilters | InFilters; at: SQL; status: SQL }): Promise<(SQL | undefined)[]> {
  const { q } = params;
  const timeZone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, params.agencyId) : 'UTC';
  return [
    eq(warehousePreIns.agencyId, params.agencyId),
    receivingScope(params.scope),
    q.warehouseId === undefined ? undefined : eq(warehousePreIns.warehouseId, q.warehouseId),
    q.truckId === undefined ? undefined : eq(warehousePreIns.truckId, q.truckId),
    q.status === 'all' ? undefined : sql`${params.status} = ${q.status}`,
    q.fromDate === undefined ? undefined : sql`${params.at} >= (${q.fromDate}::date::timestamp at time zone ${timeZone})`,
    q.toDate === undefined ? undefined : sql`${params.at} < ((${q.toDate}::date + 1)::timestamp at time zone ${timeZone})`,
    searchCondition(q.search),
  ];
}

async function preInConditions(tx: Db, params: ReadActor & { q: PreInFilters }) {
  const common = await commonConditions(tx, { ...params, at: sql`${warehousePreIns.capturedAt}`, status: sql`${warehousePreIns.status}` });
  return and(...common, params.q.open === undefined ? undefined : params.q.open === 'open' ? isNull(liveIn.id) : isNotNull(liveIn.id));
}

export async function listPreIns(tx: Db, params: ReadActor & { query: PreInQuery }): Promise<TWarehousePreInList> {
  const q = params.query;
  const where = await preInConditions(tx, { ...params, q });
  const rows = await selectPreIns(tx).where(where).orderBy(...orderByAllowed(preInSort, q, warehousePreIns.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(warehousePreIns)
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreIns.truckId))
    .leftJoin(liveIn, and(eq(liveIn.preInId, warehousePreIns.id), eq(liveIn.status, 'Active')))
    .where(where);
  return { rows: rows.map(toPreIn), count: total?.count ?? 0 };
}

export async function preInExportSource(tx: Db, params: ReadActor & { query: PreInFilters }): Promise<CursorSource<TWarehousePreIn>> {
  const where = await preInConditions(tx, { ...params, q: params.query });
  return cursorSource(selectPreIns(tx).where(where).orderBy(...orderByAllowed(preInSort, params.query, warehousePreIns.id)), (_tx, rows) => rows.map(toPreIn));
}

export async function getPreIn(tx: Db, params: ReadActor & { id: number }): Promise<TWarehousePreInDetail> {
  const [row] = await selectPreIns(tx).where(and(eq(warehousePreIns.agencyId, params.agencyId), eq(warehousePreIns.id, params.id), receivingScope(params.scope)));
  if (!row) throw notFound(ReceivingMessages.preInNotFound);
  const [evidence] = await tx.select({ evidence: warehousePreIns.evidence }).from(warehousePreIns).where(eq(warehousePreIns.id, params.id));
  return { ...toPreIn(row), evidence: evidence?.evidence ?? [] };
}

async function inConditions(tx: Db, params: ReadActor & { q: InFilters }) {
  return and(...(await commonConditions(tx, { ...params, at: sql`${warehouseIns.capturedAt}`, status: sql`${warehouseIns.status}` })));
}

export async function listIns(tx: Db, params: ReadActor & { query: InQuery }): Promise<TWarehouseInList> {
  const q = params.query;
  const where = await inConditions(tx, { ...params, q });
  const rows = await selectIns(tx).where(where).orderBy(...orderByAllowed(inSort, q, warehouseIns.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(warehouseIns)
    .innerJoin(warehousePreIns, eq(warehousePreIns.id, warehouseIns.preInId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreIns.truckId))
    .where(where);
  return { rows: rows.map(toWarehouseIn), count: total?.count ?? 0 };
}

export async function inExportSource(tx: Db, params: ReadActor & { query: InFilters }): Promise<CursorSource<TWarehouseIn>> {
  const where = await inConditions(tx, { ...params, q: params.query });
  return cursorSource(selectIns(tx).where(where).orderBy(...orderByAllowed(inSort, params.query, warehouseIns.id)), (_tx, rows) => rows.map(toWarehouseIn));
}

export async function getIn(tx: Db, params: ReadActor & { id: number }): Promise<TWarehouseInDetail> {
  const [row] = await selectIns(tx).where(and(eq(warehouseIns.agencyId, params.agencyId), eq(warehouseIns.id, params.id), receivingScope(params.scope)));
  if (!row) throw notFound(ReceivingMessages.warehouseInNotFound);
  const [evidence] = await tx.select({ evidence: warehouseIns.evidence }).from(warehouseIns).where(eq(warehouseIns.id, params.id));
  return { ...toWarehouseIn(row), evidence: evidence?.evidence ?? [] };
}

// ---------------------------------------------------------------- pre in

const auditable = (row: Record<string, unknown>) => {
  const { evidence: _evidence, ...rest } = row;
  return rest;
};

/** Creates a pre in: slip in transit to this warehouse, truck and driver, the bridge's weight captured, a ticket numbered. */
export async function createPreIn(tx: Db, deps: WeighingDeps, actor: Weigher & { input: TWarehousePreInValues }): Promise<TWarehousePreInDetail> {
  const { input } = actor;
  await checkTruckAndDriver(tx, { agencyId: actor.agencyId, truckId: input.truckId, driverId: input.driverId });
  const machine = await checkWarehouseAndBridge(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: input.warehouseId, machineId: input.machineId });
  await lockSlipInTransit(tx, { agencyId: actor.agencyId, kind: input.slipKind, id: input.slipId, warehouseId: input.warehouseId });
  if (!(await slipInScope(tx, actor.scope, input.slipKind, input.slipId))) throw field('slipId', ReceivingMessages.slipRequired);
  const [taken] = await tx
    .select({ id: warehousePreIns.id })
    .from(warehousePreIns)
    .where(and(eq(warehousePreIns.slipKind, input.slipKind), eq(warehousePreIns.slipId, input.slipId), eq(warehousePreIns.status, 'Active')));
  if (taken) throw rule(409, ReceivingMessages.slipHasPreIn, { slipId: ReceivingMessages.slipHasPreIn });
  const settings = await weighbridgeSettings(tx, machine.id);
  const weight = await takeWeight(tx, deps, { machine, now: actor.now, settings, manual: input.manual, manualKg: input.manualKg, manualReason: input.manualReason, canManual: mayTypeWeight(actor) });
  const ticketNumber = await nextNumber(tx, { agencyId: actor.agencyId, name: `warehouseInTicket:${input.warehouseId}` });
  const [row] = await tx
    .insert(warehousePreIns)
    .values({ agencyId: actor.agencyId, ticketNumber, slipKind: input.slipKind, slipId: input.slipId, truckId: input.truckId, driverId: input.driverId, warehouseId: input.warehouseId, machineId: machine.id, ...weight, remarks: input.remarks, status: 'Active', createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('warehouse pre in insert returned no row');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'warehousePreIn', entityId: row.id, after: auditable(row), at: actor.now });
  return getPreIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

async function lockPreIn(tx: Db, params: ReadActor & { id: number }) {
  const [row] = await tx
    .select()
    .from(warehousePreIns)
    .where(and(eq(warehousePreIns.agencyId, params.agencyId), eq(warehousePreIns.id, params.id), receivingScope(params.scope)))
    .for('update');
  if (!row) throw notFound(ReceivingMessages.preInNotFound);
  return row;
}

/** Changes a pre in's driver and remarks (its weight never changes). */
export async function updatePreIn(tx: Db, actor: CommandActor & { id: number; input: { driverId: number; remarks: string | null } }): Promise<TWarehousePreInDetail> {
  const before = await lockPreIn(tx, actor);
  if (before.status !== 'Active') throw rule(409, ReceivingMessages.preInReversed);
  await checkTruckAndDriver(tx, { agencyId: actor.agencyId, truckId: null, driverId: actor.input.driverId });
  const [after] = await tx.update(warehousePreIns).set({ driverId: actor.input.driverId, remarks: actor.input.remarks, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(warehousePreIns.id, before.id)).returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'warehousePreIn', entityId: before.id, before: auditable(before), after: after && auditable(after), at: actor.now });
  return getPreIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses a pre in with a reason; refused while a live warehouse in stands on it. */
export async function reversePreIn(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockPreIn(tx, actor);
  if (before.status !== 'Active') throw rule(409, ReceivingMessages.preInReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'warehousePreIn', id: before.id } });
  await tx.update(warehousePreIns).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(warehousePreIns.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'warehousePreIn', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- warehouse in

type Storage = z.output<typeof ZWarehouseInEdit>;
export interface Share {
  siloId: number | null;
  kg: bigint;
}

/**
 * Where the received kg go, checked against the warehouse: its storage type allows silos or the open area, each
 * silo is the warehouse's, the silos' shares add up to the received kg ('Must be equal to Cargo Quantity!'), each
 * silo (locked FOR UPDATE, in id order) keeps within its capacity with what it already holds, and the cargo control
 * of the day lets the cargo in and under its cap (the warehouse's advisory lock serialises that sum).
 */
export async function placeShares(
  tx: Db,
  params: {
    agencyId: number;
    warehouseId: number;
    cargoTypeId: number;
    receivedKg: bigint;
    storage: Storage;
    date: string;
    /**
     * Cargo already in this warehouse moving between its silos and open area (a silo transfer): `move` keeps the
     * cargo control's in-block but not its cap (the warehouse's total does not change); `return` (its reversal)
     * checks the silos alone.
     */
    within?: 'move' | 'return';
  },
): Promise<Share[]> {
  const [place] = await queryRows<{ storage_type: string | null }>(tx, sql`select storage_type from locations where agency_id = ${params.agencyId} and id = ${params.warehouseId}`);
  const storageType = place?.storage_type ?? 'openArea';
  let shares: Share[];
  if (params.storage.storage === 'openArea') {
    if (storageType === 'silo') throw field('storage', ReceivingMessages.noOpenArea);
    shares = [{ siloId: null, kg: params.receivedKg }];
  } else {
    if (storageType === 'openArea') throw field('storage', ReceivingMessages.noSilos);
    if (siloSharesKg(params.storage.silos) !== params.receivedKg) throw rule(422, ReceivingMessages.siloSum, { silos: ReceivingMessages.siloSum });
    shares = params.storage.silos.map((share) => ({ siloId: share.siloId, kg: tonnesToKg(share.quantity) }));
    const ids = [...shares.map((s) => Number(s.siloId))].sort((a, b) => a - b);
    // The silos locked first, in id order; what they hold is read by the next statement, whose snapshot (read
    // committed) is taken after the locks are held, so it sees the in that held them before.
    await tx.execute(
      sql`select id from silos where agency_id = ${params.agencyId} and warehouse_id = ${params.warehouseId} and is_active
          and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`,
    );
    const silos = await queryRows<{ id: number; capacity_kg: string; held_kg: string }>(
      tx,
      sql`select l.id, round(l.capacity * 1000)::bigint::text as capacity_kg,
                 (select coalesce(sum(a.balance_kg), 0)::text from ledger_accounts a where a.agency_id = ${params.agencyId} and a.kind = 'ON_HAND' and a.silo_id = l.id) as held_kg
          from silos l where l.agency_id = ${params.agencyId} and l.warehouse_id = ${params.warehouseId} and l.is_active
            and l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    const byId = new Map(silos.map((s) => [Number(s.id), s]));
    for (const share of shares) {
      const silo = byId.get(Number(share.siloId));
      if (!silo) throw rule(422, ReceivingMessages.siloNotInWarehouse, { silos: ReceivingMessages.siloNotInWarehouse });
      if (BigInt(silo.held_kg) + share.kg > BigInt(silo.capacity_kg)) throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, ReceivingMessages.siloFull, { silos: ReceivingMessages.siloFull, siloId: String(share.siloId) });
    }
  }
  if (params.within === 'return') return shares;
  const control = await cargoControlFor(tx, { agencyId: params.agencyId, cargoTypeId: params.cargoTypeId, locationId: params.warehouseId, date: params.date });
  if (control.blockIn) throw rule(422, ReceivingMessages.cargoBlockedIn);
  if (control.maxStock !== null && params.within === undefined) {
    // 7302: receiving's advisory lock class, per warehouse: ins under a cap take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(7302, ${params.warehouseId})`);
    const [held] = await queryRows<{ kg: string }>(
      tx,
      sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where agency_id = ${params.agencyId} and kind = 'ON_HAND' and location_id = ${params.warehouseId} and cargo_type_id = ${params.cargoTypeId}`,
    );
    if (BigInt(held?.kg ?? '0') + params.receivedKg > tonnesToKg(String(control.maxStock))) throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, ReceivingMessages.cargoCapExceeded);
  }
  return shares;
}

/** The posting of a warehouse in: the slip's load off IN_TRANSIT, the shares ON_HAND, the difference TRANSIT_LOSS. */
export async function postIn(tx: Db, params: { agencyId: number; userId: number; at: Date; inId: number; slip: InTransitSlip; warehouseId: number; shares: Share[]; type?: string; table?: string }): Promise<number> {
  const { slip } = params;
  const load = { tripId: slip.tripId, voyageId: slip.voyageId, consignmentId: slip.consignmentId, ownerCompanyId: slip.ownerCompanyId, cargoTypeId: slip.cargoTypeId };
  const receivedKg = params.shares.reduce((sum, s) => sum + s.kg, 0n);
  const lossKg = slip.quantityKg - receivedKg;
  const { transactionId } = await post(tx, {
    agencyId: params.agencyId,
    type: params.type ?? 'warehouseIn',
    source: { table: params.table ?? 'warehouse_ins', id: params.inId },
    userId: params.userId,
    at: params.at,
    lines: [
      { account: inTransitAccount(load), quantityKg: -slip.quantityKg },
      ...params.shares.map((share) => ({
        account: onHandAccount({ locationId: params.warehouseId, siloId: share.siloId, ownerCompanyId: slip.ownerCompanyId, consignmentId: slip.consignmentId, cargoTypeId: slip.cargoTypeId, voyageId: slip.voyageId, attachedVoyageId: slip.attachedVoyageId }),
        quantityKg: share.kg,
      })),
      ...(lossKg === 0n ? [] : [{ account: accountKey('TRANSIT_LOSS', load), quantityKg: lossKg }]),
    ],
  });
  return transactionId;
}

export async function writeShares(tx: Db, params: { agencyId: number; inId: number; shares: Share[] }): Promise<void> {
  await tx.delete(warehouseInShares).where(eq(warehouseInShares.warehouseInId, params.inId));
  await tx.insert(warehouseInShares).values(params.shares.map((share) => ({ agencyId: params.agencyId, warehouseInId: params.inId, siloId: share.siloId, quantityKg: Number(share.kg) })));
}

export const dateIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Creates a warehouse in on an open pre in: its slip still in transit (locked), the empty truck's weight taken on a
 * bridge of the warehouse, received = pre in - in (the net rules of the bridge), placed, posted, the slip received.
 */
export async function createIn(tx: Db, deps: WeighingDeps, actor: Weigher & { input: TWarehouseInValues }): Promise<TWarehouseInDetail> {
  const { input } = actor;
  const [preIn] = await tx
    .select()
    .from(warehousePreIns)
    .where(and(eq(warehousePreIns.agencyId, actor.agencyId), eq(warehousePreIns.id, input.preInId), receivingScope(actor.scope)))
    .for('update');
  if (!preIn) throw field('preInId', Messages.wbtRequired);
  if (preIn.status !== 'Active') throw rule(409, ReceivingMessages.preInReversed);
  const [live] = await tx.select({ id: warehouseIns.id }).from(warehouseIns).where(and(eq(warehouseIns.preInId, preIn.id), eq(warehouseIns.status, 'Active')));
  if (live) throw rule(409, ReceivingMessages.preInReceived);
  const kind = asSlipKind(preIn.slipKind);
  const slip = await lockSlipInTransit(tx, { agencyId: actor.agencyId, kind, id: preIn.slipId, warehouseId: preIn.warehouseId });
  const machine = await checkWarehouseAndBridge(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: preIn.warehouseId, machineId: input.machineId });
  const settings = await weighbridgeSettings(tx, machine.id);
  const weight = await takeWeight(tx, deps, { machine, now: actor.now, settings, manual: input.manual, manualKg: input.manualKg, manualReason: input.manualReason, canManual: mayTypeWeight(actor) });
  const receivedKg = BigInt(checkNet(settings, preIn.kg, weight.kg));
  const timeZone = await agencyTimezone(tx, actor.agencyId);
  const shares = await placeShares(tx, { agencyId: actor.agencyId, warehouseId: preIn.warehouseId, cargoTypeId: slip.cargoTypeId, receivedKg, storage: input, date: dateIn(actor.now, timeZone) });
  const [row] = await tx
    .insert(warehouseIns)
    .values({ agencyId: actor.agencyId, preInId: preIn.id, machineId: machine.id, ...weight, receivedKg: Number(receivedKg), slipKg: Number(slip.quantityKg), storage: input.storage, remarks: input.remarks, status: 'Active', createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('warehouse in insert returned no row');
  await writeShares(tx, { agencyId: actor.agencyId, inId: row.id, shares });
  const transactionId = await postIn(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, inId: row.id, slip, warehouseId: preIn.warehouseId, shares });
  await tx.update(warehouseIns).set({ ledgerTransactionId: transactionId }).where(eq(warehouseIns.id, row.id));
  await SLIP_SOURCES[kind].markReceived(tx, slip.id, { table: 'warehouse_ins', id: row.id, at: actor.now });
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'warehouseIn', entityId: row.id, after: { ...auditable(row), shares: shares.map((s) => ({ siloId: s.siloId, kg: String(s.kg) })) }, at: actor.now });
  return getIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

export async function lockIn(tx: Db, params: ReadActor & { id: number }) {
  const [row] = await tx
    .select({ in: warehouseIns, preIn: warehousePreIns })
    .from(warehouseIns)
    .innerJoin(warehousePreIns, eq(warehousePreIns.id, warehouseIns.preInId))
    .where(and(eq(warehouseIns.agencyId, params.agencyId), eq(warehouseIns.id, params.id), receivingScope(params.scope)))
    .for('update', { of: warehouseIns });
  if (!row) throw notFound(ReceivingMessages.warehouseInNotFound);
  return row;
}

/** The slip of a received in (locked; it is received by this in, so not "in transit"). */
export async function lockSlipOf(tx: Db, agencyId: number, preIn: { slipKind: string; slipId: number }): Promise<InTransitSlip> {
  const slip = await SLIP_SOURCES[asSlipKind(preIn.slipKind)].lock(tx, agencyId, preIn.slipId);
  if (!slip) throw new Error('warehouse in without its slip');
  return slip;
}

/** Moves a warehouse in to other silos or the open area (its posting reversed and posted anew) and changes its remarks. */
export async function updateIn(tx: Db, actor: CommandActor & { id: number; input: Storage }): Promise<TWarehouseInDetail> {
  const { in: before, preIn } = await lockIn(tx, actor);
  if (before.status !== 'Active') throw rule(409, ReceivingMessages.warehouseInReversed);
  const slip = await lockSlipOf(tx, actor.agencyId, preIn);
  if (before.ledgerTransactionId === null) throw new Error('warehouse in without its posting');
  await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: 'Warehouse In updated' });
  const timeZone = await agencyTimezone(tx, actor.agencyId);
  const shares = await placeShares(tx, { agencyId: actor.agencyId, warehouseId: preIn.warehouseId, cargoTypeId: slip.cargoTypeId, receivedKg: BigInt(before.receivedKg), storage: actor.input, date: dateIn(actor.now, timeZone) });
  await writeShares(tx, { agencyId: actor.agencyId, inId: before.id, shares });
  const transactionId = await postIn(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, inId: before.id, slip: { ...slip, quantityKg: BigInt(before.slipKg) }, warehouseId: preIn.warehouseId, shares });
  const [after] = await tx.update(warehouseIns).set({ storage: actor.input.storage, remarks: actor.input.remarks, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(warehouseIns.id, before.id)).returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'warehouseIn', entityId: before.id, before: auditable(before), after: after && { ...auditable(after), shares: shares.map((s) => ({ siloId: s.siloId, kg: String(s.kg) })) }, at: actor.now });
  return getIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/**
 * Reverses a warehouse in with a reason: its posting reversed (the cargo back in transit; 409 'Quantity not
 * available' when the stock it brought has moved on), the slip no longer received, the pre in open again.
 */
export async function reverseIn(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const { in: before, preIn } = await lockIn(tx, actor);
  if (before.status !== 'Active') throw rule(409, ReceivingMessages.warehouseInReversed);
  await lockSlipOf(tx, actor.agencyId, preIn);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await SLIP_SOURCES[asSlipKind(preIn.slipKind)].markReceived(tx, preIn.slipId, null);
  await tx.update(warehouseIns).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(warehouseIns.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'warehouseIn', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- pickers

/** The slips of every kind in transit to a warehouse in the user's scope, not received and without a live pre in: the pre in's picker. */
export async function inTransitSlips(tx: Db, params: ReadActor & { warehouseId: number; search?: string | undefined }): Promise<TInTransitSlip[]> {
  return slipsInTransit(tx, {
    agencyId: params.agencyId,
    scope: params.scope,
    destination: 'warehouse',
    locationId: params.warehouseId,
    search: params.search,
    extra: sql`not exists (select 1 from warehouse_pre_ins w where w.slip_kind = slip.slip_kind and w.slip_id = slip.slip_id and w.status = 'Active')`,
  });
}

/** The open pre ins (live, no live warehouse in) of a warehouse in the user's scope: the warehouse in's ticket picker. */
export async function openPreIns(tx: Db, params: ReadActor & { warehouseId?: number | undefined }): Promise<TWarehousePreIn[]> {
  const rows = await selectPreIns(tx)
    .where(
      and(
        eq(warehousePreIns.agencyId, params.agencyId),
        receivingScope(params.scope),
        eq(warehousePreIns.status, 'Active'),
        isNull(liveIn.id),
        params.warehouseId === undefined ? undefined : eq(warehousePreIns.warehouseId, params.warehouseId),
      ),
    )
    .orderBy(sql`${warehousePreIns.capturedAt} desc`, sql`${warehousePreIns.id} desc`)
    .limit(200);
  return rows.map(toPreIn);
}
