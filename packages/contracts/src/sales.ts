import { z } from 'zod';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZOptionalId, ZReasonBody, ZRecordTrail, ZTonnes } from './cargo';
import { Messages } from './errors';
import { WarehouseDispatchMessages } from './warehouse-dispatch';

/*
 * Consignee to customer, a sale (issue 14; spec 2.3 `warehouse/consignee-to-customer`, transaction code `sale`,
 * quantity type `sale`). The seller (a consignee, or a shipment manager selling what it holds) sells cargo on hand in
 * a warehouse (a silo or the open area) to a customer of the agency, in place: nothing moves physically, the ledger
 * posts ON_HAND(place, seller, consignment, cargo, voyage, attached voyage) -> ON_HAND(same place, customer, same
 * consignment ...), never above the seller's usable quantity. A sale has no loan record and nothing draws on it: the
 * customer's later flows draw on the customer's ON_HAND account, so the ledger alone refuses a reversal once that
 * stock has moved on.
 */

/** Texts the sale answers with (Arabic in the web's sales section). */
export const SaleMessages = {
  customerRequired: 'Please select a customer!',
  sellerNotAllowed: 'Only a consignee or a shipment manager can sell to a customer.',
  notFound: 'Consignee to Customer not found',
  alreadyReversed: 'This Consignee to Customer is reversed.',
  deliveryLocationRequired: 'Please select the customer’s delivery location!',
  deliveryNotCustomers: 'The delivery location must be one of the customer’s delivery locations.',
  inCustomerIn: 'This Consignee to Customer delivered on Customer In. Please revert Customer In transaction first.',
  created: 'Consignee to Customer created successfully',
  reversed: 'Consignee to Customer reversed successfully',
} as const;

const optionalRemarks = textInput()
  .trim()
  .max(255, 'Maximum 255 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const ZSaleQuantity = z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : value), z.union([z.string(), z.number()], { error: Messages.quantityPositive }).pipe(ZTonnes));

/**
 * The optional delivery of a sale (issue 14): null sells in place; with a movement the cargo leaves by truck on a
 * transfer slip (source `sale`) for a delivery location of the customer, received there by Customer In.
 */
export const ZSaleMovement = z.object({
  toLocationId: requiredId(SaleMessages.deliveryLocationRequired),
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  wbtNumber: textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters'),
});
export type TSaleMovement = z.output<typeof ZSaleMovement>;

/** Body of `POST /api/warehouseConsigneeToCustomer`: the seller's on-hand position in a warehouse, the customer and the quantity. */
export const ZConsigneeToCustomerInput = z.object({
  warehouseId: requiredId(Messages.warehouseRequired),
  siloId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().nullish()).transform((v) => v ?? null),
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  customerId: requiredId(SaleMessages.customerRequired),
  quantity: ZSaleQuantity,
  remarks: optionalRemarks,
  /** null (or absent): in place; otherwise the truck trip to the customer's delivery location. */
  movement: ZSaleMovement.nullish().transform((v) => v ?? null),
});
export type TConsigneeToCustomerInput = z.input<typeof ZConsigneeToCustomerInput>;
export type TConsigneeToCustomerValues = z.output<typeof ZConsigneeToCustomerInput>;

