import {
  kgToTonnes,
  type ApprovalKind,
  type TApprovalState,
  type TQuantityApproval,
  type TQuantityApprovalList,
  type TVoyageApproval,
  type TVoyageApprovalList,
  type TOutturnShipmentList,
  type ZVesselApprovalListQuery,
} from '@tonnage/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../kit/actor';
import type { Db } from '../../platform/db/client';
import { escapeLike } from '../../platform/db/query-helpers';
import type { DataScope } from '../../identity/data-scope';
import { approvalStatusOf, nextApproverId } from '../approvals/approval-engine';
import { displayName, usersWhoCanApprove } from '../approvals/approval-rules.service';
import { approvalSteps } from '../approvals/approvals.schema';
import { columnOf, companies, ports, vessels } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';
import { users } from '../../identity/users.schema';
import { createdUsers, reversedUsers, updatedUsers } from '../../identity/record-trail';
import { quantityApprovals, voyageApprovals } from './vessel-approval.schema';

import { consignmentScope } from '../procurement/consignments.service';

/** The user's scope over a consignment (spec section 6): the consignments screen's own. */
export { consignmentScope };

/*
 * The read side of the vessel quantity approval screens: lists filtered, searched and paged in SQL, the approval
 * state of every listed row in one query, and the data scope (spec section 6) on every read.
 */

export type ListQuery = z.output<typeof ZVesselApprovalListQuery>;

/**
 * Who asks: the agency, the user (for "am I the current approver"), whether they are an agency or super admin (who
 * may stand in for a blocked approver) and their data scope.
 */
export type Reader = Pick<Actor, 'agencyId' | 'userId' | 'isAdmin' | 'scope'>;

const vesselName = columnOf(vessels, 'name');
const vesselId = columnOf(vessels, 'id');
const portName = columnOf(ports, 'name');
const portId = columnOf(ports, 'id');
const companyName = columnOf(companies, 'name');
const companyId = columnOf(companies, 'id');

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const nameOf = (user: { firstName: string | null; lastName: string | null } | null): string | null =>
  user?.firstName ? displayName({ firstName: user.firstName, lastName: user.lastName }) : null;

/**
 * A voyage is in a restricted user's scope when one of its active BLs is (its consignment's consignee or shipment
 * manager); undefined when the user is unrestricted.
 */
export function voyageInScope(tx: Db, scope: DataScope, voyageColumn: SQL | AnyPgColumn): SQL | undefined {
  const condition = consignmentScope(scope);
  if (!condition) return undefined;
  return exists(
    tx
      .select({ one: sql`1` })
      .from(shipments)
      .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
      .where(and(eq(shipments.voyageId, voyageColumn), eq(shipments.status, 'Active'), condition)),
  );
}

