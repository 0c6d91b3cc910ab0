import { LOCATION_KIND_IDS, kgToTonnes, type LoanPlace, type LoanReturnSortField, type LoanSortField, type TLoan, type TLoanReturn } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { consignmentCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { cargoTypes, columnOf, companies, locations, ports, silos, vessels } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { deliveryLocations, deliverySlips, slipDeliveryColumns, toSlipDelivery } from '../warehouse-transfer/transfer-slip.queries';
import { consigneeToShipmentManagerLoans as loans, loanReturns } from './loans.schema';

/*
 * The reads of loans (L) and loan returns (LR): one joined select each, shared by the lists, the exports and the
 * records. A return shows its loan's place, parties and cargo.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
export const lenders = alias(companies, 'lender_company');
export const borrowers = alias(companies, 'borrower_company');
const sourceLocations = alias(locations, 'source_location');
const sourceSilos = alias(silos, 'source_silo');
const sourceConsignments = alias(consignments, 'source_consignment');
// A loan on board: its BL, the BL's voyage, vessel and port.
const loanShipments = alias(shipments, 'loan_shipment');
const loanVoyages = alias(voyages, 'loan_voyage');
const loanVessels = alias(vessels, 'loan_vessel');
const loanPorts = alias(ports, 'loan_port');

/**
 * The data scope of a loan: its warehouse, and its lender under the owner rule of cargo (a shipment manager's admin
 * sees the loans of its consignees, which are the loans it borrowed; a consignee's user its own).
 */
export function loanScope(scope: DataScope): SQL | undefined {
  const onHand = positionScope(scope, { location: loans.locationId, owner: loans.lenderCompanyId });
  // A loan on board is seen as its BL is (the consignment's shipment manager and BL consignee; a vessel is at none of
  // the user's locations), so a user who cannot see the BL neither lends it nor sees the loan.
  const onBoard = consignmentCondition(scope, {
    shipmentManager: sql`(select scope_loan_c.shipment_manager_id from consignments scope_loan_c where scope_loan_c.id = ${loans.consignmentId})`,
    blConsignee: sql`(select scope_loan_c.bl_consignee_id from consignments scope_loan_c where scope_loan_c.id = ${loans.consignmentId})`,
  });
  if (onHand === undefined && onBoard === undefined) return undefined;
  return sql`((${loans.shipmentId} is null and ${onHand ?? sql`true`}) or (${loans.shipmentId} is not null and ${onBoard ?? sql`true`}))`;
}

/** The kind of a loan's place, from its location (joined as `locations`): on board when it has none. */
export const loanPlace = () =>
  sql<LoanPlace>`case when ${loans.shipmentId} is not null then 'onBoard' when ${col(locations, 'locationKindId')} = ${LOCATION_KIND_IDS.warehouse} then 'warehouse' else 'consigneeLocation' end`;

/** The name of a loan's place without the joins of `selectLoans` (the port and vessel / voyage of a loan on board read by subquery). */
export const loanPlaceNameSql = () =>
  sql<string>`coalesce(${col(locations, 'name')}, (select lp.name || ' · ' || lve.name || ' / ' || lv.voyage_number from shipments ls join voyages lv on lv.id = ls.voyage_id
    join vessels lve on lve.id = lv.vessel_id join ports lp on lp.id = lv.port_id where ls.id = ${loans.shipmentId}), '')`;

/** The name of a loan's place: its location's, or on board the port and the vessel / voyage (joined as `loan_port` ...). */
const loanPlaceName = () =>
  sql<string>`coalesce(${col(locations, 'name')}, ${col(loanPorts, 'name')} || ' · ' || ${col(loanVessels, 'name')} || ' / ' || ${loanVoyages.voyageNumber}, '')`;

function partyColumns() {
  return {
    place: loanPlace(),
    warehouseId: loans.locationId,
    warehouseName: loanPlaceName(),
    shipmentId: loans.shipmentId,
    blNumber: loanShipments.blNumber,
    siloId: loans.siloId,
    siloName: sql<string | null>`${col(silos, 'name')}`,
    lenderId: loans.lenderCompanyId,
    lenderName: sql<string>`${col(lenders, 'name')}`,
    borrowerId: loans.borrowerCompanyId,
    borrowerName: sql<string>`${col(borrowers, 'name')}`,
    consignmentId: loans.consignmentId,
    lcPoNumber: sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`,
    cargoTypeId: loans.cargoTypeId,
    cargoTypeName: sql<string>`${col(cargoTypes, 'name')}`,
    voyageId: loans.voyageId,
    attachedVoyageId: loans.attachedVoyageId,
  };
}

export function selectLoans(tx: Db) {
  return tx
    .select({
      id: loans.id,
      ...partyColumns(),
      quantityKg: loans.quantityKg,
      returnedKg: loans.returnedKg,
      loanAt: loans.loanAt,
      ...slipDeliveryColumns(),
      remarks: loans.remarks,
      status: loans.status,
      createdAt: loans.createdAt,
      createdByName: userName(createdUsers),
      updatedAt: loans.updatedAt,
      updatedByName: userName(updatedUsers),
      reversedAt: loans.reversedAt,
      reversedByName: userName(reversedUsers),
      reverseReason: loans.reverseReason,
    })
    .from(loans)
    .leftJoin(locations, eq(col(locations, 'id'), loans.locationId))
    .leftJoin(loanShipments, eq(loanShipments.id, loans.shipmentId))
    .leftJoin(loanVoyages, eq(loanVoyages.id, loanShipments.voyageId))
    .leftJoin(loanVessels, eq(col(loanVessels, 'id'), loanVoyages.vesselId))
    .leftJoin(loanPorts, eq(col(loanPorts, 'id'), loanVoyages.portId))
    .leftJoin(silos, eq(col(silos, 'id'), loans.siloId))
    .innerJoin(lenders, eq(col(lenders, 'id'), loans.lenderCompanyId))
    .innerJoin(borrowers, eq(col(borrowers, 'id'), loans.borrowerCompanyId))
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), loans.cargoTypeId))
    .leftJoin(deliverySlips, eq(deliverySlips.id, loans.transferSlipId))
    .leftJoin(deliveryLocations, eq(col(deliveryLocations, 'id'), deliverySlips.toLocationId))
    .innerJoin(createdUsers, eq(createdUsers.id, loans.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, loans.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, loans.reversedBy));
}

type LoanRow = Awaited<ReturnType<ReturnType<typeof selectLoans>['where']>>[number];

function parties(row: Pick<LoanRow, keyof ReturnType<typeof partyColumns>>) {
  return {
    place: row.place,
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    shipmentId: row.shipmentId,
    blNumber: row.blNumber,
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    lenderId: row.lenderId,
    lenderName: String(row.lenderName),
    borrowerId: row.borrowerId,
    borrowerName: String(row.borrowerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: String(row.cargoTypeName),
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
  };
}

export function toLoan(row: LoanRow): TLoan {
  return {
    id: row.id,
    ...parties(row),
    quantity: kgToTonnes(row.quantityKg),
    returned: kgToTonnes(row.returnedKg),
    outstanding: kgToTonnes(row.quantityKg - row.returnedKg),
    loanAt: iso(row.loanAt),
    delivery: toSlipDelivery(row),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const loanSort: Record<LoanSortField, SQL> = {
  loanAt: sql`${loans.loanAt}`,
  warehouseName: caseless(col(locations, 'name')),
  lenderName: caseless(col(lenders, 'name')),
  borrowerName: caseless(col(borrowers, 'name')),
  quantity: sql`${loans.quantityKg}`,
  outstanding: sql`(${loans.quantityKg} - ${loans.returnedKg})`,
  createdAt: sql`${loans.createdAt}`,
};

export function selectLoanReturns(tx: Db) {
  return tx
    .select({
      id: loanReturns.id,
      loanId: loanReturns.loanId,
      ...partyColumns(),
      sourceLocationId: loanReturns.sourceLocationId,
      sourceLocationName: sql<string | null>`${col(sourceLocations, 'name')}`,
      sourceSiloId: loanReturns.sourceSiloId,
      sourceSiloName: sql<string | null>`${col(sourceSilos, 'name')}`,
      sourceConsignmentId: loanReturns.sourceConsignmentId,
      sourceLcPoNumber: sql<string | null>`coalesce(${sourceConsignments.lcNumber}, ${sourceConsignments.poNumber}, '')`,
      sourceVoyageId: loanReturns.sourceVoyageId,
      sourceAttachedVoyageId: loanReturns.sourceAttachedVoyageId,
      quantityKg: loanReturns.quantityKg,
      returnAt: loanReturns.returnAt,
      ...slipDeliveryColumns(),
      remarks: loanReturns.remarks,
      status: loanReturns.status,
      createdAt: loanReturns.createdAt,
      createdByName: userName(createdUsers),
      updatedAt: loanReturns.updatedAt,
      updatedByName: userName(updatedUsers),
      reversedAt: loanReturns.reversedAt,
      reversedByName: userName(reversedUsers),
      reverseReason: loanReturns.reverseReason,
    })
    .from(loanReturns)
    .innerJoin(loans, eq(loans.id, loanReturns.loanId))
    .leftJoin(locations, eq(col(locations, 'id'), loans.locationId))
    .leftJoin(loanShipments, eq(loanShipments.id, loans.shipmentId))
    .leftJoin(loanVoyages, eq(loanVoyages.id, loanShipments.voyageId))
    .leftJoin(loanVessels, eq(col(loanVessels, 'id'), loanVoyages.vesselId))
    .leftJoin(loanPorts, eq(col(loanPorts, 'id'), loanVoyages.portId))
    .leftJoin(silos, eq(col(silos, 'id'), loans.siloId))
    .innerJoin(lenders, eq(col(lenders, 'id'), loans.lenderCompanyId))
    .innerJoin(borrowers, eq(col(borrowers, 'id'), loans.borrowerCompanyId))
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), loans.cargoTypeId))
    .leftJoin(sourceLocations, eq(col(sourceLocations, 'id'), loanReturns.sourceLocationId))
    .leftJoin(sourceSilos, eq(col(sourceSilos, 'id'), loanReturns.sourceSiloId))
    .leftJoin(sourceConsignments, eq(sourceConsignments.id, loanReturns.sourceConsignmentId))
    .leftJoin(deliverySlips, eq(deliverySlips.id, loanReturns.transferSlipId))
    .leftJoin(deliveryLocations, eq(col(deliveryLocations, 'id'), deliverySlips.toLocationId))
    .innerJoin(createdUsers, eq(createdUsers.id, loanReturns.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, loanReturns.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, loanReturns.reversedBy));
}

type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectLoanReturns>['where']>>[number];

export function toLoanReturn(row: ReturnRow): TLoanReturn {
  return {
    id: row.id,
    loanId: row.loanId,
    ...parties(row),
    source:
      row.sourceLocationId === null || row.sourceConsignmentId === null || row.sourceVoyageId === null || row.sourceAttachedVoyageId === null
        ? null
        : {
            locationId: row.sourceLocationId,
            locationName: String(row.sourceLocationName ?? ''),
            siloId: row.sourceSiloId,
            siloName: row.sourceSiloName === null ? null : String(row.sourceSiloName),
            consignmentId: row.sourceConsignmentId,
            lcPoNumber: String(row.sourceLcPoNumber ?? ''),
            voyageId: row.sourceVoyageId,
            attachedVoyageId: row.sourceAttachedVoyageId,
          },
    quantity: kgToTonnes(row.quantityKg),
    returnAt: iso(row.returnAt),
    delivery: toSlipDelivery(row),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const loanReturnSort: Record<LoanReturnSortField, SQL> = {
  returnAt: sql`${loanReturns.returnAt}`,
  warehouseName: caseless(col(locations, 'name')),
  lenderName: caseless(col(lenders, 'name')),
  borrowerName: caseless(col(borrowers, 'name')),
  quantity: sql`${loanReturns.quantityKg}`,
  createdAt: sql`${loanReturns.createdAt}`,
};