/** A sale as lists and its record page show it. */
export const ZSale = z
  .object({
    id: z.number(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    siloId: z.number().nullable(),
    siloName: z.string().nullable(),
    sellerId: z.number(),
    sellerName: z.string(),
    sellerIsShipmentManager: z.boolean(),
    customerId: z.number(),
    customerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
    cargoTypeName: z.string(),
    voyageId: z.number(),
    attachedVoyageId: z.number(),
    /** MT, 3 decimals. */
    quantity: z.string(),
    saleAt: z.string(),
    remarks: z.string().nullable(),
    /** The delivery of a sale with a movement (its transfer slip), null for a sale in place. */
    delivery: z
      .object({
        slipId: z.number(),
        slipNumber: z.number(),
        toLocationId: z.number(),
        toLocationName: z.string(),
        truckPlate: z.string(),
        wbtNumber: z.string(),
        /** A Customer In at the destination holds the slip. */
        received: z.boolean(),
      })
      .nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TSale = z.infer<typeof ZSale>;
export const ZSaleList = z.object({ rows: z.array(ZSale), count: z.number(), total: z.string() });
export type TSaleList = z.infer<typeof ZSaleList>;
export const ZSaleSaved = z.object({ message: z.string(), record: ZSale });
export type TSaleSaved = z.infer<typeof ZSaleSaved>;

const { truckId: _truckId, ...saleListFilters } = WAREHOUSE_LIST_FILTERS;

export const SALE_SORT_FIELDS = ['saleAt', 'warehouseName', 'sellerName', 'customerName', 'quantity', 'createdAt'] as const;
export type SaleSortField = (typeof SALE_SORT_FIELDS)[number];

/** Filters of `GET /api/warehouseConsigneeToCustomer`: date range, warehouse, seller, customer, consignment, cargo type, status, LC / PO search. */
export const ZSaleListQuery = z.object({
  ...saleListFilters,
  sellerId: ZOptionalId,
  customerId: ZOptionalId,
  consignmentId: ZOptionalId,
  cargoTypeId: ZOptionalId,
  ...sortQuery(SALE_SORT_FIELDS, { field: 'saleAt', order: 'desc' }),
});
export type TSaleListQuery = z.input<typeof ZSaleListQuery>;
export const ZSaleExportQuery = ZSaleListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** `GET /api/warehouseConsigneeToCustomer/positions`: the sellers' positions in the user's warehouses (optionally of one warehouse, one seller). */
export const ZSalePositionsQuery = z.object({ warehouseId: ZOptionalId, sellerId: ZOptionalId });

/** `GET /api/warehouseConsigneeToCustomer/customers`: the agency's active customers (the buyer picker). */
export const ZSaleCustomer = z.object({ id: z.number(), name: z.string() });
export const ZSaleCustomers = z.object({ rows: z.array(ZSaleCustomer) });
export type TSaleCustomers = z.infer<typeof ZSaleCustomers>;

const columns = [
  { key: 'saleAt', label: 'sales.saleAt', kind: 'dateTime', field: 'saleAt', sort: 'saleAt' },
  { key: 'warehouse', label: 'sales.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'silo', label: 'sales.silo', kind: 'custom' },
  { key: 'seller', label: 'sales.seller', kind: 'custom', sort: 'sellerName' },
  { key: 'customer', label: 'sales.customer', kind: 'text', field: 'customerName', sort: 'customerName' },
  { key: 'lcPo', label: 'sales.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'cargoType', label: 'sales.cargoType', kind: 'text', field: 'cargoTypeName' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'delivery', label: 'warehouseTransfer.deliveredTo', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const filters = [
  { kind: 'search', param: 'search', label: 'sales.search' },
  { kind: 'location', param: 'warehouseId', label: 'sales.warehouse', places: 'warehouse' },
  { kind: 'consignee', param: 'sellerId', label: 'sales.seller' },
  { kind: 'reference', param: 'customerId', label: 'sales.customer', resource: 'customer' },
  { kind: 'reference', param: 'cargoTypeId', label: 'sales.cargoType', resource: 'cargoType' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'sales.saleAt' },
] as const;

/** Consignee to customer in a warehouse (spec 2.3 `warehouse/consignee-to-customer`): a sale, an ownership change in place. */
export const consigneeToCustomerTransaction = defineTransaction({
  key: 'warehouseConsigneeToCustomer',
  api: '/warehouseConsigneeToCustomer',
  route: 'warehouse/consignee-to-customer',
  permissionModule: 'WarehouseConsigneeToCustomer',
  labels: { title: 'sales.title', add: 'sales.add', total: 'sales.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: { input: ZConsigneeToCustomerInput, listQuery: ZSaleListQuery, exportQuery: ZSaleExportQuery, row: ZSale, list: ZSaleList, detail: ZSale, reverseBody: ZReasonBody },
  sort: { fields: SALE_SORT_FIELDS, default: { field: 'saleAt', order: 'desc' } },
  routes: { create: { response: ZSaleSaved }, reverse: { response: z.object({ message: z.string() }) } },
  docs: {
    tag: 'sales',
    summaries: {
      list: 'Sales of consignees and shipment managers to customers in the user’s warehouses (filtered, paged)',
      export: 'Consignee to customer sales as an Excel file',
      get: 'One consignee to customer sale',
      create: 'Sell cargo on hand in a warehouse to a customer in place (ON_HAND seller -> ON_HAND customer, 409 Quantity not available above usable)',
      reverse: 'Reverse a sale (409 Quantity not available when the customer’s stock has moved on)',
    },
  },
  reversal: { message: SaleMessages.reversed },
  testIds: { page: 'sale-page', list: 'sale', row: 'sale' },
  list: { columns, filters, exportFile: 'consignee-to-customer.xlsx' },
});
