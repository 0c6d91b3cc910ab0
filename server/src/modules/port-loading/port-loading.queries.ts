import { kgToTonnes, type LoadingSlipSortField, type PortLoadingSortField, type TLoadingSlip, type TPortLoading } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { scopeCondition } from '../../identity/data-scope';
import { cargoTypes, columnOf, companies, drivers, locations, ports, trucks, vessels } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';
import { createdUsers, reversedUsers, updatedUsers, userName } from '../../identity/record-trail';
import { loadingSlips, portLoadings } from './port-loading.schema';

/*
 * The reads of port loadings and loading slips: one joined select each, shared by the lists, the detail and the
 * printed slip, so every screen shows the same names and sums. Sums are computed by the database (bigint kg).
 */

const col = columnOf;
const blConsignee = alias(companies, 'bl_consignee');
const ownerCompany = alias(companies, 'owner_company');
const transporterCompany = alias(companies, 'transporter_company');

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const kg = (value: unknown): bigint => (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? BigInt(value) : 0n);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The scope of port loadings (spec 6): the consignment's BL consignee and shipment manager, the destination. */
export function portLoadingScope(scope: DataScope): SQL | undefined {
  return scopeCondition(scope, { consignee: consignments.blConsigneeId, shipmentManager: consignments.shipmentManagerId, location: portLoadings.toLocationId });
}

const activeSlipsOf = sql`from ${loadingSlips} s where s.port_loading_id = ${portLoadings.id} and s.status = 'Active'`;

function portLoadingColumns() {
  return {
    id: portLoadings.id,
    voyageId: portLoadings.voyageId,
    vesselName: col(vessels, 'name'),
    voyageNumber: voyages.voyageNumber,
    shipmentId: portLoadings.shipmentId,
    blNumber: shipments.blNumber,
    consignmentId: portLoadings.consignmentId,
    lcNumber: consignments.lcNumber,
    poNumber: consignments.poNumber,
    blConsigneeId: shipments.blConsigneeId,
    blConsigneeName: col(blConsignee, 'name'),
    cargoTypeId: consignments.cargoTypeId,
    cargoTypeName: col(cargoTypes, 'name'),
    portId: portLoadings.portId,
    portName: col(ports, 'name'),
    transportationType: portLoadings.transportationType,
    toLocationId: portLoadings.toLocationId,
    toLocationName: col(locations, 'name'),
    ownerCompanyId: portLoadings.ownerCompanyId,
    ownerCompanyName: col(ownerCompany, 'name'),
    transporterKind: portLoadings.transporterKind,
    transporterId: portLoadings.transporterId,
    transporterName: col(transporterCompany, 'name'),
    thirdPartyName: portLoadings.thirdPartyName,
    quantityType: portLoadings.quantityType,
    loanId: portLoadings.loanId,
    quantityKg: portLoadings.quantityKg,
    loadingDate: portLoadings.loadingDate,
    remarks: portLoadings.remarks,
    status: portLoadings.status,
    createdAt: portLoadings.createdAt,
    createdBy: userName(createdUsers),
    updatedAt: portLoadings.updatedAt,
    updatedBy: userName(updatedUsers),
    reversedAt: portLoadings.reversedAt,
    reversedBy: userName(reversedUsers),
    reverseReason: portLoadings.reverseReason,
    loadedKg: sql<string>`(select coalesce(sum(s.quantity_kg), 0) ${activeSlipsOf})`,
    trips: sql<number>`(select count(*)::int ${activeSlipsOf})`,
    inTransitKg: sql<string>`(select coalesce(sum(s.quantity_kg), 0) ${activeSlipsOf} and s.received_table is null)`,
  };
}

/** The joined select of port loadings (without WHERE). */
export function selectPortLoadings(tx: Db) {
  return tx
    .select(portLoadingColumns())
    .from(portLoadings)
    .innerJoin(voyages, eq(voyages.id, portLoadings.voyageId))
    .innerJoin(vessels, eq(col(vessels, 'id'), voyages.vesselId))
    .innerJoin(shipments, eq(shipments.id, portLoadings.shipmentId))
    .innerJoin(consignments, eq(consignments.id, portLoadings.consignmentId))
    .innerJoin(blConsignee, eq(col(blConsignee, 'id'), shipments.blConsigneeId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), consignments.cargoTypeId))
    .innerJoin(ports, eq(col(ports, 'id'), portLoadings.portId))
    .innerJoin(locations, eq(col(locations, 'id'), portLoadings.toLocationId))
    .innerJoin(ownerCompany, eq(col(ownerCompany, 'id'), portLoadings.ownerCompanyId))
    .leftJoin(transporterCompany, eq(col(transporterCompany, 'id'), portLoadings.transporterId))
    .leftJoin(createdUsers, eq(createdUsers.id, portLoadings.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, portLoadings.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, portLoadings.reversedBy));
}

