import {
  ConsigneeTransferMessages,
  ErrorCode,
  LOCATION_KIND_IDS,
  LoanMessages,
  LoanSlipHeldMessages,
  PortLoadingMessages,
  WarehouseTransferMessages,
  type ServerMessage,
  type TLoanDeliveryInput,
  type TransferDestination,
  type TransferSlipSource,
} from '@tonnage/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { inScope } from '../../identity/data-scope';
import { inTransitAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { assertNotConsumed } from '../../platform/consumers';
import { queryRows, type Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/errors';
import { nextNumber } from '../../identity/counters/counters';
import { checkTripTruckAndDriver } from '../port-loading/loading-slips.service';
import { checkNotBlockedOut, startTrip } from '../warehouse-dispatch/warehouse-dispatch.service';
import { columnOf, locations } from '../master-data/master-data.schema';
import { transferSlips } from './transfer-slip.schema';

/*
 * The transfer slip (docs/domain.md "Warehouse Transfer and the transfer slip"): one truck trip from an on-hand
 * position to another place of the agency, with its posting ON_HAND(position) -> IN_TRANSIT(trip, voyage,
 * consignment, arrival owner, cargo type) and its slip number (per agency, gap-free, `agency_counters` name
 * `transferSlip`, taken after every check as the other slips take theirs). A flow that moves cargo physically
 * between places calls `dispatchTransferSlip` in its transaction; the receipt at the destination takes the slip
 * through receiving's SLIP_SOURCES entry `transferSlip`. Warehouse Transfer is its first user (same owner, a
 * warehouse). The caller checks the position's and the destination's scope; the truck, driver and ticket are checked
 * here, the same for every user.
 */

/** The counter of the transfer slips' numbers. */
const COUNTER = 'transferSlip';
/** The ledger transaction type and trip kind of a transfer slip's posting. */
const KIND = 'transferSlip';
const TABLE = 'transfer_slips';

/** A writer of transfer slips: the command actor and the language of the truck rules' messages. */
export type TransferSlipWriter = CommandActor & Pick<Actor, 'lang'>;

export interface TransferSlipDispatch {
  source: TransferSlipSource;
  /** The ON_HAND account the cargo leaves (the caller checked it is in the writer's scope). */
  position: Position;
  /** The owner on arrival: the IN_TRANSIT account carries it (the position's owner when ownership does not change). */
  toOwnerCompanyId: number;
  toLocationId: number;
  destination: TransferDestination;
  truckId: number;
  driverId: number;
  wbtNumber: string;
  quantityKg: bigint;
  remarks: string | null;
}

export type TransferSlipRow = typeof transferSlips.$inferSelect;

/** The slip's position (the ON_HAND account it drew on). */
export function slipPosition(row: TransferSlipRow): Position {
  return { locationId: row.fromLocationId, siloId: row.siloId, ownerCompanyId: row.ownerCompanyId, consignmentId: row.consignmentId, cargoTypeId: row.cargoTypeId, voyageId: row.voyageId, attachedVoyageId: row.attachedVoyageId };
}

/** The truck and driver as the port loading slip checks them (any transporter's), trips counted among the day's live transfer slips. */
async function checkTruckAndDriver(tx: Db, actor: TransferSlipWriter, params: { truckId: number; driverId: number; quantityKg: bigint; at: Date; exceptId?: number }): Promise<void> {
  const { truckId, driverId } = params;
  await checkTripTruckAndDriver(tx, {
    agencyId: actor.agencyId,
    portLoading: { transporterKind: 'any', transporterId: null },
    truckId,
    driverId,
    quantityKg: params.quantityKg,
    loadedAt: params.at,
    lang: actor.lang,
    tripsToday: async (day) => {
      const [today] = await tx
        .select({
          truck: sql<number>`count(*) filter (where ${transferSlips.truckId} = ${truckId})::int`,
          driver: sql<number>`count(*) filter (where ${transferSlips.driverId} = ${driverId})::int`,
        })
        .from(transferSlips)
        .where(
          and(
            eq(transferSlips.agencyId, actor.agencyId),
            eq(transferSlips.status, 'Active'),
            or(eq(transferSlips.truckId, truckId), eq(transferSlips.driverId, driverId)),
            sql`${transferSlips.slippedAt} >= ${day.from}`,
            sql`${transferSlips.slippedAt} < ${day.to}`,
            params.exceptId === undefined ? undefined : sql`${transferSlips.id} <> ${params.exceptId}`,
          ),
        );
      return { truck: today?.truck ?? 0, driver: today?.driver ?? 0 };
    },
  });
}

/** A WBT number already on a live transfer slip of the agency (other than the one edited) is refused, as on port slips. */
async function checkWbt(tx: Db, agencyId: number, wbtNumber: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: transferSlips.id })
    .from(transferSlips)
    .where(and(eq(transferSlips.agencyId, agencyId), eq(transferSlips.status, 'Active'), sql`lower(${transferSlips.wbtNumber}) = lower(${wbtNumber})`, exceptId === undefined ? undefined : sql`${transferSlips.id} <> ${exceptId}`))
    .limit(1);
  if (taken) throw new AppError(409, ErrorCode.CONFLICT, PortLoadingMessages.wbtTaken, { wbtNumber: PortLoadingMessages.wbtTaken });
}

