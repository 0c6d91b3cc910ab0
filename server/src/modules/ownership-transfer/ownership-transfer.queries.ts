import { kgToTonnes, LOCATION_KIND_IDS, type OwnershipTransferSortField, type TConsigneeTransfer } from '@tonnage/contracts';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { cargoOwnerCondition, scopeCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { deliveryLocations, deliverySlips, slipDeliveryColumns, toSlipDelivery } from '../warehouse-transfer/transfer-slip.queries';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * The reads of ownership transfers (and consignee transfers, with their truck delivery): one joined select shared by
 * the list, the export and the record.
 */

const col = columnOf;
const fromOwners = alias(companies, 'from_owner');
const toOwners = alias(companies, 'to_owner');
const lcPo = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`;

/**
 * The data scope of an ownership transfer (spec 6): its place is one of the user's locations, and either owner passes
 * the cargo owner rule: A's side and B's side both see the transfer, a third party neither.
 */
export function transferScope(scope: DataScope): SQL | undefined {
  const location = scopeCondition(scope, { location: ownershipTransfers.locationId });
  const from = cargoOwnerCondition(scope, ownershipTransfers.fromOwnerCompanyId);
  const to = cargoOwnerCondition(scope, ownershipTransfers.toOwnerCompanyId);
  const owner = from && to ? sql`(${or(from, to)})` : undefined;
  if (!location) return owner;
  return owner ? sql`(${location} and ${owner})` : location;
}

function columns() {
  return {
    id: ownershipTransfers.id,
    locationId: ownershipTransfers.locationId,
    locationName: sql<string>`${col(locations, 'name')}`,
    locationKindId: sql<number>`${col(locations, 'locationKindId')}`,
    siloId: ownershipTransfers.siloId,
    siloName: sql<string | null>`${col(silos, 'name')}`,
    fromOwnerCompanyId: ownershipTransfers.fromOwnerCompanyId,
    fromOwnerName: sql<string>`${col(fromOwners, 'name')}`,
    toOwnerCompanyId: ownershipTransfers.toOwnerCompanyId,
    toOwnerName: sql<string>`${col(toOwners, 'name')}`,
    consignmentId: ownershipTransfers.consignmentId,
    lcPoNumber: lcPo,
    cargoTypeId: ownershipTransfers.cargoTypeId,
    voyageId: ownershipTransfers.voyageId,
    attachedVoyageId: ownershipTransfers.attachedVoyageId,
    quantityKg: ownershipTransfers.quantityKg,
    transferAt: ownershipTransfers.transferAt,
    remarks: ownershipTransfers.remarks,
    ...slipDeliveryColumns(),
    status: ownershipTransfers.status,
    createdAt: ownershipTransfers.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: ownershipTransfers.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: ownershipTransfers.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: ownershipTransfers.reverseReason,
  };
}

/** The joined select of ownership transfers (without WHERE). */
export function selectTransfers(tx: Db) {
  return tx
    .select(columns())
    .from(ownershipTransfers)
    .innerJoin(locations, eq(col(locations, 'id'), ownershipTransfers.locationId))
    .leftJoin(silos, eq(col(silos, 'id'), ownershipTransfers.siloId))
    .innerJoin(fromOwners, eq(col(fromOwners, 'id'), ownershipTransfers.fromOwnerCompanyId))
    .innerJoin(toOwners, eq(col(toOwners, 'id'), ownershipTransfers.toOwnerCompanyId))
    .innerJoin(consignments, eq(consignments.id, ownershipTransfers.consignmentId))
    .leftJoin(deliverySlips, eq(deliverySlips.id, ownershipTransfers.transferSlipId))
    .leftJoin(deliveryLocations, eq(col(deliveryLocations, 'id'), deliverySlips.toLocationId))
    .innerJoin(createdUsers, eq(createdUsers.id, ownershipTransfers.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, ownershipTransfers.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, ownershipTransfers.reversedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTransfers>['where']>>[number];

/** A transfer as read (an ownership transfer's row has no delivery: its response schema drops it). */
export function toTransfer(row: Row): TConsigneeTransfer {
  return {
    id: row.id,
    locationId: row.locationId,
    locationName: String(row.locationName),
    place: Number(row.locationKindId) === LOCATION_KIND_IDS.warehouse ? 'warehouse' : 'consigneeLocation',
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    fromOwnerCompanyId: row.fromOwnerCompanyId,
    fromOwnerName: String(row.fromOwnerName),
    toOwnerCompanyId: row.toOwnerCompanyId,
    toOwnerName: String(row.toOwnerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    quantity: kgToTonnes(row.quantityKg),
    transferAt: new Date(row.transferAt).toISOString(),
    remarks: row.remarks,
    delivery: toSlipDelivery(row),
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const transferSort: Record<OwnershipTransferSortField, SQL> = {
  transferAt: sql`${ownershipTransfers.transferAt}`,
  locationName: caseless(col(locations, 'name')),
  fromOwnerName: caseless(col(fromOwners, 'name')),
  toOwnerName: caseless(col(toOwners, 'name')),
  quantity: sql`${ownershipTransfers.quantityKg}`,
  createdAt: sql`${ownershipTransfers.createdAt}`,
};

/** The owner joins the list's count needs (the search reads the consignment). */
export { fromOwners, toOwners };
