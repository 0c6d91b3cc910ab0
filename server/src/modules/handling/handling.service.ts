import {
  ErrorCode,
  HandlingMessages,
  Messages,
  kgToTonnes,
  tonnesToKg,
  type HandlingKind,
  type TReasonBody,
  type THandlingDecision,
  type THandlingList,
  type THandlingRecord,
  type THandlingValues,
  type ZHandlingListQuery,
} from '@tonnage/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { accountKey, onHandAccount, type Position } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { decideApproval, startApproval, type ApprovalNotice } from '../approvals/approvals.service';
import { allowedHandlingLossPercent } from '../master-data/transport-rules';
import { consignments } from '../procurement/procurement.schema';
import { approvalStates } from '../vessel-approval/vessel-approval.queries';
import { auditable, between, checkPosition, checkSilo, checkWarehouse, positionOf, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { handlingScope, handlingSort, percentOf, selectHandling, toHandling } from './handling.queries';
import { handlingRecords } from './handling.schema';

/*
 * Handling loss and handling excess (docs/domain.md "Stock is a ledger"; docs/decisions.md "Handling loss: the base
 * of the percentage"). A loss posts ON_HAND -> HANDLING_LOSS on its position, an excess HANDLING_EXCESS -> ON_HAND.
 * The allowance: the handling-loss rule of the cargo type at the warehouse (its own rule wins over the rule for
 * every warehouse; no rule allows nothing) in percent of what the warehouse received for the consignment and cargo
 * (the base); the live records of the same kind there count with the new one. Within it, the record is Approved and
 * posts at once; above it, it starts the approval of its kind and posts on the final approval (a rejection posts
 * nothing; without an approval rule it is approved, and posts, at once). The ledger refuses what would take on hand
 * or usable below zero (409 Quantity not available), also on the approval and the reversal.
 */

type ListQuery = z.output<typeof ZHandlingListQuery>;
export type HandlingFilters = Omit<ListQuery, 'page' | 'limit'>;
type Reader = ReadActor & Pick<Actor, 'userId' | 'isAdmin'>;

const notFoundMessage = (kind: HandlingKind) => (kind === 'handlingLoss' ? HandlingMessages.lossNotFound : HandlingMessages.excessNotFound);
const conflict = (message: (typeof HandlingMessages)[keyof typeof HandlingMessages]) => new AppError(409, ErrorCode.BUSINESS_RULE, message);

/** The page of a record under `/agencies/{agencyId}/`, for the approver's mail. */
const pageOf = (kind: HandlingKind) => (kind === 'handlingLoss' ? 'handlingLoss' : 'handlingExcess');

/** The ledger lines of a record: its quantity leaves (loss) or joins (excess) its position. */
function linesOf(kind: HandlingKind, position: Position, quantityKg: bigint) {
  const onHand = onHandAccount(position);
  const sink = accountKey(kind === 'handlingLoss' ? 'HANDLING_LOSS' : 'HANDLING_EXCESS', position);
  return kind === 'handlingLoss'
    ? [
        { account: onHand, quantityKg: -quantityKg },
        { account: sink, quantityKg },
      ]
    : [
        { account: sink, quantityKg: -quantityKg },
        { account: onHand, quantityKg },
      ];
}

/**
 * The base of the percentage: what the warehouse received for a consignment and cargo type, in kg: every posting
 * into its ON_HAND accounts (any silo or owner) that took the cargo off a truck (an IN_TRANSIT line), net of the
 * reversals of such postings. Dispatches, transfers in place, handling records and their reversals do not count.
 */
export async function receivedKg(tx: Db, params: { agencyId: number; warehouseId: number; consignmentId: number; cargoTypeId: number }): Promise<bigint> {
  const [row] = await queryRows<{ kg: string }>(
    tx,
    sql`select coalesce(sum(e.quantity_kg), 0)::text as kg
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where e.agency_id = ${params.agencyId} and a.kind = 'ON_HAND' and a.location_id = ${params.warehouseId}
        and a.consignment_id = ${params.consignmentId} and a.cargo_type_id = ${params.cargoTypeId}
        and exists (
          select 1 from ledger_entries x join ledger_accounts xa on xa.id = x.account_id
          where x.transaction_id = e.transaction_id and xa.kind = 'IN_TRANSIT'
            and ((t.reverses_id is null and x.quantity_kg < 0) or (t.reverses_id is not null and x.quantity_kg > 0)))`,
  );
  return BigInt(row?.kg ?? '0');
}

/** The live (Active, not rejected) records of a kind at a warehouse for a consignment and cargo, in kg. */
async function liveKg(tx: Db, params: { agencyId: number; kind: HandlingKind; warehouseId: number; consignmentId: number; cargoTypeId: number }): Promise<bigint> {
  const [row] = await tx
    .select({ kg: sql<string>`coalesce(sum(${handlingRecords.quantityKg}), 0)::text` })
    .from(handlingRecords)
    .where(
      and(
        eq(handlingRecords.agencyId, params.agencyId),
        eq(handlingRecords.kind, params.kind),
        eq(handlingRecords.warehouseId, params.warehouseId),
        eq(handlingRecords.consignmentId, params.consignmentId),
        eq(handlingRecords.cargoTypeId, params.cargoTypeId),
        eq(handlingRecords.status, 'Active'),
        sql`${handlingRecords.approvalStatus} <> 'Rejected'`,
      ),
    );
  return BigInt(row?.kg ?? '0');
}

/** Whether `totalKg` is within `percent` of `baseKg` (exact integer arithmetic on thousandths of a percent). */
export function withinAllowance(totalKg: bigint, baseKg: bigint, percent: number | null): boolean {
  if (percent === null || baseKg <= 0n) return false;
  const thousandths = BigInt(Math.round(percent * 1000));
  return totalKg * 100_000n <= baseKg * thousandths;
}

// ---------------------------------------------------------------- reads

async function conditions(tx: Db, actor: ReadActor, kind: HandlingKind, q: HandlingFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  const like = q.search === undefined ? undefined : `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // LC / PO number, the reason, or the owner's name.
  const search =
    like === undefined
      ? undefined
      : or(
          sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${like}`,
          sql`${handlingRecords.reason} ilike ${like}`,
          sql`exists (select 1 from companies c where c.id = ${handlingRecords.ownerCompanyId} and c.name ilike ${like})`,
        );
  return and(
    eq(handlingRecords.agencyId, actor.agencyId),
    eq(handlingRecords.kind, kind),
    handlingScope(actor.scope),
    q.warehouseId === undefined ? undefined : eq(handlingRecords.warehouseId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(handlingRecords.consignmentId, q.consignmentId),
    q.ownerCompanyId === undefined ? undefined : eq(handlingRecords.ownerCompanyId, q.ownerCompanyId),
    q.approvalStatus === undefined ? undefined : eq(handlingRecords.approvalStatus, q.approvalStatus),
    q.status === 'all' ? undefined : eq(handlingRecords.status, q.status),
    ...between(sql`${handlingRecords.adjustedAt}`, q, timeZone),
    search,
  );
}

async function withStates(tx: Db, reader: Reader, kind: HandlingKind, rows: Awaited<ReturnType<ReturnType<typeof selectHandling>['where']>>): Promise<THandlingRecord[]> {
  const pending = rows.filter((row) => row.approvalStatus === 'Pending' || !row.withinAllowance).map((row) => row.id);
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind, ids: pending, userId: reader.userId, isAdmin: reader.isAdmin });
  return rows.map((row) => toHandling(row, states.get(row.id)));
}

