import { kgToTonnes, type HandlingKind, type HandlingSortField, type TApprovalState, type THandlingRecord } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { handlingRecords } from './handling.schema';

/* The reads of handling losses and excesses: one joined select shared by the lists, the export and the record. */

const col = columnOf;
const owners = alias(companies, 'owner_company');
const lcPo = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`;

/** The data scope of a handling record: its warehouse and owner, as the position it changes (spec 6). */
export function handlingScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: handlingRecords.warehouseId, owner: handlingRecords.ownerCompanyId });
}

/** The joined select of handling records (without WHERE). */
export function selectHandling(tx: Db) {
  return tx
    .select({
      id: handlingRecords.id,
      kind: handlingRecords.kind,
      warehouseId: handlingRecords.warehouseId,
      warehouseName: sql<string>`${col(locations, 'name')}`,
      siloId: handlingRecords.siloId,
      siloName: sql<string | null>`${col(silos, 'name')}`,
      ownerCompanyId: handlingRecords.ownerCompanyId,
      ownerName: sql<string>`${col(owners, 'name')}`,
      consignmentId: handlingRecords.consignmentId,
      lcPoNumber: lcPo,
      cargoTypeId: handlingRecords.cargoTypeId,
      cargoTypeName: sql<string>`(select name from cargo_types where cargo_types.id = ${handlingRecords.cargoTypeId})`,
      voyageId: handlingRecords.voyageId,
      attachedVoyageId: handlingRecords.attachedVoyageId,
      quantityKg: handlingRecords.quantityKg,
      baseKg: handlingRecords.baseKg,
      allowedPercent: handlingRecords.allowedPercent,
      withinAllowance: handlingRecords.withinAllowance,
      approvalStatus: handlingRecords.approvalStatus,
      ledgerTransactionId: handlingRecords.ledgerTransactionId,
      adjustedAt: handlingRecords.adjustedAt,
      reason: handlingRecords.reason,
      remarks: handlingRecords.remarks,
      priorKg: sql<string>`coalesce((select sum(p.quantity_kg) from handling_records p where p.agency_id = ${handlingRecords.agencyId} and p.kind = ${handlingRecords.kind}
        and p.warehouse_id = ${handlingRecords.warehouseId} and p.consignment_id = ${handlingRecords.consignmentId} and p.cargo_type_id = ${handlingRecords.cargoTypeId}
        and p.id < ${handlingRecords.id} and p.status = 'Active' and p.approval_status <> 'Rejected'), 0)::text`,
      status: handlingRecords.status,
      createdAt: handlingRecords.createdAt,
      createdByName: userName(createdUsers),
      updatedAt: handlingRecords.updatedAt,
      updatedByName: userName(updatedUsers),
      reversedAt: handlingRecords.reversedAt,
      reversedByName: userName(reversedUsers),
      reverseReason: handlingRecords.reverseReason,
    })
    .from(handlingRecords)
    .innerJoin(locations, eq(col(locations, 'id'), handlingRecords.warehouseId))
    .leftJoin(silos, eq(col(silos, 'id'), handlingRecords.siloId))
    .innerJoin(owners, eq(col(owners, 'id'), handlingRecords.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, handlingRecords.consignmentId))
    .innerJoin(createdUsers, eq(createdUsers.id, handlingRecords.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, handlingRecords.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, handlingRecords.reversedBy));
}

export type HandlingRow = Awaited<ReturnType<ReturnType<typeof selectHandling>['where']>>[number];

/** Percent of `part` in `base` (kilograms), 3 decimals; 100.000 when nothing was received. */
export function percentOf(partKg: bigint, baseKg: bigint): string {
  if (baseKg <= 0n) return '100.000';
  const thousandths = (partKg * 100_000n + baseKg / 2n) / baseKg;
  return `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
}

export function toHandling(row: HandlingRow, state: TApprovalState | undefined): THandlingRecord {
  const pending = row.status === 'Active' && row.approvalStatus === 'Pending';
  const next = state?.steps.find((step) => step.userId === state.nextApproverId);
  return {
    id: row.id,
    kind: row.kind as HandlingKind,
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: String(row.cargoTypeName ?? ''),
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    quantity: kgToTonnes(row.quantityKg),
    baseQuantity: kgToTonnes(row.baseKg),
    allowedPercent: row.allowedPercent === null ? null : Number(row.allowedPercent).toFixed(3),
    percent: percentOf(BigInt(row.priorKg) + row.quantityKg, row.baseKg),
    withinAllowance: row.withinAllowance,
    approvalStatus: row.approvalStatus as THandlingRecord['approvalStatus'],
    canDecide: pending && state !== undefined && (state.isCurrentApprover || state.mayStandIn),
    nextApprover: pending && next ? next.userName : null,
    posted: row.ledgerTransactionId !== null && row.status === 'Active',
    adjustedAt: new Date(row.adjustedAt).toISOString(),
    reason: row.reason,
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const handlingSort: Record<HandlingSortField, SQL> = {
  adjustedAt: sql`${handlingRecords.adjustedAt}`,
  warehouseName: caseless(col(locations, 'name')),
  quantity: sql`${handlingRecords.quantityKg}`,
  createdAt: sql`${handlingRecords.createdAt}`,
};
