import { kgToTonnes, type TWarehouseTransfer, type WarehouseTransferSortField } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, drivers, locations, silos, trucks } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { transferSlips } from './transfer-slip.schema';

/*
 * The reads of Warehouse Transfers (transfer slips of source `warehouseTransfer`): one joined select shared by the
 * list, the export, the record and the printed slip.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
const owners = alias(companies, 'owner_company');
const transporters = alias(companies, 'transporter_company');
const fromLocations = alias(locations, 'from_location');
const toLocations = alias(locations, 'to_location');

/** The data scope of a Warehouse Transfer: its source warehouse and owner, as the ledger scopes the position (spec 6). */
export function warehouseTransferScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: transferSlips.fromLocationId, owner: transferSlips.ownerCompanyId });
}

function transferColumns() {
  return {
    id: transferSlips.id,
    slipNumber: transferSlips.slipNumber,
    fromWarehouseId: transferSlips.fromLocationId,
    fromWarehouseName: sql<string>`${col(fromLocations, 'name')}`,
    siloId: transferSlips.siloId,
    siloName: sql<string | null>`${col(silos, 'name')}`,
    ownerCompanyId: transferSlips.ownerCompanyId,
    ownerName: sql<string>`${col(owners, 'name')}`,
    toOwnerCompanyId: transferSlips.toOwnerCompanyId,
    consignmentId: transferSlips.consignmentId,
    lcPoNumber: sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`,
    cargoTypeId: transferSlips.cargoTypeId,
    cargoTypeName: sql<string>`(select ct.name from cargo_types ct where ct.id = ${transferSlips.cargoTypeId})`,
    voyageId: transferSlips.voyageId,
    attachedVoyageId: transferSlips.attachedVoyageId,
    toLocationId: transferSlips.toLocationId,
    toLocationName: sql<string>`${col(toLocations, 'name')}`,
    truckId: transferSlips.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: transferSlips.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    transporterId: sql<number | null>`${col(transporters, 'id')}`,
    transporterName: sql<string | null>`${col(transporters, 'name')}`,
    wbtNumber: transferSlips.wbtNumber,
    quantityKg: transferSlips.quantityKg,
    tripId: transferSlips.tripId,
    slippedAt: transferSlips.slippedAt,
    remarks: transferSlips.remarks,
    receivedTable: transferSlips.receivedTable,
    hasPreIn: sql<boolean>`exists (select 1 from warehouse_pre_ins wpi where wpi.slip_kind = 'transferSlip' and wpi.slip_id = ${transferSlips.id} and wpi.status = 'Active')`,
    status: transferSlips.status,
    createdAt: transferSlips.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: transferSlips.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: transferSlips.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: transferSlips.reverseReason,
  };
}

/** The joined select of transfer slips (without WHERE; the caller restricts to its source). */
export function selectTransferSlips(tx: Db) {
  return tx
    .select(transferColumns())
    .from(transferSlips)
    .innerJoin(fromLocations, eq(col(fromLocations, 'id'), transferSlips.fromLocationId))
    .leftJoin(silos, eq(col(silos, 'id'), transferSlips.siloId))
    .innerJoin(owners, eq(col(owners, 'id'), transferSlips.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, transferSlips.consignmentId))
    .innerJoin(toLocations, eq(col(toLocations, 'id'), transferSlips.toLocationId))
    .innerJoin(trucks, eq(col(trucks, 'id'), transferSlips.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), transferSlips.driverId))
    .leftJoin(transporters, eq(col(transporters, 'id'), col(trucks, 'transporterId')))
    .innerJoin(createdUsers, eq(createdUsers.id, transferSlips.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, transferSlips.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, transferSlips.reversedBy));
}

type TransferRow = Awaited<ReturnType<ReturnType<typeof selectTransferSlips>['where']>>[number];

export function toWarehouseTransfer(row: TransferRow): TWarehouseTransfer {
  return {
    id: row.id,
    slipNumber: row.slipNumber,
    fromWarehouseId: row.fromWarehouseId,
    fromWarehouseName: String(row.fromWarehouseName),
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    toOwnerCompanyId: row.toOwnerCompanyId,
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: String(row.cargoTypeName ?? ''),
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    toLocationId: row.toLocationId,
    toLocationName: String(row.toLocationName),
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    transporterId: row.transporterId === null ? null : Number(row.transporterId),
    transporterName: row.transporterName === null ? null : String(row.transporterName),
    wbtNumber: row.wbtNumber,
    quantity: kgToTonnes(row.quantityKg),
    tripId: row.tripId,
    transferAt: iso(row.slippedAt),
    remarks: row.remarks,
    received: row.receivedTable !== null,
    hasPreIn: row.hasPreIn === true || String(row.hasPreIn) === 'true',
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const warehouseTransferSort: Record<WarehouseTransferSortField, SQL> = {
  transferAt: sql`${transferSlips.slippedAt}`,
  slipNumber: sql`${transferSlips.slipNumber}`,
  fromWarehouseName: caseless(col(fromLocations, 'name')),
  toLocationName: caseless(col(toLocations, 'name')),
  ownerName: caseless(col(owners, 'name')),
  truckPlate: caseless(col(trucks, 'plateNumber')),
  quantity: sql`${transferSlips.quantityKg}`,
  createdAt: sql`${transferSlips.createdAt}`,
};
