/** API contracts of the procurement screens (spec sections 2.3, 5 and 7): sale orders, consignments, documents. */
import { z } from 'zod';
import { textInput } from './text';
import { ZDate, ZDocument, ZOptionalId, ZPageSize, ZRecordTrail, ZTonnes } from './cargo';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { MAX_RECORD_ID, recordId, requiredId } from './ids';
import { Messages } from './errors';
import { ZMessageResponse } from './auth';
import { defineTransaction } from './transactions/define';

/** Texts of the procurement rules that the spec does not word; the web translates them by their English text. */
export const ProcurementMessages = {
  saleOrderNumberRequired: 'Please input sale order number!',
  saleOrderNumberTaken: 'This sale order number already exists.',
  sellerRequired: 'Please select a seller!',
  buyerRequired: 'Please select a buyer!',
  cargoTypeRequired: 'Please select a cargo type!',
  saleOrderRequired: 'Please select a sale order!',
  consigneeRequired: 'Please select a BL consignee!',
  sellerInvalid: 'The seller must be an active seller company of this agency.',
  buyerInvalid: 'The buyer must be an active buyer company of this agency.',
  cargoTypeInvalid: 'The cargo type must be an active cargo type of this agency.',
  consigneeInvalid: 'The BL consignee must be an active consignee company of this agency.',
  shipmentManagerInvalid: 'The shipment manager must be an active shipment manager company of this agency.',
  consigneeOutOfScope: 'This consignee is not among your assigned consignees.',
  shipmentManagerOutOfScope: 'This shipment manager is not among your assigned shipment managers.',
  saleOrderInvalid: 'The sale order must be an active sale order of this agency.',
  cargoTypeMismatch: "The cargo type must be the sale order's cargo type.",
  cargoTypeLocked: 'The cargo type cannot change while the sale order has consignments.',
  deliveryPeriod: 'The delivery period must end on or after its start.',
  lcPoTaken: 'This LC/PO number already exists.',
  saleOrderNotFound: 'Sale order not found.',
  consignmentNotFound: 'Consignment not found.',
  documentNotFound: 'Document not found.',
  reversed: 'This record is reversed and cannot be changed.',
  alreadyReversed: 'This record is already reversed.',
  saleOrderHasConsignments: 'This sale order has active consignments. Please reverse them first.',
  consignmentHasShipments: 'This consignment has active shipments. Please reverse them first.',
  saleOrderReversed: 'Sale order reversed successfully!',
  consignmentReversed: 'Consignment reversed successfully!',
  documentFileUnknown: 'The file was not uploaded to the documents of this agency.',
  documentAlreadyAttached: 'This file is already attached.',
  documentDeleted: 'Document deleted successfully!',
} as const;

const pageSize = ZPageSize;
const optionalId = ZOptionalId;
const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalDate = ZDate.nullish().transform((v) => v ?? null);

/** Which records a list shows: Active (default), Reversed or all. */
export const RECORD_STATUS_FILTERS = ['Active', 'Reversed', 'all'] as const;

const ZListBase = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  /** Ignored unless longer than 2 characters (spec section 9). */
  search: textInput().trim().max(100).optional(),
  status: z.enum(RECORD_STATUS_FILTERS).default('Active'),
});

// ---------------------------------------------------------------- sale orders

/** Columns the sale order list sorts by (newest order date first by default). */
export const SALE_ORDER_SORT_FIELDS = ['orderDate', 'number', 'sellerName', 'buyerName', 'cargoTypeName', 'quantity', 'createdAt'] as const;
export type SaleOrderSortField = (typeof SALE_ORDER_SORT_FIELDS)[number];