/** The count query with the same joins as the WHERE of the list needs (consignments for the scope). */
export function countPortLoadings(tx: Db, where: SQL | undefined) {
  return tx
    .select({ count: sql<number>`count(*)::int` })
    .from(portLoadings)
    .innerJoin(consignments, eq(consignments.id, portLoadings.consignmentId))
    .where(where);
}

type PortLoadingRecord = Awaited<ReturnType<ReturnType<typeof selectPortLoadings>['execute']>>[number];

/** A joined row as the API shows it. */
export function toPortLoading(row: PortLoadingRecord): TPortLoading {
  const quantity = row.quantityKg;
  const loaded = kg(row.loadedKg);
  return {
    id: row.id,
    voyageId: row.voyageId,
    vesselName: text(row.vesselName),
    voyageNumber: row.voyageNumber,
    shipmentId: row.shipmentId,
    blNumber: row.blNumber,
    consignmentId: row.consignmentId,
    lcPoNumber: row.lcNumber ?? row.poNumber ?? '',
    blConsigneeId: row.blConsigneeId,
    blConsigneeName: text(row.blConsigneeName),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: text(row.cargoTypeName),
    portId: row.portId,
    portName: text(row.portName),
    transportationType: row.transportationType as TPortLoading['transportationType'],
    toLocationId: row.toLocationId,
    toLocationName: text(row.toLocationName),
    ownerCompanyId: row.ownerCompanyId,
    ownerCompanyName: text(row.ownerCompanyName),
    transporterKind: row.transporterKind as TPortLoading['transporterKind'],
    transporterId: row.transporterId,
    transporterName: row.transporterName === null ? null : text(row.transporterName),
    thirdPartyName: row.thirdPartyName,
    quantityType: row.quantityType === 'loan' ? 'loan' : 'bl',
    loanId: row.loanId,
    quantity: kgToTonnes(quantity),
    loadedQuantity: kgToTonnes(loaded),
    trips: Number(row.trips),
    inTransitQuantity: kgToTonnes(kg(row.inTransitKg)),
    remainingQuantity: kgToTonnes(quantity - loaded),
    loadingDate: row.loadingDate,
    remarks: row.remarks,
    status: row.status as TPortLoading['status'],
    createdAt: iso(row.createdAt) ?? '',
    createdBy: row.createdBy ?? '',
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
    reversedAt: iso(row.reversedAt),
    reversedBy: row.reversedBy,
    reverseReason: row.reverseReason,
  };
}

function slipColumns() {
  return {
    id: loadingSlips.id,
    slipNumber: loadingSlips.slipNumber,
    portLoadingId: loadingSlips.portLoadingId,
    tripId: loadingSlips.tripId,
    voyageId: portLoadings.voyageId,
    vesselName: col(vessels, 'name'),
    voyageNumber: voyages.voyageNumber,
    consignmentId: portLoadings.consignmentId,
    lcNumber: consignments.lcNumber,
    poNumber: consignments.poNumber,
    blConsigneeName: col(blConsignee, 'name'),
    cargoTypeName: col(cargoTypes, 'name'),
    portName: col(ports, 'name'),
    transportationType: portLoadings.transportationType,
    toLocationId: portLoadings.toLocationId,
    toLocationName: col(locations, 'name'),
    transporterKind: portLoadings.transporterKind,
    transporterId: portLoadings.transporterId,
    transporterName: col(transporterCompany, 'name'),
    thirdPartyName: portLoadings.thirdPartyName,
    truckId: loadingSlips.truckId,
    truckPlate: col(trucks, 'plateNumber'),
    driverId: loadingSlips.driverId,
    driverName: col(drivers, 'name'),
    wbtNumber: loadingSlips.wbtNumber,
    quantityKg: loadingSlips.quantityKg,
    loadedAt: loadingSlips.loadedAt,
    remarks: loadingSlips.remarks,
    receivedTable: loadingSlips.receivedTable,
    receivedAt: loadingSlips.receivedAt,
    status: loadingSlips.status,
    createdAt: loadingSlips.createdAt,
    createdById: loadingSlips.createdBy,
    createdBy: userName(createdUsers),
    updatedAt: loadingSlips.updatedAt,
    updatedBy: userName(updatedUsers),
    reversedAt: loadingSlips.reversedAt,
    reversedBy: userName(reversedUsers),
    reverseReason: loadingSlips.reverseReason,
  };
}

/** The joined select of loading slips (without WHERE). */
export function selectLoadingSlips(tx: Db) {
  return tx
    .select(slipColumns())
    .from(loadingSlips)
    .innerJoin(portLoadings, eq(portLoadings.id, loadingSlips.portLoadingId))
    .innerJoin(voyages, eq(voyages.id, portLoadings.voyageId))
    .innerJoin(vessels, eq(col(vessels, 'id'), voyages.vesselId))
    .innerJoin(shipments, eq(shipments.id, portLoadings.shipmentId))
    .innerJoin(consignments, eq(consignments.id, portLoadings.consignmentId))
    .innerJoin(blConsignee, eq(col(blConsignee, 'id'), shipments.blConsigneeId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), consignments.cargoTypeId))
    .innerJoin(ports, eq(col(ports, 'id'), portLoadings.portId))
    .innerJoin(locations, eq(col(locations, 'id'), portLoadings.toLocationId))
    .leftJoin(transporterCompany, eq(col(transporterCompany, 'id'), portLoadings.transporterId))
    .innerJoin(trucks, eq(col(trucks, 'id'), loadingSlips.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), loadingSlips.driverId))
    .leftJoin(createdUsers, eq(createdUsers.id, loadingSlips.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, loadingSlips.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, loadingSlips.reversedBy));
}

