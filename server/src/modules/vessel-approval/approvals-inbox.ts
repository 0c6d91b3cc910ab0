import { APPROVAL_KIND_APPROVE_PERMISSION, type InboxKind, type TApprovalInbox, type TApprovalInboxItem } from '@tonnage/contracts';
import { and, count, desc, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { displayName } from '../approvals/approval-rules.service';
import { approvalSteps } from '../approvals/approvals.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments } from '../shipping/shipping.schema';
import { roles, users } from '../../identity/users.schema';
import { handlingScope, selectHandling, toHandling } from '../handling/handling.queries';
import { handlingRecords } from '../handling/handling.schema';
import { consignmentScope, findQuantityApprovals, findVoyageApprovals, voyageInScope, type Reader } from './vessel-approval.queries';
import { quantityApprovals, voyageApprovals } from './vessel-approval.schema';

/*
 * The approvals inbox (spec section 4, Approval): the out-turns and handling records whose due step is the reader's, and for an admin
 * also those whose due approver can no longer approve (so a stuck approval shows to whoever may unblock it). The
 * due step is found in SQL (the lowest-order Pending step of a transaction with nothing Rejected), filtered by
 * the reader's data scope and paged there; only the page's out-turns are then read in full.
 */

const earlier = alias(approvalSteps, 'earlier_steps');
const approver = alias(users, 'inbox_approver');
const approverRole = alias(roles, 'inbox_approver_role');

/** The step is the one due: Pending, no lower-order step still Pending and no step Rejected. */
function isDueStep(tx: Db): SQL {
  return and(
    eq(approvalSteps.status, 'Pending'),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(earlier)
        .where(
          and(
            eq(earlier.agencyId, approvalSteps.agencyId),
            eq(earlier.kind, approvalSteps.kind),
            eq(earlier.transactionId, approvalSteps.transactionId),
            or(eq(earlier.status, 'Rejected'), and(eq(earlier.status, 'Pending'), sql`${earlier.stepOrder} < ${approvalSteps.stepOrder}`)),
          ),
        ),
    ),
  ) as SQL;
}

/** The step's approver can no longer approve this kind: not an active user of the agency holding its permission. */
function approverBlocked(tx: Db, kind: InboxKind): SQL {
  const flag = APPROVAL_KIND_APPROVE_PERMISSION[kind];
  const holdsFlag = flag === null ? sql`true` : sql`${flag} = any(${approverRole.permissions})`;
  return notExists(
    tx
      .select({ one: sql`1` })
      .from(approver)
      .leftJoin(approverRole, eq(approverRole.id, approver.roleId))
      .where(
        and(
          eq(approver.id, approvalSteps.userId),
          eq(approver.agencyId, approvalSteps.agencyId),
          eq(approver.isActive, true),
          or(eq(approver.kind, 'agencyAdmin'), holdsFlag),
        ),
      ),
  );
}

/** The record of the step exists in the reader's agency and data scope (a handling record: still active and pending). */
function inReaderScope(tx: Db, reader: Reader, kind: InboxKind): SQL {
  if (kind === 'handlingLoss' || kind === 'handlingExcess') {
    return exists(
      tx
        .select({ one: sql`1` })
        .from(handlingRecords)
        .where(
          and(
            eq(handlingRecords.id, approvalSteps.transactionId),
            eq(handlingRecords.agencyId, reader.agencyId),
            eq(handlingRecords.kind, kind),
            eq(handlingRecords.status, 'Active'),
            eq(handlingRecords.approvalStatus, 'Pending'),
            handlingScope(reader.scope),
          ),
        ),
    );
  }
  if (kind === 'voyageApproval') {
    return exists(
      tx
        .select({ one: sql`1` })
        .from(voyageApprovals)
        .where(
          and(
            eq(voyageApprovals.id, approvalSteps.transactionId),
            eq(voyageApprovals.agencyId, reader.agencyId),
            voyageInScope(tx, reader.scope, voyageApprovals.voyageId),
          ),
        ),
    );
  }
  return exists(
    tx
      .select({ one: sql`1` })
      .from(quantityApprovals)
      .innerJoin(shipments, eq(shipments.id, quantityApprovals.shipmentId))
      .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
      .where(and(eq(quantityApprovals.id, approvalSteps.transactionId), eq(quantityApprovals.agencyId, reader.agencyId), consignmentScope(reader.scope))),
  );
}