export async function listHandling(tx: Db, reader: Reader & { kind: HandlingKind; query: ListQuery }): Promise<THandlingList> {
  const q = reader.query;
  const where = await conditions(tx, reader, reader.kind, q);
  const rows = await selectHandling(tx)
    .where(where)
    .orderBy(...orderByAllowed(handlingSort, q, handlingRecords.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${handlingRecords.quantityKg}), 0)::text` })
    .from(handlingRecords)
    .innerJoin(consignments, eq(consignments.id, handlingRecords.consignmentId))
    .where(where);
  return { rows: await withStates(tx, reader, reader.kind, rows), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function handlingExportSource(tx: Db, reader: Reader & { kind: HandlingKind; query: HandlingFilters }): Promise<CursorSource<THandlingRecord>> {
  const where = await conditions(tx, reader, reader.kind, reader.query);
  return cursorSource(selectHandling(tx).where(where).orderBy(...orderByAllowed(handlingSort, reader.query, handlingRecords.id)), (batchTx, rows) => withStates(batchTx, reader, reader.kind, rows));
}

export async function getHandling(tx: Db, reader: Reader & { kind: HandlingKind; id: number }): Promise<THandlingRecord> {
  const rows = await selectHandling(tx).where(and(eq(handlingRecords.agencyId, reader.agencyId), eq(handlingRecords.kind, reader.kind), eq(handlingRecords.id, reader.id), handlingScope(reader.scope)));
  const [record] = await withStates(tx, reader, reader.kind, rows);
  if (!record) throw notFound(notFoundMessage(reader.kind));
  return record;
}

/** The record's status for the documents routes (404 outside the agency, the kind or the reader's scope). */
export async function findHandlingOwner(tx: Db, params: ReadActor & { kind: HandlingKind; id: number }): Promise<{ status: string }> {
  const [row] = await tx
    .select({ status: handlingRecords.status })
    .from(handlingRecords)
    .where(and(eq(handlingRecords.agencyId, params.agencyId), eq(handlingRecords.kind, params.kind), eq(handlingRecords.id, params.id), handlingScope(params.scope)));
  if (!row) throw notFound(notFoundMessage(params.kind));
  return row;
}

// ---------------------------------------------------------------- writes

/** What a write did: the record, whether stock moved, and the approver to mail after the commit. */
export interface HandlingOutcome {
  record: THandlingRecord;
  posted: boolean;
  notice: ApprovalNotice | null;
}

async function postRecord(tx: Db, actor: CommandActor, row: typeof handlingRecords.$inferSelect): Promise<number> {
  const kind = row.kind as HandlingKind;
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: kind,
    source: { table: 'handling_records', id: row.id },
    userId: actor.userId,
    at: actor.now,
    lines: linesOf(kind, positionOf(row), row.quantityKg),
  });
  await tx.update(handlingRecords).set({ ledgerTransactionId: transactionId }).where(eq(handlingRecords.id, row.id));
  return transactionId;
}

/**
 * Records a handling loss or excess on a position of a warehouse in the writer's scope. Within the allowance it
 * posts at once; above it its approval starts (and it posts at once when the agency has no rule for the kind).
 */
export async function createHandling(tx: Db, actor: Actor & { kind: HandlingKind; input: THandlingValues }): Promise<HandlingOutcome> {
  const { input, kind } = actor;
  await checkWarehouse(tx, actor, input.warehouseId);
  await checkSilo(tx, actor, input.warehouseId, input.siloId);
  const position = positionOf(input);
  // A loss draws on stock the position holds; an excess is found on a position that holds stock too.
  await checkPosition(tx, actor, position);
  const quantityKg = tonnesToKg(input.quantity);
  // 7314: handling's advisory lock class, per warehouse: records there take turns, so two racing ones cannot both
  // pass the allowance on the same live sum.
  await tx.execute(sql`select pg_advisory_xact_lock(7314, ${input.warehouseId})`);
  const place = { agencyId: actor.agencyId, warehouseId: input.warehouseId, consignmentId: input.consignmentId, cargoTypeId: input.cargoTypeId };
  const baseKg = await receivedKg(tx, place);
  const percent = await allowedHandlingLossPercent(tx, { agencyId: actor.agencyId, cargoTypeId: input.cargoTypeId, locationId: input.warehouseId });
  const liveBefore = await liveKg(tx, { ...place, kind });
  const within = withinAllowance(liveBefore + quantityKg, baseKg, percent);
  const [row] = await tx
    .insert(handlingRecords)
    .values({
      agencyId: actor.agencyId,
      kind,
      warehouseId: input.warehouseId,
      siloId: input.siloId,
      ownerCompanyId: input.ownerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      quantityKg,
      baseKg,
      allowedPercent: percent === null ? null : percent.toFixed(3),
      withinAllowance: within,
      approvalStatus: within ? 'Approved' : 'Pending',
      adjustedAt: actor.now,
      reason: input.reason,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('handling record not written');
  let notice: ApprovalNotice | null = null;
  let status: 'Pending' | 'Approved' | 'Rejected' = 'Approved';
  if (!within) {
    const started = await startApproval(tx, { agencyId: actor.agencyId, kind, transactionId: row.id, createdBy: actor.userId, now: actor.now, pagePath: pageOf(kind) });
    status = started.state.status;
    notice = started.notice;
    await tx.update(handlingRecords).set({ approvalStatus: status }).where(eq(handlingRecords.id, row.id));
  }
  const transactionId = status === 'Approved' ? await postRecord(tx, actor, row) : null;
  await recordAudit(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    action: 'create',
    entity: kind,
    entityId: row.id,
    after: auditable({ ...row, approvalStatus: status, ledgerTransactionId: transactionId, percent: percentOf(liveBefore + quantityKg, baseKg) }),
    at: actor.now,
  });
  return { record: await getHandling(tx, { ...actor, id: row.id }), posted: transactionId !== null, notice };
}

async function lockHandling(tx: Db, actor: ReadActor & { kind: HandlingKind; id: number }) {
  const [row] = await tx
    .select()
    .from(handlingRecords)
    .where(and(eq(handlingRecords.agencyId, actor.agencyId), eq(handlingRecords.kind, actor.kind), eq(handlingRecords.id, actor.id), handlingScope(actor.scope)))
    .for('update');
  if (!row) throw notFound(notFoundMessage(actor.kind));
  return row;
}

/**
 * The current approver's decision on a record above the allowance (403 for anyone else, 409 when it is not
 * pending). The final approval posts it in the same transaction; when the ledger refuses (409 Quantity not
 * available) the decision is not recorded either. A rejection posts nothing.
 */
export async function decideHandling(tx: Db, actor: Actor & { kind: HandlingKind; id: number; input: THandlingDecision }): Promise<HandlingOutcome> {
  const row = await lockHandling(tx, actor);
  if (row.status !== 'Active') throw conflict(HandlingMessages.alreadyReversed);
  if (row.approvalStatus !== 'Pending') throw conflict(HandlingMessages.notPending);
  const outcome = await decideApproval(tx, {
    agencyId: actor.agencyId,
    kind: actor.kind,
    transactionId: row.id,
    userId: actor.userId,
    isAdmin: actor.isAdmin,
    decision: actor.input.decision,
    comment: actor.input.comment ?? null,
    now: actor.now,
    pagePath: pageOf(actor.kind),
  });
  const status = outcome.state.status;
  await tx.update(handlingRecords).set({ approvalStatus: status, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(handlingRecords.id, row.id));
  const transactionId = status === 'Approved' ? await postRecord(tx, actor, row) : null;
  await recordAudit(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    action: actor.input.decision === 'Approved' ? 'approve' : 'reject',
    entity: actor.kind,
    entityId: row.id,
    before: { approvalStatus: row.approvalStatus },
    after: { approvalStatus: status, comment: actor.input.comment ?? null, ledgerTransactionId: transactionId },
    at: actor.now,
  });
  return { record: await getHandling(tx, { ...actor, id: row.id }), posted: transactionId !== null, notice: outcome.notice };
}

/**
 * Reverses a record with a reason: its posting, if any, is reversed (409 Quantity not available when the stock an
 * excess added has moved on). A pending one stops waiting (its decision is then refused); a rejected one posted
 * nothing and is only marked.
 */
export async function reverseHandling(tx: Db, actor: CommandActor & { kind: HandlingKind; id: number; body: TReasonBody }): Promise<{ posted: boolean }> {
  const reason = actor.body.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const before = await lockHandling(tx, actor);
  if (before.status !== 'Active') throw conflict(HandlingMessages.alreadyReversed);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(handlingRecords).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(handlingRecords.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: actor.kind, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
  return { posted: before.ledgerTransactionId !== null };
}
