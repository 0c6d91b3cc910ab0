import {
  CargoRecordMessages,
  ErrorCode,
  VesselApprovalMessages as M,
  kgToTonnes,
  tonnesToKg,
  type ApprovalKind,
  type TApprovalState,
  type ZApprovalDecisionInput,
  type ZQuantityApprovalInput,
  type ZVoyageApprovalInput,
} from '@tonnage/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { onBoardAccount, vesselAccount } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import type { CommandActor } from '../../kit/actor';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/query-helpers';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { approvalState, decideApproval, startApproval, type ApprovalNotice } from '../approvals/approvals.service';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';
import { consignmentScope, voyageInScope, type Reader } from './vessel-approval.queries';
import { quantityApprovals, voyageApprovals } from './vessel-approval.schema';

/*
 * The write side of the vessel quantity approval screens. Each function runs inside the caller's `inAgency`
 * transaction: the out-turn row, its approval steps, its audit entry and (for a BL out-turn reaching its final
 * approval) the ledger posting commit together. What to do after commit comes back in the outcome: the approver to
 * notify, and whether stock moved (for the realtime event).
 */

/** Who acts: the reader plus the time of the action (the kit's actor, as far as these commands need it). */
export type Actor = Reader & Pick<CommandActor, 'now'>;

/** What a write returns for after-commit work. */
export interface WriteOutcome {
  id: number;
  notice: ApprovalNotice | null;
  /** True when the ledger moved (an approved BL difference was posted). */
  posted: boolean;
}

export type VoyageApprovalInput = z.output<typeof ZVoyageApprovalInput>;
export type QuantityApprovalInput = z.output<typeof ZQuantityApprovalInput>;
export type DecisionInput = z.output<typeof ZApprovalDecisionInput>;

const VOYAGE_KIND: ApprovalKind = 'voyageApproval';
const QUANTITY_KIND: ApprovalKind = 'vesselQuantityApproval';
const voyagePage = (id: number) => `vesselQuantityApproval/vessel/${id}/edit`;
const quantityPage = (id: number) => `vesselQuantityApproval/quantityApproval/${id}/edit`;

/**
 * An out-turn may change only while nobody has decided yet (Pending, every step Pending) or after a rejection
 * (which restarts its approval). Approved ones are final.
 */
function assertEditable(state: TApprovalState, stored: string): void {
  if (stored === 'Reversed') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.reversedLocked);
  if (state.status === 'Approved') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.approvedLocked);
  if (state.status === 'Pending' && state.steps.some((step) => step.status !== 'Pending')) {
    throw new AppError(409, ErrorCode.BUSINESS_RULE, M.decisionUnderWay);
  }
}

// ---------------------------------------------------------------- voyage out-turns

async function findVoyageInScope(tx: Db, actor: Actor, voyageId: number) {
  const [voyage] = await tx
    .select({ id: voyages.id })
    .from(voyages)
    .where(and(eq(voyages.agencyId, actor.agencyId), eq(voyages.id, voyageId), voyageInScope(tx, actor.scope, voyages.id)))
    .limit(1);
  if (!voyage) throw notFound(CargoRecordMessages.voyageNotFound);
  return voyage;
}

/** Locks a voyage out-turn in the actor's scope (404 otherwise) so edits and decisions on it serialize. */
async function lockVoyageApproval(tx: Db, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(voyageApprovals)
    .where(and(eq(voyageApprovals.agencyId, actor.agencyId), eq(voyageApprovals.id, id), voyageInScope(tx, actor.scope, voyageApprovals.voyageId)))
    .for('update', { of: voyageApprovals });
  if (!row) throw notFound();
  return row;
}

const voyageAudit = (row: typeof voyageApprovals.$inferSelect) => ({
  voyageId: row.voyageId,
  dischargedQuantity: kgToTonnes(row.dischargedKg),
  surveyDate: row.surveyDate,
  remarks: row.remarks,
  status: row.status,
});