export const ZSaleOrderListQuery = ZListBase.extend({
  sellerId: optionalId,
  buyerId: optionalId,
  cargoTypeId: optionalId,
  /** Order date from / to (inclusive). */
  fromDate: ZDate.optional(),
  toDate: ZDate.optional(),
  ...sortQuery(SALE_ORDER_SORT_FIELDS, { field: 'orderDate', order: 'desc' }),
});
export type TSaleOrderListQuery = z.input<typeof ZSaleOrderListQuery>;
/** `GET /api/saleOrder/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZSaleOrderExportQuery = ZSaleOrderListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export type TSaleOrderExportQuery = z.input<typeof ZSaleOrderExportQuery>;

/** The sale order form (`POST /api/saleOrder`, `PUT /api/saleOrder/{id}`). */
export const ZSaleOrderInput = z
  .object({
    number: z
      .string({ error: ProcurementMessages.saleOrderNumberRequired })
      .trim()
      .min(1, ProcurementMessages.saleOrderNumberRequired)
      .max(50, 'Maximum 50 characters'),
    sellerId: requiredId(ProcurementMessages.sellerRequired),
    buyerId: requiredId(ProcurementMessages.buyerRequired),
    cargoTypeId: requiredId(ProcurementMessages.cargoTypeRequired),
    quantity: ZTonnes,
    orderDate: ZDate,
    deliveryFrom: optionalDate,
    deliveryTo: optionalDate,
    remarks: optionalText(255),
  })
  .superRefine((value, ctx) => {
    if (value.deliveryFrom && value.deliveryTo && value.deliveryFrom > value.deliveryTo) {
      ctx.addIssue({ code: 'custom', path: ['deliveryTo'], message: ProcurementMessages.deliveryPeriod });
    }
  });
export type TSaleOrderInput = z.input<typeof ZSaleOrderInput>;

