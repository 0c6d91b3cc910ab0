import { kgToTonnes, type ConsigneeOutSortField, type TConsigneeOut } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, drivers, locations, trucks } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { consigneeOuts } from './consignee-dispatch.schema';

/*
 * The reads of Consignee Outs (which are also the consignee loading slips): one joined select shared by the lists,
 * the exports, the records and the printed slip.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
const owners = alias(companies, 'owner_company');
const transporters = alias(companies, 'transporter_company');
const toLocations = alias(locations, 'to_location');

/** The data scope of a Consignee Out: its consignee location and owner, as the ledger scopes the position (spec 6). */
export function consigneeOutScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: consigneeOuts.locationId, owner: consigneeOuts.ownerCompanyId });
}

function outColumns() {
  return {
    id: consigneeOuts.id,
    slipNumber: consigneeOuts.slipNumber,
    locationId: consigneeOuts.locationId,
    locationName: sql<string>`${col(locations, 'name')}`,
    ownerCompanyId: consigneeOuts.ownerCompanyId,
    ownerName: sql<string>`${col(owners, 'name')}`,
    consignmentId: consigneeOuts.consignmentId,
    lcPoNumber: sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`,
    cargoTypeId: consigneeOuts.cargoTypeId,
    voyageId: consigneeOuts.voyageId,
    attachedVoyageId: consigneeOuts.attachedVoyageId,
    toLocationId: consigneeOuts.toLocationId,
    toLocationName: sql<string>`${col(toLocations, 'name')}`,
    truckId: consigneeOuts.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: consigneeOuts.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    transporterId: sql<number | null>`${col(transporters, 'id')}`,
    transporterName: sql<string | null>`${col(transporters, 'name')}`,
    wbtNumber: consigneeOuts.wbtNumber,
    quantityKg: consigneeOuts.quantityKg,
    tripId: consigneeOuts.tripId,
    outAt: consigneeOuts.outAt,
    remarks: consigneeOuts.remarks,
    receivedTable: consigneeOuts.receivedTable,
    status: consigneeOuts.status,
    createdAt: consigneeOuts.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: consigneeOuts.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: consigneeOuts.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: consigneeOuts.reverseReason,
  };
}

/** The joined select of Consignee Outs (without WHERE). */
export function selectConsigneeOuts(tx: Db) {
  return tx
    .select(outColumns())
    .from(consigneeOuts)
    .innerJoin(locations, eq(col(locations, 'id'), consigneeOuts.locationId))
    .innerJoin(owners, eq(col(owners, 'id'), consigneeOuts.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, consigneeOuts.consignmentId))
    .innerJoin(toLocations, eq(col(toLocations, 'id'), consigneeOuts.toLocationId))
    .innerJoin(trucks, eq(col(trucks, 'id'), consigneeOuts.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), consigneeOuts.driverId))
    .leftJoin(transporters, eq(col(transporters, 'id'), col(trucks, 'transporterId')))
    .innerJoin(createdUsers, eq(createdUsers.id, consigneeOuts.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, consigneeOuts.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, consigneeOuts.reversedBy));
}

type OutRow = Awaited<ReturnType<ReturnType<typeof selectConsigneeOuts>['where']>>[number];

export function toConsigneeOut(row: OutRow): TConsigneeOut {
  return {
    id: row.id,
    slipNumber: row.slipNumber,
    locationId: row.locationId,
    locationName: String(row.locationName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
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
    outAt: iso(row.outAt),
    remarks: row.remarks,
    received: row.receivedTable !== null,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const consigneeOutSort: Record<ConsigneeOutSortField, SQL> = {
  outAt: sql`${consigneeOuts.outAt}`,
  slipNumber: sql`${consigneeOuts.slipNumber}`,
  locationName: caseless(col(locations, 'name')),
  toLocationName: caseless(col(toLocations, 'name')),
  truckPlate: caseless(col(trucks, 'plateNumber')),
  quantity: sql`${consigneeOuts.quantityKg}`,
  createdAt: sql`${consigneeOuts.createdAt}`,
};
