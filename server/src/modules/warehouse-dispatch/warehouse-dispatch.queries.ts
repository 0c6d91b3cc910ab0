import { kgToTonnes, type DispatchDestination, type PreOutSortField, type TWarehouseOut, type TWarehousePreOut, type WarehouseOutSortField } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { cargoOwnerCondition, scopeCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, companies, drivers, locations, silos, trucks } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { outboundFirstWeights, outboundSecondWeights } from '../outbound-weighing/outbound-weighing.schema';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';

/*
 * The reads of warehouse dispatch: one joined select for Pre Outs and one for Warehouse Outs (which are also the
 * warehouse loading slips), shared by the lists, the exports, the records and the printed slip.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
const owners = alias(companies, 'owner_company');
const transporters = alias(companies, 'transporter_company');
const toLocations = alias(locations, 'to_location');
/** The live Warehouse Out standing on a Pre Out (left joined). */
export const liveOut = alias(warehouseOuts, 'live_out');

/**
 * The data scope of a record drawing on an on-hand position (spec 6), as the ledger scopes the position: its place is
 * one of the user's locations, and the owner passes the cargo owner rule (one of the user's consignees, and one of the
 * user's shipment managers or a company under one of them). Shared by the warehouse and consignee dispatch flows.
 */
export function positionScope(scope: DataScope, columns: { location: AnyPgColumn; owner: AnyPgColumn }): SQL | undefined {
  return and(scopeCondition(scope, { location: columns.location }), cargoOwnerCondition(scope, columns.owner));
}

/** The data scope of a warehouse dispatch record: its Pre Out's warehouse and owner (positionScope). */
export function dispatchScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: warehousePreOuts.warehouseId, owner: warehousePreOuts.ownerCompanyId });
}