/** Posts the trip: the quantity leaves the position for the IN_TRANSIT account of the trip and the arrival owner (the ledger's CHECK refuses more than usable). */
async function postSlip(tx: Db, actor: CommandActor, params: { slipId: number; position: Position; toOwnerCompanyId: number; tripId: number; toLocationId: number; quantityKg: bigint }): Promise<number> {
  const { position } = params;
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: KIND,
    source: { table: TABLE, id: params.slipId },
    userId: actor.userId,
    at: actor.now,
    lines: [
      { account: onHandAccount(position), quantityKg: -params.quantityKg },
      {
        account: inTransitAccount({ tripId: params.tripId, voyageId: position.voyageId, consignmentId: position.consignmentId, ownerCompanyId: params.toOwnerCompanyId, cargoTypeId: position.cargoTypeId }),
        quantityKg: params.quantityKg,
        destinationLocationId: params.toLocationId,
      },
    ],
  });
  return transactionId;
}

/**
 * Dispatches a transfer slip: checks the truck, driver and ticket, starts a trip, writes the slip and posts
 * ON_HAND -> IN_TRANSIT (409 Quantity not available when usable is short: the whole transaction rolls back), then
 * takes the slip number last. Returns the slip row.
 */
export async function dispatchTransferSlip(tx: Db, actor: TransferSlipWriter, params: TransferSlipDispatch): Promise<TransferSlipRow> {
  // Cargo control (issue 14): cargo leaving a warehouse by truck obeys the day's block whatever the flow (a Warehouse
  // Transfer, a loan, a loan return, a sale); a consignee location has no cargo control.
  const [from] = await tx
    .select({ kind: columnOf(locations, 'locationKindId') })
    .from(locations)
    .where(and(eq(columnOf(locations, 'agencyId'), actor.agencyId), eq(columnOf(locations, 'id'), params.position.locationId)));
  if (from?.kind === LOCATION_KIND_IDS.warehouse) await checkNotBlockedOut(tx, { agencyId: actor.agencyId, warehouseId: params.position.locationId, cargoTypeId: params.position.cargoTypeId, at: actor.now });
  await checkTruckAndDriver(tx, actor, { truckId: params.truckId, driverId: params.driverId, quantityKg: params.quantityKg, at: actor.now });
  await checkWbt(tx, actor.agencyId, params.wbtNumber);
  const tripId = await startTrip(tx, { agencyId: actor.agencyId, kind: KIND, at: actor.now });
  const { position } = params;
  // The slip number is written after the posting succeeded; a provisional negative number keeps the unique index.
  const [row] = await tx
    .insert(transferSlips)
    .values({
      agencyId: actor.agencyId,
      slipNumber: -tripId,
      sourceKind: params.source,
      fromLocationId: position.locationId,
      siloId: position.siloId,
      ownerCompanyId: position.ownerCompanyId,
      toOwnerCompanyId: params.toOwnerCompanyId,
      consignmentId: position.consignmentId,
      cargoTypeId: position.cargoTypeId,
      voyageId: position.voyageId,
      attachedVoyageId: position.attachedVoyageId,
      destination: params.destination,
      toLocationId: params.toLocationId,
      tripId,
      truckId: params.truckId,
      driverId: params.driverId,
      wbtNumber: params.wbtNumber,
      quantityKg: params.quantityKg,
      slippedAt: actor.now,
      remarks: params.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('transfer slip not written');
  const transactionId = await postSlip(tx, actor, { slipId: row.id, position, toOwnerCompanyId: params.toOwnerCompanyId, tripId, toLocationId: params.toLocationId, quantityKg: params.quantityKg });
  const slipNumber = await nextNumber(tx, { agencyId: actor.agencyId, name: COUNTER });
  const [saved] = await tx.update(transferSlips).set({ slipNumber, ledgerTransactionId: transactionId }).where(eq(transferSlips.id, row.id)).returning();
  if (!saved) throw new Error('transfer slip not numbered');
  return saved;
}

/** Locks a live slip of the agency (FOR UPDATE) already read in the caller's scope; null when there is none. */
export async function lockTransferSlip(tx: Db, agencyId: number, id: number): Promise<TransferSlipRow | null> {
  const [row] = await tx
    .select()
    .from(transferSlips)
    .where(and(eq(transferSlips.agencyId, agencyId), eq(transferSlips.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Refuses a change or reversal of a slip a receipt holds: the receipt that marked it received (the consumer
 * catalogue's message), or a live Warehouse Pre In that weighed its truck in (which locks the slip FOR UPDATE before
 * it is written, so it cannot slip past this check).
 */
export async function assertSlipNotTaken(tx: Db, agencyId: number, id: number): Promise<void> {
  const [slip] = await tx.select({ sourceKind: transferSlips.sourceKind, receivedTable: transferSlips.receivedTable }).from(transferSlips).where(and(eq(transferSlips.agencyId, agencyId), eq(transferSlips.id, id))).for('update');
  const named = slip === undefined ? undefined : HELD_BY_SOURCE[slip.sourceKind as TransferSlipSource];
  // A record of its own (a loan, a return) is named in the refusal; the consumer catalogue names the Warehouse Transfer.
  const held = named?.[slip?.receivedTable ?? ''];
  if (held !== undefined) throw new AppError(409, ErrorCode.BUSINESS_RULE, held);
  await assertNotConsumed(tx, { agencyId, record: { kind: 'transferSlip', id } });
  const preIns = await queryRows<{ id: number }>(tx, sql`select id from warehouse_pre_ins where agency_id = ${agencyId} and slip_kind = ${KIND} and slip_id = ${id} and status = 'Active' limit 1`);
  if (preIns.length > 0) throw new AppError(409, ErrorCode.BUSINESS_RULE, named?.warehouse_pre_ins ?? WarehouseTransferMessages.inPreIn);
}

/** The refusals naming a loan, a loan return or a consignee transfer, by the receipt holding its slip (its table, or a live Pre In). */
const HELD_BY_SOURCE: Partial<Record<TransferSlipSource, Readonly<Record<string, ServerMessage>>>> = {
  loan: { warehouse_pre_ins: LoanSlipHeldMessages.loanInWarehousePreIn, warehouse_ins: LoanSlipHeldMessages.loanInWarehouseIn, consignee_ins: LoanSlipHeldMessages.loanInConsigneeIn },
  loanReturn: { warehouse_pre_ins: LoanSlipHeldMessages.returnInWarehousePreIn, warehouse_ins: LoanSlipHeldMessages.returnInWarehouseIn, consignee_ins: LoanSlipHeldMessages.returnInConsigneeIn },
  consigneeTransfer: { warehouse_pre_ins: ConsigneeTransferMessages.inWarehousePreIn, warehouse_ins: ConsigneeTransferMessages.inWarehouseIn, consignee_ins: ConsigneeTransferMessages.inConsigneeIn },
};

/**
 * Changes a slip not taken by a receipt (truck, driver, ticket, quantity, remarks): a new quantity reverses the
 * posting and posts again on the same trip, so it is checked against usable with the old one returned.
 */
export async function updateTransferSlip(
  tx: Db,
  actor: TransferSlipWriter,
  before: TransferSlipRow,
  input: { truckId: number; driverId: number; wbtNumber: string; quantityKg: bigint; remarks: string | null; reason: string },
): Promise<TransferSlipRow> {
  await assertSlipNotTaken(tx, actor.agencyId, before.id);
  await checkTruckAndDriver(tx, actor, { truckId: input.truckId, driverId: input.driverId, quantityKg: input.quantityKg, at: before.slippedAt, exceptId: before.id });
  await checkWbt(tx, actor.agencyId, input.wbtNumber, before.id);
  let transactionId = before.ledgerTransactionId;
  if (input.quantityKg !== before.quantityKg) {
    if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: input.reason });
    transactionId = await postSlip(tx, actor, { slipId: before.id, position: slipPosition(before), toOwnerCompanyId: before.toOwnerCompanyId, tripId: before.tripId, toLocationId: before.toLocationId, quantityKg: input.quantityKg });
  }
  const [after] = await tx
    .update(transferSlips)
    .set({ truckId: input.truckId, driverId: input.driverId, wbtNumber: input.wbtNumber, quantityKg: input.quantityKg, remarks: input.remarks, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(transferSlips.id, before.id))
    .returning();
  if (!after) throw new Error('transfer slip not updated');
  return after;
}

/** Reverses a slip not taken by a receipt, with a reason: the trip's cargo returns to the position. */
export async function reverseTransferSlip(tx: Db, actor: CommandActor, before: TransferSlipRow, reason: string): Promise<void> {
  await assertSlipNotTaken(tx, actor.agencyId, before.id);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(transferSlips).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(transferSlips.id, before.id));
}

// ---------------------------------------------------------------- a record delivered by truck (loan, loan return, consignee transfer)

const movementField = (message: ServerMessage) => badRequest(message, { 'movement.toLocationId': message });

/**
 * The delivery place of a record sent by truck (400 on `movement.toLocationId` otherwise): an active warehouse of the
 * agency (not a consignee's or a customer's place), or a consignee delivery location matching `consigneeLocation`
 * (the receiving side's), in the user's locations and other than the place the cargo leaves.
 */
export async function checkSlipDestination(tx: Db, actor: ReadActor, toLocationId: number, fromLocationId: number, consigneeLocation: SQL): Promise<TransferDestination> {
  if (toLocationId === fromLocationId) throw movementField(LoanMessages.deliverySamePlace);
  const col = columnOf;
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType'), receiving: sql<boolean>`${consigneeLocation}` })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), toLocationId), eq(col(locations, 'isActive'), true)));
  if (location && inScope(actor.scope.locationIds, toLocationId)) {
    const kind = Number(location.kind);
    if (kind === LOCATION_KIND_IDS.warehouse && location.ownerType !== 'consignee' && location.ownerType !== 'customer') return 'warehouse';
    if (kind === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === 'consignee' && location.receiving === true) return 'consignee';
  }
  throw movementField(LoanMessages.deliveryDestinationNotAllowed);
}

/** Dispatches the transfer slip of a record delivered by truck (the slip's checks of truck, driver, ticket and usable). */
export function dispatchMovement(
  tx: Db,
  actor: CommandActor & Partial<Pick<Actor, 'lang'>>,
  params: { source: TransferSlipSource; position: Position; toOwnerCompanyId: number; movement: TLoanDeliveryInput; destination: TransferDestination; quantityKg: bigint; remarks: string | null },
): Promise<TransferSlipRow> {
  const { movement } = params;
  return dispatchTransferSlip(tx, { ...actor, lang: actor.lang ?? 'en' }, {
    source: params.source,
    position: params.position,
    toOwnerCompanyId: params.toOwnerCompanyId,
    toLocationId: movement.toLocationId,
    destination: params.destination,
    truckId: movement.truckId,
    driverId: movement.driverId,
    wbtNumber: movement.wbtNumber,
    quantityKg: params.quantityKg,
    remarks: params.remarks,
  });
}

/** Reverses the transfer slip of a record delivered by truck (refused, naming the record, while a receipt holds it). */
export async function reverseSlipOf(tx: Db, actor: CommandActor, slipId: number, reason: string): Promise<void> {
  const slip = await lockTransferSlip(tx, actor.agencyId, slipId);
  if (!slip) throw new Error('transfer slip not found');
  await reverseTransferSlip(tx, actor, slip, reason);
}