export type LoadingSlipRecord = Awaited<ReturnType<ReturnType<typeof selectLoadingSlips>['execute']>>[number];

/** A joined slip row as the API shows it. */
export function toLoadingSlip(row: LoadingSlipRecord): TLoadingSlip {
  return {
    id: row.id,
    slipNumber: row.slipNumber,
    portLoadingId: row.portLoadingId,
    tripId: row.tripId,
    voyageId: row.voyageId,
    vesselName: text(row.vesselName),
    voyageNumber: row.voyageNumber,
    consignmentId: row.consignmentId,
    lcPoNumber: row.lcNumber ?? row.poNumber ?? '',
    blConsigneeName: text(row.blConsigneeName),
    cargoTypeName: text(row.cargoTypeName),
    portName: text(row.portName),
    transportationType: row.transportationType as TLoadingSlip['transportationType'],
    toLocationId: row.toLocationId,
    toLocationName: text(row.toLocationName),
    transporterKind: row.transporterKind as TLoadingSlip['transporterKind'],
    transporterId: row.transporterId,
    transporterName: row.transporterKind === 'thirdParty' ? row.thirdPartyName : row.transporterName === null ? null : text(row.transporterName),
    truckId: row.truckId,
    truckPlate: text(row.truckPlate),
    driverId: row.driverId,
    driverName: text(row.driverName),
    wbtNumber: row.wbtNumber,
    quantity: kgToTonnes(row.quantityKg),
    loadedAt: iso(row.loadedAt) ?? '',
    remarks: row.remarks,
    received: row.receivedTable !== null,
    receivedTable: row.receivedTable,
    receivedAt: iso(row.receivedAt),
    status: row.status as TLoadingSlip['status'],
    createdAt: iso(row.createdAt) ?? '',
    createdBy: row.createdBy ?? '',
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
    reversedAt: iso(row.reversedAt),
    reversedBy: row.reversedBy,
    reverseReason: row.reverseReason,
  };
}

/** The count and total of filtered slips (same joins the WHERE may use). */
export function slipTotals(tx: Db, where: SQL | undefined) {
  return tx
    .select({ count: sql<number>`count(*)::int`, totalKg: sql<string>`coalesce(sum(${loadingSlips.quantityKg}), 0)` })
    .from(loadingSlips)
    .innerJoin(portLoadings, eq(portLoadings.id, loadingSlips.portLoadingId))
    .innerJoin(consignments, eq(consignments.id, portLoadings.consignmentId))
    .where(where);
}

export const agencyOfPortLoadings = (agencyId: number) => eq(portLoadings.agencyId, agencyId);
export const agencyOfSlips = (agencyId: number) => and(eq(loadingSlips.agencyId, agencyId));
export { kg as kilogramsOf };

/** The port loading list's sortable columns (contract `PORT_LOADING_SORT_FIELDS`) in SQL: texts without letter case. */
export const portLoadingSort: Record<PortLoadingSortField, SQL | AnyPgColumn> = {
  loadingDate: portLoadings.loadingDate,
  vesselName: caseless(col(vessels, 'name')),
  blNumber: caseless(shipments.blNumber),
  lcPoNumber: caseless(sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber})`),
  blConsigneeName: caseless(col(blConsignee, 'name')),
  toLocationName: caseless(col(locations, 'name')),
  // The transporter company, else the third party's name (self: none, last ascending).
  transporterName: caseless(sql`coalesce(${col(transporterCompany, 'name')}, ${portLoadings.thirdPartyName})`),
  quantity: portLoadings.quantityKg,
  createdAt: portLoadings.createdAt,
};

/** The loading slip list's sortable columns (contract `LOADING_SLIP_SORT_FIELDS`) in SQL: texts without letter case. */
export const loadingSlipSort: Record<LoadingSlipSortField, SQL | AnyPgColumn> = {
  loadedAt: loadingSlips.loadedAt,
  slipNumber: loadingSlips.slipNumber,
  vesselName: caseless(col(vessels, 'name')),
  lcPoNumber: caseless(sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber})`),
  toLocationName: caseless(col(locations, 'name')),
  truckPlate: caseless(col(trucks, 'plateNumber')),
  driverName: caseless(col(drivers, 'name')),
  wbtNumber: caseless(loadingSlips.wbtNumber),
  quantity: loadingSlips.quantityKg,
  createdAt: loadingSlips.createdAt,
};