/** Records a voyage's out-turn (one per voyage, 409 for a second) and starts its 'voyageApproval'. */
export async function createVoyageApproval(tx: Db, params: Actor & { input: VoyageApprovalInput }): Promise<WriteOutcome> {
  const { input } = params;
  await findVoyageInScope(tx, params, input.voyageId);
  const [taken] = await tx.select({ id: voyageApprovals.id }).from(voyageApprovals).where(and(eq(voyageApprovals.voyageId, input.voyageId), ne(voyageApprovals.status, 'Reversed'))).limit(1);
  if (taken) throw conflict(M.voyageTaken, { voyageId: M.voyageTaken });
  let inserted: typeof voyageApprovals.$inferSelect | undefined;
  try {
    [inserted] = await tx
      .insert(voyageApprovals)
      .values({
        agencyId: params.agencyId,
        voyageId: input.voyageId,
        dischargedKg: tonnesToKg(input.dischargedQuantity),
        surveyDate: input.surveyDate,
        remarks: input.remarks,
        status: 'Pending',
        createdBy: params.userId,
        createdAt: params.now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.voyageTaken, { voyageId: M.voyageTaken });
    throw error;
  }
  if (!inserted) throw new Error('voyage approval insert returned no row');
  const started = await startApproval(tx, {
    agencyId: params.agencyId,
    kind: VOYAGE_KIND,
    transactionId: inserted.id,
    createdBy: params.userId,
    now: params.now,
    pagePath: voyagePage(inserted.id),
  });
  await tx.update(voyageApprovals).set({ status: started.state.status }).where(eq(voyageApprovals.id, inserted.id));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'create',
    entity: 'voyageApproval',
    entityId: inserted.id,
    after: { ...voyageAudit(inserted), status: started.state.status },
    at: params.now,
  });
  return { id: inserted.id, notice: started.notice, posted: false };
}

/** Changes a voyage out-turn before any decision, or after a rejection (its approval then restarts). */
export async function updateVoyageApproval(tx: Db, params: Actor & { id: number; input: VoyageApprovalInput }): Promise<WriteOutcome> {
  const { input } = params;
  const before = await lockVoyageApproval(tx, params, params.id);
  if (before.voyageId !== input.voyageId) throw badRequest(M.voyageChanged, { voyageId: M.voyageChanged });
  const state = await approvalState(tx, { agencyId: params.agencyId, kind: VOYAGE_KIND, transactionId: before.id, userId: params.userId, isAdmin: params.isAdmin });
  assertEditable(state, before.status);
  const [after] = await tx
    .update(voyageApprovals)
    .set({
      dischargedKg: tonnesToKg(input.dischargedQuantity),
      surveyDate: input.surveyDate,
      remarks: input.remarks,
      updatedBy: params.userId,
      updatedAt: params.now,
    })
    .where(eq(voyageApprovals.id, before.id))
    .returning();
  if (!after) throw new Error('voyage approval update returned no row');
  let notice: ApprovalNotice | null = null;
  let status = state.status;
  if (state.status === 'Rejected') {
    const restarted = await startApproval(tx, {
      agencyId: params.agencyId,
      kind: VOYAGE_KIND,
      transactionId: before.id,
      createdBy: params.userId,
      now: params.now,
      restart: true,
      pagePath: voyagePage(before.id),
    });
    notice = restarted.notice;
    status = restarted.state.status;
    await tx.update(voyageApprovals).set({ status }).where(eq(voyageApprovals.id, before.id));
  }
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'update',
    entity: 'voyageApproval',
    entityId: before.id,
    before: voyageAudit(before),
    after: { ...voyageAudit(after), status },
    at: params.now,
  });
  return { id: before.id, notice, posted: false };
}

/** The current approver's decision on a voyage out-turn (403 for anyone else); it posts nothing. */
export async function decideVoyageApproval(tx: Db, params: Actor & { id: number; input: DecisionInput }): Promise<WriteOutcome> {
  const row = await lockVoyageApproval(tx, params, params.id);
  if (row.status === 'Reversed') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.alreadyReversed);
  const outcome = await decideApproval(tx, {
    agencyId: params.agencyId,
    kind: VOYAGE_KIND,
    transactionId: row.id,
    userId: params.userId,
    isAdmin: params.isAdmin,
    decision: params.input.decision,
    comment: params.input.comment ?? null,
    now: params.now,
    pagePath: voyagePage(row.id),
  });
  await tx.update(voyageApprovals).set({ status: outcome.state.status }).where(eq(voyageApprovals.id, row.id));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: params.input.decision === 'Approved' ? 'approve' : 'reject',
    entity: 'voyageApproval',
    entityId: row.id,
    before: { status: row.status },
    after: { status: outcome.state.status, comment: params.input.comment ?? null },
    at: params.now,
  });
  return { id: row.id, notice: outcome.notice, posted: false };
}