/** The approval states of many transactions of one kind for one user, from one query (spec section 4). */
export async function approvalStates(
  tx: Db,
  params: { agencyId: number; kind: ApprovalKind; ids: number[]; userId: number; isAdmin: boolean },
): Promise<Map<number, TApprovalState>> {
  const states = new Map<number, TApprovalState>();
  if (params.ids.length === 0) return states;
  const rows = await tx
    .select({
      transactionId: approvalSteps.transactionId,
      order: approvalSteps.stepOrder,
      userId: approvalSteps.userId,
      status: approvalSteps.status,
      decidedAt: approvalSteps.decidedAt,
      comment: approvalSteps.comment,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(approvalSteps)
    .innerJoin(users, eq(users.id, approvalSteps.userId))
    .where(and(eq(approvalSteps.agencyId, params.agencyId), eq(approvalSteps.kind, params.kind), inArray(approvalSteps.transactionId, params.ids)))
    .orderBy(asc(approvalSteps.transactionId), asc(approvalSteps.stepOrder));
  const stepsOf = new Map(params.ids.map((id) => [id, rows.filter((row) => row.transactionId === id)]));
  const nextIds = [...stepsOf.values()].map((steps) => nextApproverId(steps)).filter((id): id is number => id !== null);
  const able = await usersWhoCanApprove(tx, { agencyId: params.agencyId, kind: params.kind, userIds: [...new Set(nextIds)] });
  for (const [id, steps] of stepsOf) {
    const next = nextApproverId(steps);
    const blocked = next !== null && !able.has(next);
    states.set(id, {
      status: approvalStatusOf(steps),
      steps: steps.map((s) => ({
        order: s.order,
        userId: s.userId,
        userName: displayName(s),
        status: s.status,
        decidedAt: iso(s.decidedAt),
        comment: s.comment,
      })),
      nextApproverId: next,
      isCurrentApprover: next !== null && next === params.userId,
      nextApproverBlocked: blocked,
      mayStandIn: blocked && params.isAdmin && next !== params.userId,
    });
  }
  return states;
}

const noState: TApprovalState = {
  status: 'Approved',
  steps: [],
  nextApproverId: null,
  isCurrentApprover: false,
  nextApproverBlocked: false,
  mayStandIn: false,
};

function likeAny(search: string | undefined, columns: (SQL | ReturnType<typeof columnOf> | typeof voyages.voyageNumber)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

// ---------------------------------------------------------------- voyage out-turns

/** The BL total of a voyage: the sum of its active shipments' BL quantities, in kilograms. */
const voyageBlTotalKg = sql<string>`coalesce((select sum(s.bl_quantity_kg) from shipments s where s.voyage_id = ${voyageApprovals.voyageId} and s.status = 'Active'), 0)::text`;

function voyageApprovalSelect(tx: Db) {
  return tx
    .select({
      id: voyageApprovals.id,
      voyageId: voyageApprovals.voyageId,
      vesselName,
      voyageNumber: voyages.voyageNumber,
      portName,
      blTotalKg: voyageBlTotalKg,
      dischargedKg: voyageApprovals.dischargedKg,
      surveyDate: voyageApprovals.surveyDate,
      remarks: voyageApprovals.remarks,
      status: voyageApprovals.status,
      createdAt: voyageApprovals.createdAt,
      updatedAt: voyageApprovals.updatedAt,
      reversedAt: voyageApprovals.reversedAt,
      reverseReason: voyageApprovals.reverseReason,
      createdUsers: { firstName: createdUsers.firstName, lastName: createdUsers.lastName },
      updatedUsers: { firstName: updatedUsers.firstName, lastName: updatedUsers.lastName },
      reversedUsers: { firstName: reversedUsers.firstName, lastName: reversedUsers.lastName },
    })
    .from(voyageApprovals)
    .innerJoin(voyages, eq(voyages.id, voyageApprovals.voyageId))
    .innerJoin(vessels, eq(vesselId, voyages.vesselId))
    .innerJoin(ports, eq(portId, voyages.portId))
    .innerJoin(createdUsers, eq(createdUsers.id, voyageApprovals.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, voyageApprovals.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, voyageApprovals.reversedBy));
}

type VoyageApprovalRow = Awaited<ReturnType<ReturnType<typeof voyageApprovalSelect>['execute']>>[number];

function toVoyageApproval(row: VoyageApprovalRow, approval: TApprovalState | undefined): TVoyageApproval {
  const blKg = BigInt(row.blTotalKg);
  return {
    id: row.id,
    voyageId: row.voyageId,
    vesselName: text(row.vesselName),
    voyageNumber: row.voyageNumber,
    portName: text(row.portName),
    blQuantity: kgToTonnes(blKg),
    dischargedQuantity: kgToTonnes(row.dischargedKg),
    difference: kgToTonnes(row.dischargedKg - blKg),
    surveyDate: row.surveyDate,
    remarks: row.remarks,
    status: row.status as TVoyageApproval['status'],
    approval: approval ?? noState,
    createdAt: row.createdAt.toISOString(),
    createdBy: nameOf(row.createdUsers) ?? '',
    updatedAt: iso(row.updatedAt),
    updatedBy: nameOf(row.updatedUsers),
    reversedAt: iso(row.reversedAt),
    reversedBy: nameOf(row.reversedUsers),
    reverseReason: row.reverseReason,
  };
}

function voyageApprovalConditions(tx: Db, reader: Reader): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(voyageApprovals.agencyId, reader.agencyId), voyageInScope(tx, reader.scope, voyageApprovals.voyageId)];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** `GET /api/vesselQuantityApproval/vessel`: voyage out-turns, newest first. */
export async function listVoyageApprovals(tx: Db, reader: Reader & { query: ListQuery }): Promise<TVoyageApprovalList> {
  const { query } = reader;
  const where = and(
    ...voyageApprovalConditions(tx, reader),
    query.voyageId === undefined ? undefined : eq(voyageApprovals.voyageId, query.voyageId),
    query.status === undefined ? undefined : eq(voyageApprovals.status, query.status),
    likeAny(query.search, [vesselName, voyages.voyageNumber, portName]),
  );
  const [total] = await tx
    .select({ n: count() })
    .from(voyageApprovals)
    .innerJoin(voyages, eq(voyages.id, voyageApprovals.voyageId))
    .innerJoin(vessels, eq(vesselId, voyages.vesselId))
    .innerJoin(ports, eq(portId, voyages.portId))
    .where(where);
  const rows = await voyageApprovalSelect(tx)
    .where(where)
    .orderBy(desc(voyageApprovals.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'voyageApproval', ids: rows.map((r) => r.id), userId: reader.userId, isAdmin: reader.isAdmin });
  return { rows: rows.map((row) => toVoyageApproval(row, states.get(row.id))), count: total?.n ?? 0 };
}

/** One voyage out-turn in the reader's scope, or undefined. */
export async function findVoyageApproval(tx: Db, reader: Reader & { id: number }): Promise<TVoyageApproval | undefined> {
  const [row] = await voyageApprovalSelect(tx)
    .where(and(...voyageApprovalConditions(tx, reader), eq(voyageApprovals.id, reader.id)))
    .limit(1);
  if (!row) return undefined;
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'voyageApproval', ids: [row.id], userId: reader.userId, isAdmin: reader.isAdmin });
  return toVoyageApproval(row, states.get(row.id));
}