export const ZSaleOrder = ZRecordTrail.extend({
  id: z.number(),
  number: z.string(),
  sellerId: z.number(),
  sellerName: z.string(),
  buyerId: z.number(),
  buyerName: z.string(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  /** MT, 3 decimals. */
  quantity: z.string(),
  /** Sum of its active consignments' quantities (MT). */
  consignedQuantity: z.string(),
  /** quantity - consignedQuantity (MT). */
  remainingQuantity: z.string(),
  orderDate: z.string(),
  deliveryFrom: z.string().nullable(),
  deliveryTo: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type TSaleOrder = z.infer<typeof ZSaleOrder>;
export const ZSaleOrderList = z.object({ rows: z.array(ZSaleOrder), count: z.number().int() });
export type TSaleOrderList = z.infer<typeof ZSaleOrderList>;

// ---------------------------------------------------------------- consignments

export const LC_PO_TYPES = ['lc', 'po'] as const;
export type LcPoType = (typeof LC_PO_TYPES)[number];

export const ZConsignmentFilters = z.object({
  search: textInput().trim().max(100).optional(),
  type: z.enum(LC_PO_TYPES).optional(),
  saleOrderId: optionalId,
  blConsigneeId: optionalId,
  shipmentManagerId: optionalId,
  cargoTypeId: optionalId,
  status: z.enum(RECORD_STATUS_FILTERS).default('Active'),
});
/** Columns the consignment list sorts by (newest first by default). */
export const CONSIGNMENT_SORT_FIELDS = ['createdAt', 'LCPONumber', 'refNumber', 'saleOrderNumber', 'blConsigneeName', 'shipmentManagerName', 'cargoTypeName', 'quantity'] as const;
export type ConsignmentSortField = (typeof CONSIGNMENT_SORT_FIELDS)[number];
export const ZConsignmentListQuery = ZListBase.extend(ZConsignmentFilters.shape).extend(sortQuery(CONSIGNMENT_SORT_FIELDS, { field: 'createdAt', order: 'desc' }));
export type TConsignmentListQuery = z.input<typeof ZConsignmentListQuery>;
/** `GET /api/consignments/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZConsignmentExportQuery = ZConsignmentListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export type TConsignmentExportQuery = z.input<typeof ZConsignmentExportQuery>;
export type TConsignmentFilters = z.input<typeof ZConsignmentFilters>;

/**
 * The consignment form: exactly one of an LC number or a PO number (spec section 5: 'you can only put LC or PO
 * number!' when both, 'Please add LC or PO Number.' when neither), a positive quantity in MT.
 */
export const ZConsignmentInput = z
  .object({
    lcNumber: optionalText(50),
    poNumber: optionalText(50),
    refNumber: optionalText(50),
    saleOrderId: requiredId(ProcurementMessages.saleOrderRequired),
    blConsigneeId: requiredId(ProcurementMessages.consigneeRequired),
    /** Defaults to the consignee's shipment manager when left out. */
    shipmentManagerId: recordId().nullish().transform((v) => v ?? null),
    cargoTypeId: requiredId(ProcurementMessages.cargoTypeRequired),
    quantity: ZTonnes,
    remarks: optionalText(255),
  })
  .superRefine((value, ctx) => {
    if (value.lcNumber && value.poNumber) {
      ctx.addIssue({ code: 'custom', path: ['lcNumber'], message: Messages.lcOrPoOnly });
      ctx.addIssue({ code: 'custom', path: ['poNumber'], message: Messages.lcOrPoOnly });
    } else if (!value.lcNumber && !value.poNumber) {
      ctx.addIssue({ code: 'custom', path: ['lcNumber'], message: Messages.lcOrPoRequired });
      ctx.addIssue({ code: 'custom', path: ['poNumber'], message: Messages.lcOrPoRequired });
    }
  });
export type TConsignmentInput = z.input<typeof ZConsignmentInput>;

export const ZConsignment = ZRecordTrail.extend({
  id: z.number(),
  /** The LC or PO number, whichever it has. */
  LCPONumber: z.string(),
  type: z.enum(LC_PO_TYPES),
  lcNumber: z.string().nullable(),
  poNumber: z.string().nullable(),
  refNumber: z.string().nullable(),
  saleOrderId: z.number(),
  saleOrderNumber: z.string(),
  blConsigneeId: z.number(),
  blConsigneeName: z.string(),
  shipmentManagerId: z.number().nullable(),
  shipmentManagerName: z.string().nullable(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  /** MT, 3 decimals. */
  quantity: z.string(),
  /** Sum of its active shipments' BL quantities (MT). */
  shippedQuantity: z.string(),
  /** quantity - shippedQuantity (MT). */
  remainingQuantity: z.string(),
  remarks: z.string().nullable(),
});
export type TConsignment = z.infer<typeof ZConsignment>;
export const ZConsignmentList = z.object({ rows: z.array(ZConsignment), count: z.number().int() });
export type TConsignmentList = z.infer<typeof ZConsignmentList>;

/** `GET /api/consignments/total-quantity`: the filtered consignments' total (MT) and count. */
export const ZConsignmentTotal = z.object({ totalQuantity: z.string(), count: z.number().int() });
export type TConsignmentTotal = z.infer<typeof ZConsignmentTotal>;

/** `GET /api/consignments/lcPos`: a search (more than 2 characters) or `consignmentIdList=1,2,3`; `type` narrows. */
export const ZLcPoQuery = z.object({
  search: textInput().trim().max(100).optional(),
  type: z.enum(LC_PO_TYPES).optional(),
  consignmentIdList: textInput()
    .trim()
    .max(2000)
    .regex(/^(\d+(,\d+)*)?$/, 'consignmentIdList must be ids separated by commas.')
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))].filter((id) => id > 0 && id <= MAX_RECORD_ID).slice(0, 100) : [])),
});
export type TLcPoQuery = z.input<typeof ZLcPoQuery>;

/** A consignment option of the pickers (spec section 3: id, LC.LCPONumber, RefLC.refNumber). */
export const ZLcPoOption = z.object({
  id: z.number(),
  LC: z.object({ LCPONumber: z.string() }),
  RefLC: z.object({ refNumber: z.string().nullable() }),
});
export type TLcPoOption = z.infer<typeof ZLcPoOption>;
export const ZLcPoList = z.object({ lcPoNumbers: z.array(ZLcPoOption) });
export type TLcPoList = z.infer<typeof ZLcPoList>;

