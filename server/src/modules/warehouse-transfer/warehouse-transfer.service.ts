import {
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  WarehouseTransferMessages,
  kgToTonnes,
  tonnesToKg,
  type TReasonBody,
  type TStockPosition,
  type TWarehouseTransfer,
  type TWarehouseTransferEditValues,
  type TWarehouseTransferList,
  type TWarehouseTransferValues,
  ZWarehouseTransferListQuery,
} from '@tonnage/contracts';
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import type { Position } from '../../ledger/accounts';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { inScope } from '../../identity/data-scope';
import { columnOf, locations, trucks } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { auditable, between, checkPosition, checkSilo, onHandPositions, plateOrLc, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { transferSlips } from './transfer-slip.schema';
import { dispatchTransferSlip, lockTransferSlip, reverseTransferSlip, updateTransferSlip, type TransferSlipWriter } from './transfer-slip.service';
import { selectTransferSlips, toWarehouseTransfer, warehouseTransferScope, warehouseTransferSort } from './warehouse-transfer.queries';

/*
 * Warehouse Transfer (spec 2.3 `warehouseTransfer`; docs/domain.md "Warehouse Transfer and the transfer slip"): one
 * truck trip from an on-hand position at warehouse A (in the user's scope, as the Pre Out's position picker) to
 * warehouse B of the agency (another warehouse in the user's locations), the same owner. The posting and the slip are
 * the generic transfer slip's (transfer-slip.service.ts, source `warehouseTransfer`): ON_HAND(A) -> IN_TRANSIT, the
 * ledger's CHECK refusing more than usable (409 Quantity not available), also when transfers race. A's cargo
 * control `blockOut` refuses it. Warehouse Pre In and Warehouse In at B receive the slip (slip kind `transferSlip`).
 */

const col = columnOf;
type Message = (typeof WarehouseTransferMessages)[keyof typeof WarehouseTransferMessages];
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
/** The audit entity and transfer slip source of a Warehouse Transfer. */
const KIND = 'warehouseTransfer';

type ListQuery = z.output<typeof ZWarehouseTransferListQuery>;
export type WarehouseTransferFilters = Omit<ListQuery, 'page' | 'limit'>;

const ofSource = eq(transferSlips.sourceKind, KIND);

// ---------------------------------------------------------------- places and the positions picker

/** An active warehouse of the agency (not a consignee's or customer's place) in the user's locations. */
async function isWarehouse(tx: Db, actor: ReadActor, locationId: number): Promise<boolean> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  return (
    !!location &&
    Number(location.kind) === LOCATION_KIND_IDS.warehouse &&
    location.ownerType !== 'consignee' &&
    location.ownerType !== 'customer' &&
    inScope(actor.scope.locationIds, locationId)
  );
}

/** `GET /api/warehouseTransfer/positions`: on-hand positions at warehouses in scope (warehouse dispatch's read). */
export function transferPositions(tx: Db, actor: ReadActor & { warehouseId?: number | undefined; consignmentId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { ...actor, place: 'warehouse', locationId: actor.warehouseId });
}

function positionOf(input: TWarehouseTransferValues): Position {
  return { locationId: input.fromWarehouseId, siloId: input.siloId, ownerCompanyId: input.ownerCompanyId, consignmentId: input.consignmentId, cargoTypeId: input.cargoTypeId, voyageId: input.voyageId, attachedVoyageId: input.attachedVoyageId };
}

// ---------------------------------------------------------------- lists

async function conditions(tx: Db, actor: ReadActor, q: WarehouseTransferFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  const search = q.search === undefined ? undefined : /^\d{1,9}$/.test(q.search) ? or(eq(transferSlips.slipNumber, Number(q.search)), plateOrLc(q.search)) : plateOrLc(q.search);
  return and(
    eq(transferSlips.agencyId, actor.agencyId),
    ofSource,
    warehouseTransferScope(actor.scope),
    q.fromWarehouseId === undefined ? undefined : eq(transferSlips.fromLocationId, q.fromWarehouseId),
    q.toWarehouseId === undefined ? undefined : eq(transferSlips.toLocationId, q.toWarehouseId),
    q.consignmentId === undefined ? undefined : eq(transferSlips.consignmentId, q.consignmentId),
    q.ownerCompanyId === undefined ? undefined : eq(transferSlips.ownerCompanyId, q.ownerCompanyId),
    q.truckId === undefined ? undefined : eq(transferSlips.truckId, q.truckId),
    q.received === undefined ? undefined : q.received === 'delivered' ? isNotNull(transferSlips.receivedTable) : isNull(transferSlips.receivedTable),
    q.status === 'all' ? undefined : eq(transferSlips.status, q.status),
    ...between(sql`${transferSlips.slippedAt}`, q, timeZone),
    search,
  );
}