// ---------------------------------------------------------------- BL out-turns

async function findShipmentInScope(tx: Db, actor: Actor, shipmentId: number) {
  const [shipment] = await tx
    .select({ id: shipments.id, voyageId: shipments.voyageId, consignmentId: shipments.consignmentId, blQuantityKg: shipments.blQuantityKg, status: shipments.status })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(and(eq(shipments.agencyId, actor.agencyId), eq(shipments.id, shipmentId), consignmentScope(actor.scope)))
    .limit(1);
  if (!shipment) throw notFound(CargoRecordMessages.blNotFound);
  return shipment;
}

/** Locks a BL out-turn in the actor's scope (404 otherwise), with its shipment's consignment. */
async function lockQuantityApproval(tx: Db, actor: Actor, id: number) {
  const [row] = await tx
    .select({ approval: quantityApprovals, consignmentId: shipments.consignmentId })
    .from(quantityApprovals)
    .innerJoin(shipments, eq(shipments.id, quantityApprovals.shipmentId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(and(eq(quantityApprovals.agencyId, actor.agencyId), eq(quantityApprovals.id, id), consignmentScope(actor.scope)))
    .for('update', { of: quantityApprovals });
  if (!row) throw notFound();
  return row;
}

const quantityAudit = (row: typeof quantityApprovals.$inferSelect) => ({
  shipmentId: row.shipmentId,
  blQuantity: kgToTonnes(row.blQuantityKg),
  dischargedQuantity: kgToTonnes(row.dischargedKg),
  remarks: row.remarks,
  status: row.status,
  ledgerTransactionId: row.ledgerTransactionId,
});

/**
 * Posts an approved BL out-turn: the difference moves between VESSEL and ON_BOARD(voyage, consignment), an excess
 * onto the vessel's stock, a shortage off it (409 'Quantity not available' when less is still on board). Nothing
 * is posted for a nil difference. Stores the posting and returns its id.
 */
async function postDifference(
  tx: Db,
  params: Actor & { row: Pick<typeof quantityApprovals.$inferSelect, 'id' | 'voyageId' | 'blQuantityKg' | 'dischargedKg'>; consignmentId: number },
): Promise<number | null> {
  const differenceKg = params.row.dischargedKg - params.row.blQuantityKg;
  if (differenceKg === 0n) return null;
  const place = { voyageId: params.row.voyageId, consignmentId: params.consignmentId };
  const { transactionId } = await post(tx, {
    agencyId: params.agencyId,
    type: 'vesselQuantityApproval',
    source: { table: 'quantity_approvals', id: params.row.id },
    userId: params.userId,
    at: params.now,
    lines: [
      { account: vesselAccount(place), quantityKg: -differenceKg },
      { account: onBoardAccount(place), quantityKg: differenceKg },
    ],
  });
  await tx.update(quantityApprovals).set({ ledgerTransactionId: transactionId }).where(eq(quantityApprovals.id, params.row.id));
  return transactionId;
}

/** Starts (or restarts) a BL out-turn's approval, stores its status and posts at once when nothing awaits approval. */
async function startQuantityApproval(
  tx: Db,
  params: Actor & { row: typeof quantityApprovals.$inferSelect; consignmentId: number; restart: boolean },
): Promise<{ notice: ApprovalNotice | null; status: TApprovalState['status']; ledgerTransactionId: number | null }> {
  const started = await startApproval(tx, {
    agencyId: params.agencyId,
    kind: QUANTITY_KIND,
    transactionId: params.row.id,
    createdBy: params.userId,
    now: params.now,
    restart: params.restart,
    pagePath: quantityPage(params.row.id),
  });
  await tx.update(quantityApprovals).set({ status: started.state.status }).where(eq(quantityApprovals.id, params.row.id));
  const ledgerTransactionId = started.state.status === 'Approved' ? await postDifference(tx, params) : null;
  return { notice: started.notice, status: started.state.status, ledgerTransactionId };
}

/** Records a BL's out-turn (one per BL, 409 for a second) and starts its 'vesselQuantityApproval'. */
export async function createQuantityApproval(tx: Db, params: Actor & { input: QuantityApprovalInput }): Promise<WriteOutcome> {
  const { input } = params;
  const shipment = await findShipmentInScope(tx, params, input.shipmentId);
  if (shipment.status !== 'Active') throw conflict(M.shipmentNotActive, { shipmentId: M.shipmentNotActive });
  const [taken] = await tx.select({ id: quantityApprovals.id }).from(quantityApprovals).where(and(eq(quantityApprovals.shipmentId, shipment.id), ne(quantityApprovals.status, 'Reversed'))).limit(1);
  if (taken) throw conflict(M.shipmentTaken, { shipmentId: M.shipmentTaken });
  let inserted: typeof quantityApprovals.$inferSelect | undefined;
  try {
    [inserted] = await tx
      .insert(quantityApprovals)
      .values({
        agencyId: params.agencyId,
        voyageId: shipment.voyageId,
        shipmentId: shipment.id,
        blQuantityKg: shipment.blQuantityKg,
        dischargedKg: tonnesToKg(input.dischargedQuantity),
        remarks: input.remarks,
        status: 'Pending',
        createdBy: params.userId,
        createdAt: params.now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.shipmentTaken, { shipmentId: M.shipmentTaken });
    throw error;
  }
  if (!inserted) throw new Error('quantity approval insert returned no row');
  const started = await startQuantityApproval(tx, { ...params, row: inserted, consignmentId: shipment.consignmentId, restart: false });
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'create',
    entity: 'quantityApproval',
    entityId: inserted.id,
    after: { ...quantityAudit(inserted), status: started.status, ledgerTransactionId: started.ledgerTransactionId },
    at: params.now,
  });
  return { id: inserted.id, notice: started.notice, posted: started.ledgerTransactionId !== null };
}

/**
 * Changes a BL out-turn before any decision, or after a rejection (its approval then restarts, and posts at once
 * when the agency no longer has a rule). The BL quantity is read again from the shipment.
 */
export async function updateQuantityApproval(tx: Db, params: Actor & { id: number; input: QuantityApprovalInput }): Promise<WriteOutcome> {
  const { input } = params;
  const locked = await lockQuantityApproval(tx, params, params.id);
  const before = locked.approval;
  if (before.shipmentId !== input.shipmentId) throw badRequest(M.shipmentChanged, { shipmentId: M.shipmentChanged });
  const state = await approvalState(tx, { agencyId: params.agencyId, kind: QUANTITY_KIND, transactionId: before.id, userId: params.userId, isAdmin: params.isAdmin });
  assertEditable(state, before.status);
  const shipment = await findShipmentInScope(tx, params, before.shipmentId);
  if (shipment.status !== 'Active') throw conflict(M.shipmentNotActive, { shipmentId: M.shipmentNotActive });
  const [after] = await tx
    .update(quantityApprovals)
    .set({
      blQuantityKg: shipment.blQuantityKg,
      dischargedKg: tonnesToKg(input.dischargedQuantity),
      remarks: input.remarks,
      updatedBy: params.userId,
      updatedAt: params.now,
    })
    .where(eq(quantityApprovals.id, before.id))
    .returning();
  if (!after) throw new Error('quantity approval update returned no row');
  let outcome: { notice: ApprovalNotice | null; status: TApprovalState['status']; ledgerTransactionId: number | null } = {
    notice: null,
    status: state.status,
    ledgerTransactionId: null,
  };
  if (state.status === 'Rejected') outcome = await startQuantityApproval(tx, { ...params, row: after, consignmentId: shipment.consignmentId, restart: true });
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'update',
    entity: 'quantityApproval',
    entityId: before.id,
    before: quantityAudit(before),
    after: { ...quantityAudit(after), status: outcome.status, ledgerTransactionId: outcome.ledgerTransactionId },
    at: params.now,
  });
  return { id: before.id, notice: outcome.notice, posted: outcome.ledgerTransactionId !== null };
}