/**
 * `GET /api/approvals/inbox`: the approvals awaiting the reader, newest first, of the kinds they may approve
 * (`kinds`, from their permissions). Each row carries what the approver needs to judge it and its edit page.
 */
export async function approvalsInbox(tx: Db, reader: Reader & { kinds: readonly InboxKind[]; page: number; limit: number }): Promise<TApprovalInbox> {
  if (reader.kinds.length === 0) return { rows: [], count: 0 };
  const perKind = reader.kinds.map((kind) => {
    const mine = eq(approvalSteps.userId, reader.userId);
    return and(eq(approvalSteps.kind, kind), inReaderScope(tx, reader, kind), reader.isAdmin ? or(mine, approverBlocked(tx, kind)) : mine);
  });
  const where = and(eq(approvalSteps.agencyId, reader.agencyId), isDueStep(tx), or(...perKind));
  const [total] = await tx.select({ n: count() }).from(approvalSteps).where(where);
  const due = await tx
    .select({ kind: approvalSteps.kind, transactionId: approvalSteps.transactionId, userId: approvalSteps.userId, firstName: users.firstName, lastName: users.lastName })
    .from(approvalSteps)
    .innerJoin(users, eq(users.id, approvalSteps.userId))
    .where(where)
    .orderBy(desc(approvalSteps.createdAt), desc(approvalSteps.id))
    .limit(reader.limit)
    .offset((reader.page - 1) * reader.limit);
  const idsOf = (kind: InboxKind) => due.filter((row) => row.kind === kind).map((row) => row.transactionId);
  const voyagesById = new Map((await findVoyageApprovals(tx, { ...reader, ids: idsOf('voyageApproval') })).map((row) => [row.id, row]));
  const blsById = new Map((await findQuantityApprovals(tx, { ...reader, ids: idsOf('vesselQuantityApproval') })).map((row) => [row.id, row]));
  const handlingIds = [...idsOf('handlingLoss'), ...idsOf('handlingExcess')];
  const handlingRows =
    handlingIds.length === 0
      ? []
      : await selectHandling(tx).where(and(eq(handlingRecords.agencyId, reader.agencyId), inArray(handlingRecords.id, handlingIds), handlingScope(reader.scope)));
  const handlingById = new Map(handlingRows.map((row) => [`${row.kind}:${row.id}`, toHandling(row, undefined)]));
  const rows = due.flatMap((step): TApprovalInboxItem[] => {
    const common = { approverName: displayName(step), standIn: step.userId !== reader.userId };
    if (step.kind === 'voyageApproval') {
      const row = voyagesById.get(step.transactionId);
      if (!row) return [];
      return [
        {
          kind: 'voyageApproval',
          id: row.id,
          vesselName: row.vesselName,
          voyageNumber: row.voyageNumber,
          blNumber: null,
          blQuantity: row.blQuantity,
          dischargedQuantity: row.dischargedQuantity,
          difference: row.difference,
          createdBy: row.createdBy,
          createdAt: row.createdAt,
          page: `vesselQuantityApproval/vessel/${row.id}/edit`,
          ...common,
        },
      ];
    }
    if (step.kind === 'handlingLoss' || step.kind === 'handlingExcess') {
      const record = handlingById.get(`${step.kind}:${step.transactionId}`);
      if (!record) return [];
      return [
        {
          kind: step.kind,
          id: record.id,
          warehouseName: record.warehouseName,
          siloName: record.siloName,
          ownerName: record.ownerName,
          lcPoNumber: record.lcPoNumber,
          cargoTypeName: record.cargoTypeName,
          quantity: record.quantity,
          percent: record.percent,
          allowedPercent: record.allowedPercent,
          createdBy: record.createdBy,
          createdAt: record.createdAt,
          page: `${step.kind}/${record.id}/edit`,
          ...common,
        },
      ];
    }
    const row = blsById.get(step.transactionId);
    if (!row) return [];
    return [
      {
        kind: 'vesselQuantityApproval',
        id: row.id,
        vesselName: row.vesselName,
        voyageNumber: row.voyageNumber,
        blNumber: row.blNumber,
        blQuantity: row.blQuantity,
        dischargedQuantity: row.dischargedQuantity,
        difference: row.difference,
        createdBy: row.createdBy,
        createdAt: row.createdAt,
        page: `vesselQuantityApproval/quantityApproval/${row.id}/edit`,
        ...common,
      },
    ];
  });
  return { rows, count: total?.n ?? 0 };
}