export async function listWarehouseTransfers(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TWarehouseTransferList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectTransferSlips(tx)
    .where(where)
    .orderBy(...orderByAllowed(warehouseTransferSort, q, transferSlips.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${transferSlips.quantityKg}), 0)::text` })
    .from(transferSlips)
    .innerJoin(consignments, eq(consignments.id, transferSlips.consignmentId))
    .innerJoin(trucks, eq(col(trucks, 'id'), transferSlips.truckId))
    .where(where);
  return { rows: rows.map(toWarehouseTransfer), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function warehouseTransferExportSource(tx: Db, actor: ReadActor & { query: WarehouseTransferFilters }): Promise<CursorSource<TWarehouseTransfer>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectTransferSlips(tx).where(where).orderBy(...orderByAllowed(warehouseTransferSort, actor.query, transferSlips.id)), (_tx, rows) => rows.map(toWarehouseTransfer));
}

export async function getWarehouseTransfer(tx: Db, actor: ReadActor & { id: number; notFoundMessage?: Message }): Promise<TWarehouseTransfer> {
  const [row] = await selectTransferSlips(tx).where(and(eq(transferSlips.agencyId, actor.agencyId), ofSource, eq(transferSlips.id, actor.id), warehouseTransferScope(actor.scope)));
  if (!row) throw notFound(actor.notFoundMessage ?? WarehouseTransferMessages.notFound);
  return toWarehouseTransfer(row);
}

// ---------------------------------------------------------------- create, edit, reverse

/**
 * Sends cargo on hand at warehouse A to warehouse B: the position in scope (else 409 Quantity not available, as the
 * Pre Out), B another warehouse in scope (else 400), then the transfer slip (A's cargo control not blocking it out
 * (422), truck, driver, ticket, posting, number).
 */
export async function createWarehouseTransfer(tx: Db, actor: TransferSlipWriter & { input: TWarehouseTransferValues }): Promise<TWarehouseTransfer> {
  const input = actor.input;
  if (!(await isWarehouse(tx, actor, input.fromWarehouseId))) throw field('fromWarehouseId', WarehouseTransferMessages.fromWarehouseRequired);
  if (input.toWarehouseId === input.fromWarehouseId) throw field('toWarehouseId', WarehouseTransferMessages.sameWarehouse);
  if (!(await isWarehouse(tx, actor, input.toWarehouseId))) throw field('toWarehouseId', WarehouseTransferMessages.toWarehouseRequired);
  await checkSilo(tx, actor, input.fromWarehouseId, input.siloId);
  const position = positionOf(input);
  await checkPosition(tx, actor, position);
  const slip = await dispatchTransferSlip(tx, actor, {
    source: KIND,
    position,
    toOwnerCompanyId: input.ownerCompanyId,
    toLocationId: input.toWarehouseId,
    destination: 'warehouse',
    truckId: input.truckId,
    driverId: input.driverId,
    wbtNumber: input.wbtNumber,
    quantityKg: tonnesToKg(input.quantity),
    remarks: input.remarks,
  });
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: KIND, entityId: slip.id, after: auditable(slip), at: actor.now });
  return getWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id: slip.id });
}

/** Locks a transfer in the agency and the writer's scope (404 otherwise); refuses a reversed one. */
async function lockLiveTransfer(tx: Db, actor: ReadActor & { id: number }) {
  const [visible] = await tx
    .select({ id: transferSlips.id })
    .from(transferSlips)
    .where(and(eq(transferSlips.agencyId, actor.agencyId), ofSource, eq(transferSlips.id, actor.id), warehouseTransferScope(actor.scope)));
  const row = visible ? await lockTransferSlip(tx, actor.agencyId, visible.id) : null;
  if (!row) throw notFound(WarehouseTransferMessages.notFound);
  if (row.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, WarehouseTransferMessages.alreadyReversed);
  return row;
}

/** Edits a transfer not yet taken at B (truck, driver, ticket, quantity, remarks): reverse-and-repost on the same trip. */
export async function updateWarehouseTransfer(tx: Db, actor: TransferSlipWriter & { id: number; input: TWarehouseTransferEditValues }): Promise<TWarehouseTransfer> {
  const before = await lockLiveTransfer(tx, actor);
  const input = actor.input;
  const after = await updateTransferSlip(tx, actor, before, { truckId: input.truckId, driverId: input.driverId, wbtNumber: input.wbtNumber, quantityKg: tonnesToKg(input.quantity), remarks: input.remarks, reason: 'Warehouse Transfer edited' });
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: KIND, entityId: before.id, before: auditable(before), after: auditable(after), at: actor.now });
  return getWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses a transfer with a reason (refused while a Pre In or a Warehouse In at B holds the slip). */
export async function reverseWarehouseTransfer(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockLiveTransfer(tx, actor);
  await reverseTransferSlip(tx, actor, before, reason);
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: KIND, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