// ---------------------------------------------------------------- documents

/** The documents of a record, newest first (deleted ones left out). */
export const ZDocumentList = z.object({ rows: z.array(ZDocument), count: z.number().int() });
export type TDocumentList = z.infer<typeof ZDocumentList>;

// ---------------------------------------------------------------- declarations (transaction kit)

/** The sale order screen as the transaction kit sees it (spec 2.3 `saleOrder`, section 7 `/api/saleOrder`). */
export const saleOrderTransaction = defineTransaction({
  key: 'saleOrder',
  api: '/saleOrder',
  route: 'saleOrder',
  permissionModule: 'SaleOrder',
  labels: { title: 'procurement.saleOrders', add: 'procurement.addSaleOrder', total: 'procurement.totalSaleOrders' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZSaleOrderInput, listQuery: ZSaleOrderListQuery, exportQuery: ZSaleOrderExportQuery, row: ZSaleOrder, list: ZSaleOrderList },
  sort: { fields: SALE_ORDER_SORT_FIELDS, default: { field: 'orderDate', order: 'desc' } },
  routes: {
    create: { status: 201, response: ZSaleOrder },
    update: { response: ZSaleOrder },
    reverse: { response: ZMessageResponse },
  },
  docs: {
    tag: 'sale orders',
    summaries: {
      list: 'Sale orders: search on number, filters, paging; with consigned and remaining MT',
      export: "Sale orders as an Excel file: every row matching the list's filters and sort, headers in `lang`",
      get: 'One sale order',
      create: 'Create a sale order',
      update: 'Change a sale order (not below the sum of its LC quantities)',
      reverse: 'Reverse a sale order (refused while it has live consignments)',
    },
  },
  event: 'vessel',
  reversal: { message: ProcurementMessages.saleOrderReversed },
  testIds: { page: 'sale-orders-page', list: 'sale-orders', row: 'sale-order' },
  list: {
    columns: [
      { key: 'number', label: 'procurement.number', kind: 'text', field: 'number', sort: 'number' },
      { key: 'orderDate', label: 'procurement.orderDate', kind: 'date', field: 'orderDate', sort: 'orderDate' },
      { key: 'seller', label: 'procurement.seller', kind: 'text', field: 'sellerName', sort: 'sellerName' },
      { key: 'buyer', label: 'procurement.buyer', kind: 'text', field: 'buyerName', sort: 'buyerName' },
      { key: 'cargoType', label: 'procurement.cargoType', kind: 'text', field: 'cargoTypeName', sort: 'cargoTypeName' },
      { key: 'quantity', label: 'procurement.quantity', kind: 'quantity', field: 'quantity', sort: 'quantity' },
      { key: 'consigned', label: 'procurement.consigned', kind: 'quantity', field: 'consignedQuantity' },
      { key: 'remaining', label: 'procurement.remaining', kind: 'quantity', field: 'remainingQuantity' },
      { key: 'delivery', label: 'procurement.deliveryPeriod', kind: 'custom' },
      { key: 'status', label: 'procurement.status', kind: 'status', field: 'status' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'procurement.searchSaleOrders' },
      { kind: 'reference', param: 'sellerId', label: 'procurement.seller', resource: 'seller' },
      { kind: 'reference', param: 'buyerId', label: 'procurement.buyer', resource: 'buyer' },
      { kind: 'reference', param: 'cargoTypeId', label: 'procurement.cargoType', resource: 'cargoType' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'procurement.orderDate' },
      { kind: 'status', param: 'status', label: 'procurement.status' },
    ],
    exportFile: 'sale-orders.xlsx',
  },
  form: {
    sections: [
      { title: 'procurement.saleOrders', rows: [['number'], ['sellerId'], ['buyerId'], ['cargoTypeId'], ['quantity'], ['orderDate'], ['deliveryFrom', 'deliveryTo'], ['remarks']] },
    ],
  },
});

