import { COMPANY_TYPE_IDS, kgToTonnes, type SaleSortField, type TSale } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import type { DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { cargoTypes, columnOf, companies, locations, silos, trucks } from '../master-data/master-data.schema';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';
import { consignments } from '../procurement/procurement.schema';
import { positionScope } from '../warehouse-dispatch/warehouse-dispatch.queries';
import { consigneeToCustomerSales as sales } from './sales.schema';

/*
 * The reads of Consignee to Customer sales: one joined select shared by the list, the export and the record.
 */

const col = columnOf;
export const sellers = alias(companies, 'seller_company');
export const customers = alias(companies, 'customer_company');
/** The destination of a sale with a movement (its transfer slip's delivery location) and the slip's truck. */
const deliveryPlaces = alias(locations, 'sale_delivery_location');
const deliveryTrucks = alias(trucks, 'sale_delivery_truck');

/**
 * The data scope of a sale: its warehouse is one of the user's locations, and its seller passes the owner rule of
 * cargo (the seller's side sees what it sold; the customer, under no shipment manager, is not a scope of its own).
 */
export function saleScope(scope: DataScope): SQL | undefined {
  return positionScope(scope, { location: sales.locationId, owner: sales.sellerCompanyId });
}

export function selectSales(tx: Db) {
  return tx
    .select({
      id: sales.id,
      warehouseId: sales.locationId,
      warehouseName: sql<string>`${col(locations, 'name')}`,
      siloId: sales.siloId,
      siloName: sql<string | null>`${col(silos, 'name')}`,
      sellerId: sales.sellerCompanyId,
      sellerName: sql<string>`${col(sellers, 'name')}`,
      sellerTypeId: sql<number>`${col(sellers, 'companyTypeId')}`,
      customerId: sales.customerCompanyId,
      customerName: sql<string>`${col(customers, 'name')}`,
      consignmentId: sales.consignmentId,
      lcPoNumber: sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`,
      cargoTypeId: sales.cargoTypeId,
      cargoTypeName: sql<string>`${col(cargoTypes, 'name')}`,
      voyageId: sales.voyageId,
      attachedVoyageId: sales.attachedVoyageId,
      quantityKg: sales.quantityKg,
      saleAt: sales.saleAt,
      remarks: sales.remarks,
      slipId: transferSlips.id,
      slipNumber: transferSlips.slipNumber,
      slipToLocationId: transferSlips.toLocationId,
      slipToLocationName: sql<string | null>`${col(deliveryPlaces, 'name')}`,
      slipTruckPlate: sql<string | null>`${col(deliveryTrucks, 'plateNumber')}`,
      slipWbtNumber: transferSlips.wbtNumber,
      slipReceivedTable: transferSlips.receivedTable,
      status: sales.status,
      createdAt: sales.createdAt,
      createdByName: userName(createdUsers),
      updatedAt: sales.updatedAt,
      updatedByName: userName(updatedUsers),
      reversedAt: sales.reversedAt,
      reversedByName: userName(reversedUsers),
      reverseReason: sales.reverseReason,
    })
    .from(sales)
    .innerJoin(locations, eq(col(locations, 'id'), sales.locationId))
    .leftJoin(silos, eq(col(silos, 'id'), sales.siloId))
    .innerJoin(sellers, eq(col(sellers, 'id'), sales.sellerCompanyId))
    .innerJoin(customers, eq(col(customers, 'id'), sales.customerCompanyId))
    .innerJoin(consignments, eq(consignments.id, sales.consignmentId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), sales.cargoTypeId))
    .leftJoin(transferSlips, eq(transferSlips.id, sales.transferSlipId))
    .leftJoin(deliveryPlaces, eq(col(deliveryPlaces, 'id'), transferSlips.toLocationId))
    .leftJoin(deliveryTrucks, eq(col(deliveryTrucks, 'id'), transferSlips.truckId))
    .innerJoin(createdUsers, eq(createdUsers.id, sales.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, sales.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, sales.reversedBy));
}

type SaleRow = Awaited<ReturnType<ReturnType<typeof selectSales>['where']>>[number];

export function toSale(row: SaleRow): TSale {
  return {
    id: row.id,
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    siloId: row.siloId,
    siloName: row.siloName === null ? null : String(row.siloName),
    sellerId: row.sellerId,
    sellerName: String(row.sellerName),
    sellerIsShipmentManager: Number(row.sellerTypeId) === COMPANY_TYPE_IDS.shipmentManager,
    customerId: row.customerId,
    customerName: String(row.customerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: String(row.cargoTypeName),
    voyageId: row.voyageId,
    attachedVoyageId: row.attachedVoyageId,
    quantity: kgToTonnes(row.quantityKg),
    saleAt: new Date(row.saleAt).toISOString(),
    remarks: row.remarks,
    delivery:
      row.slipId === null || row.slipNumber === null || row.slipToLocationId === null
        ? null
        : {
            slipId: row.slipId,
            slipNumber: row.slipNumber,
            toLocationId: row.slipToLocationId,
            toLocationName: String(row.slipToLocationName ?? ''),
            truckPlate: String(row.slipTruckPlate ?? ''),
            wbtNumber: String(row.slipWbtNumber ?? ''),
            received: row.slipReceivedTable !== null,
          },
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const saleSort: Record<SaleSortField, SQL> = {
  saleAt: sql`${sales.saleAt}`,
  warehouseName: caseless(col(locations, 'name')),
  sellerName: caseless(col(sellers, 'name')),
  customerName: caseless(col(customers, 'name')),
  quantity: sql`${sales.quantityKg}`,
  createdAt: sql`${sales.createdAt}`,
};
