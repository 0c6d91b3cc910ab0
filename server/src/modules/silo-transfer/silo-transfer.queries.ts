import { kgToTonnes, type SiloTransferSortField, type TSiloTransfer } from '@tonnage/contracts';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { siloTransferShares, siloTransfers } from './silo-transfer.schema';

/*
 * The reads of silo transfers: one joined select (with the source silo) and the shares of the rows read, shared by
 * the list, the export and the record.
 */

const col = columnOf;
const owners = alias(companies, 'owner_company');
const shareSilos = alias(silos, 'share_silo');
const lcPo = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`;

/** The data scope of a silo transfer: its warehouse and owner, as the position it draws on (positionScope). */
export function siloTransferScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: siloTransfers.warehouseId, owner: siloTransfers.ownerCompanyId });
}

function columns() {
  return {
    id: siloTransfers.id,
    warehouseId: siloTransfers.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    fromSiloId: siloTransfers.fromSiloId,
    fromSiloName: sql<string | null>`${col(silos, 'name')}`,
    ownerCompanyId: siloTransfers.ownerCompanyId,
    ownerName: sql<string>`${col(owners, 'name')}`,
    consignmentId: siloTransfers.consignmentId,
    lcPoNumber: lcPo,
    cargoTypeId: siloTransfers.cargoTypeId,
    voyageId: siloTransfers.voyageId,
    attachedVoyageId: siloTransfers.attachedVoyageId,
    storage: siloTransfers.storage,
    quantityKg: siloTransfers.quantityKg,
    transferAt: siloTransfers.transferAt,
    remarks: siloTransfers.remarks,
    status: siloTransfers.status,
    createdAt: siloTransfers.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: siloTransfers.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: siloTransfers.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: siloTransfers.reverseReason,
  };
}

/** The joined select of silo transfers (without WHERE). */
export function selectSiloTransfers(tx: Db) {
  return tx
    .select(columns())
    .from(siloTransfers)
    .innerJoin(locations, eq(col(locations, 'id'), siloTransfers.warehouseId))
    .leftJoin(silos, eq(col(silos, 'id'), siloTransfers.fromSiloId))
    .innerJoin(owners, eq(col(owners, 'id'), siloTransfers.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, siloTransfers.consignmentId))
    .innerJoin(createdUsers, eq(createdUsers.id, siloTransfers.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, siloTransfers.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, siloTransfers.reversedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectSiloTransfers>['where']>>[number];

/** The rows as the API gives them, with their shares (one query for all rows). */
export async function toSiloTransfers(tx: Db, rows: Row[]): Promise<TSiloTransfer[]> {
  if (rows.length === 0) return [];
  const shares = await tx
    .select({ transferId: siloTransferShares.siloTransferId, siloId: siloTransferShares.siloId, siloName: sql<string | null>`${col(shareSilos, 'name')}`, kg: siloTransferShares.quantityKg })
    .from(siloTransferShares)
    .leftJoin(shareSilos, eq(col(shareSilos, 'id'), siloTransferShares.siloId))
    .where(inArray(siloTransferShares.siloTransferId, rows.map((r) => r.id)))
    .orderBy(asc(siloTransferShares.id));
  return rows.map((row) => ({
    id: row.id,
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    fromSiloId: row.fromSiloId,
    fromSiloName: row.fromSiloName === null ? null : String(row.fromSiloName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    storage: row.storage === 'silo' ? 'silo' : 'openArea',
    shares: shares.filter((s) => s.transferId === row.id).map((s) => ({ siloId: s.siloId, siloName: s.siloName === null ? null : String(s.siloName), quantity: kgToTonnes(s.kg) })),
    quantity: kgToTonnes(row.quantityKg),
    transferAt: new Date(row.transferAt).toISOString(),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  }));
}

export const siloTransferSort: Record<SiloTransferSortField, SQL> = {
  transferAt: sql`${siloTransfers.transferAt}`,
  warehouseName: caseless(col(locations, 'name')),
  quantity: sql`${siloTransfers.quantityKg}`,
  createdAt: sql`${siloTransfers.createdAt}`,
};