/**
 * The current approver's decision on a BL out-turn (403 for anyone else). The final approval posts the difference
 * in the same transaction; when the ledger refuses it (409) the decision is not recorded either.
 */
export async function decideQuantityApproval(tx: Db, params: Actor & { id: number; input: DecisionInput }): Promise<WriteOutcome> {
  const { approval: row, consignmentId } = await lockQuantityApproval(tx, params, params.id);
  if (row.status === 'Reversed') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.alreadyReversed);
  const outcome = await decideApproval(tx, {
    agencyId: params.agencyId,
    kind: QUANTITY_KIND,
    transactionId: row.id,
    userId: params.userId,
    isAdmin: params.isAdmin,
    decision: params.input.decision,
    comment: params.input.comment ?? null,
    now: params.now,
    pagePath: quantityPage(row.id),
  });
  await tx.update(quantityApprovals).set({ status: outcome.state.status }).where(eq(quantityApprovals.id, row.id));
  const ledgerTransactionId = outcome.state.status === 'Approved' ? await postDifference(tx, { ...params, row, consignmentId }) : null;
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: params.input.decision === 'Approved' ? 'approve' : 'reject',
    entity: 'quantityApproval',
    entityId: row.id,
    before: { status: row.status },
    after: { status: outcome.state.status, comment: params.input.comment ?? null, ledgerTransactionId },
    at: params.now,
  });
  return { id: row.id, notice: outcome.notice, posted: ledgerTransactionId !== null };
}