/** Voyage out-turns by id in the reader's scope (those out of scope are left out), with their approval states. */
export async function findVoyageApprovals(tx: Db, reader: Reader & { ids: number[] }): Promise<TVoyageApproval[]> {
  if (reader.ids.length === 0) return [];
  const rows = await voyageApprovalSelect(tx).where(and(...voyageApprovalConditions(tx, reader), inArray(voyageApprovals.id, reader.ids)));
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'voyageApproval', ids: rows.map((r) => r.id), userId: reader.userId, isAdmin: reader.isAdmin });
  return rows.map((row) => toVoyageApproval(row, states.get(row.id)));
}

// ---------------------------------------------------------------- BL out-turns

const lcPoNumber = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber})`;

function quantityApprovalSelect(tx: Db) {
  return tx
    .select({
      id: quantityApprovals.id,
      voyageId: quantityApprovals.voyageId,
      vesselName,
      voyageNumber: voyages.voyageNumber,
      shipmentId: quantityApprovals.shipmentId,
      blNumber: shipments.blNumber,
      lcPoNumber,
      blConsigneeName: companyName,
      blQuantityKg: quantityApprovals.blQuantityKg,
      dischargedKg: quantityApprovals.dischargedKg,
      remarks: quantityApprovals.remarks,
      status: quantityApprovals.status,
      ledgerTransactionId: quantityApprovals.ledgerTransactionId,
      createdAt: quantityApprovals.createdAt,
      updatedAt: quantityApprovals.updatedAt,
      reversedAt: quantityApprovals.reversedAt,
      reverseReason: quantityApprovals.reverseReason,
      createdUsers: { firstName: createdUsers.firstName, lastName: createdUsers.lastName },
      updatedUsers: { firstName: updatedUsers.firstName, lastName: updatedUsers.lastName },
      reversedUsers: { firstName: reversedUsers.firstName, lastName: reversedUsers.lastName },
    })
    .from(quantityApprovals)
    .innerJoin(shipments, eq(shipments.id, quantityApprovals.shipmentId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(companies, eq(companyId, consignments.blConsigneeId))
    .innerJoin(voyages, eq(voyages.id, quantityApprovals.voyageId))
    .innerJoin(vessels, eq(vesselId, voyages.vesselId))
    .innerJoin(createdUsers, eq(createdUsers.id, quantityApprovals.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, quantityApprovals.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, quantityApprovals.reversedBy));
}

type QuantityApprovalRow = Awaited<ReturnType<ReturnType<typeof quantityApprovalSelect>['execute']>>[number];

function toQuantityApproval(row: QuantityApprovalRow, approval: TApprovalState | undefined): TQuantityApproval {
  return {
    id: row.id,
    voyageId: row.voyageId,
    vesselName: text(row.vesselName),
    voyageNumber: row.voyageNumber,
    shipmentId: row.shipmentId,
    blNumber: row.blNumber,
    lcPoNumber: text(row.lcPoNumber),
    blConsigneeName: text(row.blConsigneeName),
    blQuantity: kgToTonnes(row.blQuantityKg),
    dischargedQuantity: kgToTonnes(row.dischargedKg),
    difference: kgToTonnes(row.dischargedKg - row.blQuantityKg),
    remarks: row.remarks,
    status: row.status as TQuantityApproval['status'],
    ledgerTransactionId: row.ledgerTransactionId,
    approval: approval ?? noState,
    createdAt: row.createdAt.toISOString(),
    createdBy: nameOf(row.createdUsers) ?? '',
    updatedAt: iso(row.updatedAt),
    updatedBy: nameOf(row.updatedUsers),
    reversedAt: iso(row.reversedAt),
    reversedBy: nameOf(row.reversedUsers),
    reverseReason: row.reverseReason,
  };
}

function quantityApprovalConditions(reader: Reader): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(quantityApprovals.agencyId, reader.agencyId), consignmentScope(reader.scope)];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** `GET /api/vesselQuantityApproval/quantityApproval`: BL out-turns, newest first. */
export async function listQuantityApprovals(tx: Db, reader: Reader & { query: ListQuery }): Promise<TQuantityApprovalList> {
  const { query } = reader;
  const where = and(
    ...quantityApprovalConditions(reader),
    query.voyageId === undefined ? undefined : eq(quantityApprovals.voyageId, query.voyageId),
    query.status === undefined ? undefined : eq(quantityApprovals.status, query.status),
    likeAny(query.search, [shipments.blNumber, lcPoNumber, companyName, vesselName, voyages.voyageNumber]),
  );
  const [total] = await tx
    .select({ n: count() })
    .from(quantityApprovals)
    .innerJoin(shipments, eq(shipments.id, quantityApprovals.shipmentId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(companies, eq(companyId, consignments.blConsigneeId))
    .innerJoin(voyages, eq(voyages.id, quantityApprovals.voyageId))
    .innerJoin(vessels, eq(vesselId, voyages.vesselId))
    .where(where);
  const rows = await quantityApprovalSelect(tx)
    .where(where)
    .orderBy(desc(quantityApprovals.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'vesselQuantityApproval', ids: rows.map((r) => r.id), userId: reader.userId, isAdmin: reader.isAdmin });
  return { rows: rows.map((row) => toQuantityApproval(row, states.get(row.id))), count: total?.n ?? 0 };
}

/** One BL out-turn in the reader's scope, or undefined. */
export async function findQuantityApproval(tx: Db, reader: Reader & { id: number }): Promise<TQuantityApproval | undefined> {
  const [row] = await quantityApprovalSelect(tx)
    .where(and(...quantityApprovalConditions(reader), eq(quantityApprovals.id, reader.id)))
    .limit(1);
  if (!row) return undefined;
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'vesselQuantityApproval', ids: [row.id], userId: reader.userId, isAdmin: reader.isAdmin });
  return toQuantityApproval(row, states.get(row.id));
}

/** BL out-turns by id in the reader's scope (those out of scope are left out), with their approval states. */
export async function findQuantityApprovals(tx: Db, reader: Reader & { ids: number[] }): Promise<TQuantityApproval[]> {
  if (reader.ids.length === 0) return [];
  const rows = await quantityApprovalSelect(tx).where(and(...quantityApprovalConditions(reader), inArray(quantityApprovals.id, reader.ids)));
  const states = await approvalStates(tx, { agencyId: reader.agencyId, kind: 'vesselQuantityApproval', ids: rows.map((r) => r.id), userId: reader.userId, isAdmin: reader.isAdmin });
  return rows.map((row) => toQuantityApproval(row, states.get(row.id)));
}

/** A voyage's active BLs in the reader's scope, each with its out-turn if recorded (the BL add form). */
export async function listVoyageShipments(tx: Db, reader: Reader & { voyageId: number }): Promise<TOutturnShipmentList> {
  const rows = await tx
    .select({
      id: shipments.id,
      blNumber: shipments.blNumber,
      lcPoNumber,
      blConsigneeName: companyName,
      blQuantityKg: shipments.blQuantityKg,
      quantityApprovalId: quantityApprovals.id,
    })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(companies, eq(companyId, consignments.blConsigneeId))
    .leftJoin(quantityApprovals, and(eq(quantityApprovals.shipmentId, shipments.id), ne(quantityApprovals.status, 'Reversed')))
    .where(and(eq(shipments.agencyId, reader.agencyId), eq(shipments.voyageId, reader.voyageId), eq(shipments.status, 'Active'), consignmentScope(reader.scope)))
    .orderBy(asc(shipments.blNumber), asc(shipments.id));
  return {
    rows: rows.map((row) => ({
      id: row.id,
      blNumber: row.blNumber,
      lcPoNumber: text(row.lcPoNumber),
      blConsigneeName: text(row.blConsigneeName),
      blQuantity: kgToTonnes(row.blQuantityKg),
      quantityApprovalId: row.quantityApprovalId,
    })),
  };
}