const lcPo = sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`;

function preOutColumns() {
  return {
    id: warehousePreOuts.id,
    warehouseId: warehousePreOuts.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    siloId: warehousePreOuts.siloId,
    siloName: sql<string | null>`${col(silos, 'name')}`,
    ownerCompanyId: warehousePreOuts.ownerCompanyId,
    ownerName: sql<string>`${col(owners, 'name')}`,
    consignmentId: warehousePreOuts.consignmentId,
    lcPoNumber: lcPo,
    cargoTypeId: warehousePreOuts.cargoTypeId,
    voyageId: warehousePreOuts.voyageId,
    attachedVoyageId: warehousePreOuts.attachedVoyageId,
    truckId: warehousePreOuts.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: warehousePreOuts.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    quantityKg: warehousePreOuts.quantityKg,
    preOutAt: warehousePreOuts.preOutAt,
    remarks: warehousePreOuts.remarks,
    warehouseOutId: liveOut.id,
    status: warehousePreOuts.status,
    createdAt: warehousePreOuts.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: warehousePreOuts.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: warehousePreOuts.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: warehousePreOuts.reverseReason,
  };
}

/** The joined select of Pre Outs (without WHERE), with the live out standing on each, if any. */
export function selectPreOuts(tx: Db) {
  return tx
    .select(preOutColumns())
    .from(warehousePreOuts)
    .innerJoin(locations, eq(col(locations, 'id'), warehousePreOuts.warehouseId))
    .leftJoin(silos, eq(col(silos, 'id'), warehousePreOuts.siloId))
    .innerJoin(owners, eq(col(owners, 'id'), warehousePreOuts.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, warehousePreOuts.consignmentId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreOuts.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), warehousePreOuts.driverId))
    .leftJoin(liveOut, and(eq(liveOut.preOutId, warehousePreOuts.id), eq(liveOut.status, 'Active')))
    .innerJoin(createdUsers, eq(createdUsers.id, warehousePreOuts.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, warehousePreOuts.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, warehousePreOuts.reversedBy));
}

type PreOutRow = Awaited<ReturnType<ReturnType<typeof selectPreOuts>['where']>>[number];

export function toPreOut(row: PreOutRow): TWarehousePreOut {
  return {
    id: row.id,
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    quantity: kgToTonnes(row.quantityKg),
    preOutAt: iso(row.preOutAt),
    remarks: row.remarks,
    warehouseOutId: row.warehouseOutId,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const preOutSort: Record<PreOutSortField, SQL> = {
  preOutAt: sql`${warehousePreOuts.preOutAt}`,
  warehouseName: caseless(col(locations, 'name')),
  truckPlate: caseless(col(trucks, 'plateNumber')),
  quantity: sql`${warehousePreOuts.quantityKg}`,
  createdAt: sql`${warehousePreOuts.createdAt}`,
};

function outColumns() {
  return {
    id: warehouseOuts.id,
    slipNumber: warehouseOuts.slipNumber,
    preOutId: warehouseOuts.preOutId,
    preOutKg: warehousePreOuts.quantityKg,
    secondWeightId: warehouseOuts.secondWeightId,
    ticketNumber: outboundFirstWeights.ticketNumber,
    warehouseId: warehousePreOuts.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    siloId: warehousePreOuts.siloId,
    siloName: sql<string | null>`${col(silos, 'name')}`,
    ownerCompanyId: warehousePreOuts.ownerCompanyId,
    ownerName: sql<string>`${col(owners, 'name')}`,
    consignmentId: warehousePreOuts.consignmentId,
    lcPoNumber: lcPo,
    destinationType: warehouseOuts.destinationType,
    toLocationId: warehouseOuts.toLocationId,
    toLocationName: sql<string>`${col(toLocations, 'name')}`,
    truckId: warehousePreOuts.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: warehousePreOuts.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    transporterId: sql<number | null>`${col(transporters, 'id')}`,
    transporterName: sql<string | null>`${col(transporters, 'name')}`,
    manual: outboundSecondWeights.manual,
    firstKg: outboundFirstWeights.kg,
    secondKg: outboundSecondWeights.kg,
    quantityKg: warehouseOuts.quantityKg,
    tripId: warehouseOuts.tripId,
    outAt: warehouseOuts.outAt,
    remarks: warehouseOuts.remarks,
    receivedTable: warehouseOuts.receivedTable,
    status: warehouseOuts.status,
    createdAt: warehouseOuts.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: warehouseOuts.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: warehouseOuts.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: warehouseOuts.reverseReason,
  };
}

/** The joined select of Warehouse Outs with their Pre Outs and weighings (without WHERE). */
export function selectOuts(tx: Db) {
  return tx
    .select(outColumns())
    .from(warehouseOuts)
    .innerJoin(warehousePreOuts, eq(warehousePreOuts.id, warehouseOuts.preOutId))
    .innerJoin(locations, eq(col(locations, 'id'), warehousePreOuts.warehouseId))
    .leftJoin(silos, eq(col(silos, 'id'), warehousePreOuts.siloId))
    .innerJoin(owners, eq(col(owners, 'id'), warehousePreOuts.ownerCompanyId))
    .innerJoin(consignments, eq(consignments.id, warehousePreOuts.consignmentId))
    .innerJoin(toLocations, eq(col(toLocations, 'id'), warehouseOuts.toLocationId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreOuts.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), warehousePreOuts.driverId))
    .leftJoin(transporters, eq(col(transporters, 'id'), col(trucks, 'transporterId')))
    .innerJoin(outboundSecondWeights, eq(outboundSecondWeights.id, warehouseOuts.secondWeightId))
    .innerJoin(outboundFirstWeights, eq(outboundFirstWeights.id, outboundSecondWeights.firstWeightId))
    .innerJoin(createdUsers, eq(createdUsers.id, warehouseOuts.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, warehouseOuts.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, warehouseOuts.reversedBy));
}

type OutRow = Awaited<ReturnType<ReturnType<typeof selectOuts>['where']>>[number];

/** A Warehouse Out for the API; the entry type only for a reader holding its flag. */
export function toOut(row: OutRow, showEntryType: boolean): TWarehouseOut {
  return {
    id: row.id,
    slipNumber: row.slipNumber,
    preOutId: row.preOutId,
    preOutQuantity: kgToTonnes(row.preOutKg),
    secondWeightId: row.secondWeightId,
    ticketNumber: String(row.ticketNumber),
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    ownerCompanyId: row.ownerCompanyId,
    ownerName: String(row.ownerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    destinationType: row.destinationType as DispatchDestination,
    toLocationId: row.toLocationId,
    toLocationName: String(row.toLocationName),
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    transporterId: row.transporterId === null ? null : Number(row.transporterId),
    transporterName: row.transporterName === null ? null : String(row.transporterName),
    entryType: showEntryType ? (row.manual ? 'manual' : 'automatic') : null,
    firstKg: Number(row.firstKg),
    secondKg: Number(row.secondKg),
    netKg: Number(row.quantityKg),
    quantity: kgToTonnes(row.quantityKg),
    tripId: row.tripId,
    outAt: iso(row.outAt),
    remarks: row.remarks,
    received: row.receivedTable !== null,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const outSort: Record<WarehouseOutSortField, SQL> = {
  outAt: sql`${warehouseOuts.outAt}`,
  slipNumber: sql`${warehouseOuts.slipNumber}`,
  warehouseName: caseless(col(locations, 'name')),
  toLocationName: caseless(col(toLocations, 'name')),
  truckPlate: caseless(col(trucks, 'plateNumber')),
  quantity: sql`${warehouseOuts.quantityKg}`,
  createdAt: sql`${warehouseOuts.createdAt}`,
};