// ---------------------------------------------------------------- reversal

/**
 * Only an approved out-turn is reversed: a pending one still has its approver's decision to come (a rejection ends
 * it), a rejected one can be edited. Reversing it twice says so.
 */
function assertReversible(status: string): void {
  if (status === 'Reversed') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.alreadyReversed);
  if (status !== 'Approved') throw new AppError(409, ErrorCode.BUSINESS_RULE, M.reverseOnlyApproved);
}

const reversal = (params: Actor & { reason: string }) => ({ status: 'Reversed', reversedBy: params.userId, reversedAt: params.now, reverseReason: params.reason.trim() });

/**
 * Reverses an approved voyage out-turn (it posted nothing): kept as Reversed with who, when and why, and a new
 * out-turn may be recorded for the voyage.
 */
export async function reverseVoyageApproval(tx: Db, params: Actor & { id: number; reason: string }): Promise<WriteOutcome> {
  const row = await lockVoyageApproval(tx, params, params.id);
  assertReversible(row.status);
  await tx.update(voyageApprovals).set(reversal(params)).where(eq(voyageApprovals.id, row.id));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'reverse',
    entity: 'voyageApproval',
    entityId: row.id,
    before: voyageAudit(row),
    after: { status: 'Reversed', reason: params.reason.trim() },
    at: params.now,
  });
  return { id: row.id, notice: null, posted: false };
}

/**
 * Reverses an approved BL out-turn: the posting of its difference is reversed through the ledger (a shortage goes
 * back on board; an excess comes off it, refused when port loadings or slips have taken it already), the row is kept
 * as Reversed with who, when and why, and the BL is free for a new out-turn, or to be reversed or changed itself.
 */
export async function reverseQuantityApproval(tx: Db, params: Actor & { id: number; reason: string }): Promise<WriteOutcome> {
  const { approval: row } = await lockQuantityApproval(tx, params, params.id);
  assertReversible(row.status);
  if (row.ledgerTransactionId !== null) {
    try {
      await reverse(tx, { agencyId: params.agencyId, transactionId: row.ledgerTransactionId, userId: params.userId, at: params.now, reason: params.reason });
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.QUANTITY_NOT_AVAILABLE) throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, M.excessMovedOn);
      throw error;
    }
  }
  await tx.update(quantityApprovals).set(reversal(params)).where(eq(quantityApprovals.id, row.id));
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'reverse',
    entity: 'quantityApproval',
    entityId: row.id,
    before: quantityAudit(row),
    after: { status: 'Reversed', reason: params.reason.trim() },
    at: params.now,
  });
  return { id: row.id, notice: null, posted: row.ledgerTransactionId !== null };
}