/** The consignment (LC/PO) screen as the transaction kit sees it (spec 2.3 `consignments`, section 7 `/api/consignments`). */
export const consignmentTransaction = defineTransaction({
  key: 'consignment',
  api: '/consignments',
  route: 'consignments',
  permissionModule: 'Consignment',
  labels: { title: 'procurement.consignments', add: 'procurement.addConsignment', total: 'procurement.totalConsignments' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZConsignmentInput, listQuery: ZConsignmentListQuery, exportQuery: ZConsignmentExportQuery, row: ZConsignment, list: ZConsignmentList },
  sort: { fields: CONSIGNMENT_SORT_FIELDS, default: { field: 'createdAt', order: 'desc' } },
  routes: {
    create: { status: 201, response: ZConsignment },
    update: { response: ZConsignment },
    reverse: { path: '/:id/consignment-reverse', response: ZMessageResponse },
  },
  docs: {
    tag: 'consignments',
    summaries: {
      list: 'Consignments in the user’s scope: search on LC/PO/ref number, filters, paging',
      export: "Consignments in the user’s scope as an Excel file: every row matching the list's filters and sort, headers in `lang`",
      get: 'One consignment in the user’s scope',
      create: 'Create a consignment (an LC or a PO) under a sale order',
      update: 'Change a consignment',
      reverse: 'Reverse a consignment (refused while port loadings or shipments exist)',
    },
  },
  event: 'vessel',
  reversal: { message: ProcurementMessages.consignmentReversed },
  testIds: { page: 'consignments-page', list: 'consignments', row: 'consignment' },
  list: {
    columns: [
      { key: 'lcPoNumber', label: 'procurement.lcPoNumber', kind: 'text', field: 'LCPONumber', sort: 'LCPONumber' },
      { key: 'type', label: 'procurement.lcPoType', kind: 'custom' },
      { key: 'refNumber', label: 'procurement.refNumber', kind: 'text', field: 'refNumber', sort: 'refNumber' },
      { key: 'saleOrder', label: 'procurement.saleOrder', kind: 'text', field: 'saleOrderNumber', sort: 'saleOrderNumber' },
      { key: 'blConsignee', label: 'procurement.blConsignee', kind: 'text', field: 'blConsigneeName', sort: 'blConsigneeName' },
      { key: 'shipmentManager', label: 'procurement.shipmentManager', kind: 'text', field: 'shipmentManagerName', sort: 'shipmentManagerName' },
      { key: 'cargoType', label: 'procurement.cargoType', kind: 'text', field: 'cargoTypeName', sort: 'cargoTypeName' },
      { key: 'quantity', label: 'procurement.quantity', kind: 'quantity', field: 'quantity', sort: 'quantity' },
      { key: 'shipped', label: 'procurement.shipped', kind: 'quantity', field: 'shippedQuantity' },
      { key: 'remaining', label: 'procurement.remaining', kind: 'quantity', field: 'remainingQuantity' },
      { key: 'status', label: 'procurement.status', kind: 'status', field: 'status' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'procurement.searchConsignments' },
      { kind: 'enum', param: 'type', label: 'procurement.lcPoType', options: LC_PO_TYPES, labelPrefix: 'procurement' },
      { kind: 'reference', param: 'saleOrderId', label: 'procurement.saleOrder', resource: 'saleOrder' },
      { kind: 'consignee', param: 'blConsigneeId', label: 'procurement.blConsignee' },
      { kind: 'reference', param: 'shipmentManagerId', label: 'procurement.shipmentManager', resource: 'shipmentManager' },
      { kind: 'reference', param: 'cargoTypeId', label: 'procurement.cargoType', resource: 'cargoType' },
      { kind: 'status', param: 'status', label: 'procurement.status' },
    ],
    exportFile: 'consignments.xlsx',
  },
  form: {
    sections: [
      { title: 'procurement.consignments', rows: [['lcNumber', 'poNumber'], ['refNumber'], ['saleOrderId'], ['blConsigneeId'], ['shipmentManagerId'], ['cargoTypeId'], ['quantity'], ['remarks']] },
    ],
  },
});
