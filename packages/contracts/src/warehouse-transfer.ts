import { z } from 'zod';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';
import { WarehouseDispatchMessages } from './warehouse-dispatch';

/*
 * Warehouse Transfer (spec 2.3 `warehouseTransfer`; issue 14): cargo on hand at warehouse A (one position: owner,
 * consignment, cargo type, voyage, attached voyage, silo or open area) leaves on a truck for warehouse B of the
 * agency, the same owner: ON_HAND(A) -> IN_TRANSIT(new trip), never above usable. The transfer is one truck trip and
 * its transfer slip (numbered per agency, gap-free), which Warehouse Pre In and Warehouse In at B receive like any
 * slip (slip kind `transferSlip`). The transfer slip is generic (an arrival owner other than the position's, a
 * consignee or customer destination): Warehouse Transfer is its first user.
 */

/** Texts the Warehouse Transfer answers with (Arabic in the web's warehouseTransfer section). */
export const WarehouseTransferMessages = {
  fromWarehouseRequired: 'Please select the warehouse the cargo leaves!',
  toWarehouseRequired: 'Please select the destination warehouse!',
  sameWarehouse: 'The destination warehouse must differ from the warehouse the cargo leaves.',
  cargoBlockedOut: 'This cargo is stopped from going out of this warehouse (cargo control).',
  notFound: 'Warehouse Transfer not found',
  alreadyReversed: 'This Warehouse Transfer is reversed.',
  inPreIn: 'This Warehouse Transfer delivered on Warehouse Pre In. Please revert Warehouse Pre In transaction first.',
  slipNotFound: 'Transfer slip not found',
  created: 'Warehouse Transfer created successfully',
  updated: 'Warehouse Transfer updated successfully',
  reversed: 'Warehouse Transfer reversed successfully',
} as const;

/** The refusals while a receipt holds a transfer slip (contracts' CONSUMPTION_REFUSALS pairs of `transferSlip`). */
export const TransferSlipLinkMessages = {
  inWarehouseIn: 'This Warehouse Transfer delivered on Warehouse In. Please revert Warehouse In transaction first.',
  inConsigneeIn: 'This Warehouse Transfer delivered on Consignee In. Please revert Consignee In transaction first.',
  inCustomerIn: 'This Warehouse Transfer delivered on Customer In. Please revert Customer In transaction first.',
} as const;

/**
 * The refusals while a receipt holds a loan's or a loan return's transfer slip: they name the record the clerk is
 * changing, not the slip's first user (the Warehouse Transfer). A sale's slip is refused with the sale's own message.
 */
export const LoanSlipHeldMessages = {
  loanInWarehousePreIn: 'This Consignee to SM delivered on Warehouse Pre In. Please revert Warehouse Pre In transaction first.',
  loanInWarehouseIn: 'This Consignee to SM delivered on Warehouse In. Please revert Warehouse In transaction first.',
  loanInConsigneeIn: 'This Consignee to SM delivered on Consignee In. Please revert Consignee In transaction first.',
  returnInWarehousePreIn: 'This SM to Consignee delivered on Warehouse Pre In. Please revert Warehouse Pre In transaction first.',
  returnInWarehouseIn: 'This SM to Consignee delivered on Warehouse In. Please revert Warehouse In transaction first.',
  returnInConsigneeIn: 'This SM to Consignee delivered on Consignee In. Please revert Consignee In transaction first.',
} as const;

/**
 * What a record delivered by truck shows (a loan, a loan return, a consignee transfer): its transfer slip, where it
 * goes and whether a receipt took it. The lists' "Delivered to" column, the record pages and the exports read it.
 */
export const ZSlipDelivery = z.object({
  slipId: z.number(),
  slipNumber: z.number(),
  toLocationId: z.number(),
  toLocationName: z.string(),
  truckId: z.number(),
  driverId: z.number(),
  wbtNumber: z.string(),
  received: z.boolean(),
});
export type TSlipDelivery = z.infer<typeof ZSlipDelivery>;

/** Where a transfer slip goes: a warehouse, or a consignee's or a customer's delivery location. */
export const TRANSFER_DESTINATIONS = ['warehouse', 'consignee', 'customer'] as const;
export type TransferDestination = (typeof TRANSFER_DESTINATIONS)[number];

/** The flows that dispatch transfer slips (the slip's `source_kind`). */
export const TRANSFER_SLIP_SOURCES = ['warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer'] as const;
export type TransferSlipSource = (typeof TRANSFER_SLIP_SOURCES)[number];

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

const ZWbtNumber = textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters');
const ZTransferQuantity = z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : value), z.union([z.string(), z.number()], { error: Messages.wbqRequired }).pipe(ZTonnes));

/** What an edit may change while the slip is not received: the truck, driver, ticket, quantity and remarks. */
const editShape = {
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  wbtNumber: ZWbtNumber,
  quantity: ZTransferQuantity,
  remarks: optionalText(255),
};

/** Body of `POST /api/warehouseTransfer`: the on-hand position at warehouse A (as the picker gives it), warehouse B, the trip. */
export const ZWarehouseTransferInput = z.object({
  fromWarehouseId: requiredId(WarehouseTransferMessages.fromWarehouseRequired),
  siloId: ZNullableId,
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  toWarehouseId: requiredId(WarehouseTransferMessages.toWarehouseRequired),
  ...editShape,
});
export type TWarehouseTransferInput = z.input<typeof ZWarehouseTransferInput>;
export type TWarehouseTransferValues = z.output<typeof ZWarehouseTransferInput>;

/** Body of `PUT /api/warehouseTransfer/:id` (refused once a Pre In or a Warehouse In holds the slip). */
export const ZWarehouseTransferEdit = z.object(editShape);
export type TWarehouseTransferEdit = z.input<typeof ZWarehouseTransferEdit>;
export type TWarehouseTransferEditValues = z.output<typeof ZWarehouseTransferEdit>;

export const WAREHOUSE_TRANSFER_SORT_FIELDS = ['transferAt', 'slipNumber', 'fromWarehouseName', 'toLocationName', 'ownerName', 'truckPlate', 'quantity', 'createdAt'] as const;
export type WarehouseTransferSortField = (typeof WAREHOUSE_TRANSFER_SORT_FIELDS)[number];

/** Filters of `GET /api/warehouseTransfer`: dates, either warehouse, consignment, owner, delivery, status, search. */
export const ZWarehouseTransferListQuery = z.object({
  fromWarehouseId: ZOptionalId,
  toWarehouseId: ZOptionalId,
  consignmentId: ZOptionalId,
  ownerCompanyId: ZOptionalId,
  truckId: ZOptionalId,
  received: z.preprocess(emptyToUndefined, z.enum(['inTransit', 'delivered']).optional()),
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(WAREHOUSE_TRANSFER_SORT_FIELDS, { field: 'transferAt', order: 'desc' }),
});
export type TWarehouseTransferListQuery = z.input<typeof ZWarehouseTransferListQuery>;
export const ZWarehouseTransferExportQuery = ZWarehouseTransferListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** `GET /api/warehouseTransfer/positions?warehouseId=`: on-hand positions at warehouses in scope (the Pre Out picker's rows). */
export const ZWarehouseTransferPositionsQuery = z.object({ warehouseId: ZOptionalId, consignmentId: ZOptionalId });

/** A Warehouse Transfer (and its transfer slip). */
export const ZWarehouseTransfer = z
  .object({
    id: z.number(),
    slipNumber: z.number(),
    fromWarehouseId: z.number(),
    fromWarehouseName: z.string(),
    siloId: z.number().nullable(),
    siloName: z.string().nullable(),
    ownerCompanyId: z.number(),
    ownerName: z.string(),
    /** The owner on arrival (the position's owner for a Warehouse Transfer). */
    toOwnerCompanyId: z.number(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
    cargoTypeName: z.string(),
    voyageId: z.number(),
    attachedVoyageId: z.number(),
    toLocationId: z.number(),
    toLocationName: z.string(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    transporterId: z.number().nullable(),
    transporterName: z.string().nullable(),
    wbtNumber: z.string(),
    /** MT, 3 decimals: what left warehouse A. */
    quantity: z.string(),
    tripId: z.number(),
    transferAt: z.string(),
    remarks: z.string().nullable(),
    /** Received at B (a Warehouse In holds the slip). */
    received: z.boolean(),
    /** A live Warehouse Pre In at B holds the slip (weighed in, not yet received). */
    hasPreIn: z.boolean(),
  })
  .extend(ZRecordTrail.shape);
export type TWarehouseTransfer = z.infer<typeof ZWarehouseTransfer>;
export const ZWarehouseTransferList = z.object({ rows: z.array(ZWarehouseTransfer), count: z.number(), total: z.string() });
export type TWarehouseTransferList = z.infer<typeof ZWarehouseTransferList>;
export const ZWarehouseTransferSaved = z.object({ message: z.string(), record: ZWarehouseTransfer });
export type TWarehouseTransferSaved = z.infer<typeof ZWarehouseTransferSaved>;

const columns = [
  { key: 'slipNumber', label: 'warehouseTransfer.slipNumber', kind: 'count', field: 'slipNumber', sort: 'slipNumber' },
  { key: 'transferAt', label: 'warehouseTransfer.transferAt', kind: 'dateTime', field: 'transferAt', sort: 'transferAt' },
  { key: 'fromWarehouse', label: 'warehouseTransfer.fromWarehouse', kind: 'text', field: 'fromWarehouseName', sort: 'fromWarehouseName' },
  { key: 'toWarehouse', label: 'warehouseTransfer.toWarehouse', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
  { key: 'owner', label: 'warehouseTransfer.owner', kind: 'text', field: 'ownerName', sort: 'ownerName' },
  { key: 'lcPo', label: 'warehouseTransfer.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'truck', label: 'warehouseTransfer.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'wbtNumber', label: 'warehouseTransfer.wbtNumber', kind: 'text', field: 'wbtNumber' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'received', label: 'warehouseTransfer.delivery', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const filters = [
  { kind: 'search', param: 'search', label: 'warehouseTransfer.search' },
  { kind: 'location', param: 'fromWarehouseId', label: 'warehouseTransfer.fromWarehouse', places: 'warehouse' },
  { kind: 'location', param: 'toWarehouseId', label: 'warehouseTransfer.toWarehouse', places: 'warehouse' },
  { kind: 'consignee', param: 'ownerCompanyId', label: 'warehouseTransfer.owner' },
  { kind: 'enum', param: 'received', label: 'warehouseTransfer.delivery', options: ['inTransit', 'delivered'], labelPrefix: 'warehouseTransfer.receivedStates' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'warehouseTransfer.transferAt' },
] as const;

/** Warehouse Transfer (spec 2.3 `warehouseTransfer`) through the kit: ON_HAND at warehouse A -> IN_TRANSIT to B, with its slip. */
export const warehouseTransferTransaction = defineTransaction({
  key: 'warehouseTransfer',
  api: '/warehouseTransfer',
  route: 'warehouseTransfer',
  permissionModule: 'WarehouseTransfer',
  labels: { title: 'warehouseTransfer.title', add: 'warehouseTransfer.add', total: 'warehouseTransfer.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZWarehouseTransferInput,
    updateInput: ZWarehouseTransferEdit,
    listQuery: ZWarehouseTransferListQuery,
    exportQuery: ZWarehouseTransferExportQuery,
    row: ZWarehouseTransfer,
    list: ZWarehouseTransferList,
    detail: ZWarehouseTransfer,
    reverseBody: ZReasonBody,
  },
  sort: { fields: WAREHOUSE_TRANSFER_SORT_FIELDS, default: { field: 'transferAt', order: 'desc' } },
  routes: {
    create: { response: ZWarehouseTransferSaved },
    update: { response: ZWarehouseTransferSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'warehouse transfer',
    summaries: {
      list: 'Warehouse Transfers of the agency at the user’s locations (filtered, paged)',
      export: 'Warehouse Transfers as an Excel file',
      get: 'One Warehouse Transfer',
      create: 'Send cargo on hand at one warehouse to another by truck (ON_HAND -> IN_TRANSIT, 409 Quantity not available when usable is short), with its transfer slip',
      update: 'Change a Warehouse Transfer’s truck, driver, ticket, quantity or remarks while not received (reverse-and-repost on the same trip)',
      reverse: 'Reverse a Warehouse Transfer (refused while a Warehouse Pre In or Warehouse In holds its slip)',
    },
  },
  reversal: { message: WarehouseTransferMessages.reversed },
  testIds: { page: 'warehouse-transfer-page', list: 'wtr', row: 'wtr' },
  list: { columns, filters, exportFile: 'warehouse-transfers.xlsx' },
});

/**
 * The printed transfer slip (English and Arabic side by side) of any record that travels on one (`GET /api/<screen>/:id/slip`,
 * and the Warehouse Transfer's `/view`): the slip, the flow that dispatched it and the owner on arrival.
 */
export const ZWarehouseTransferSlipView = z.object({
  agencyName: z.string(),
  timeZone: z.string(),
  slip: ZWarehouseTransfer,
  source: z.enum(TRANSFER_SLIP_SOURCES).default('warehouseTransfer'),
  /** The owner on arrival (the slip's owner for a Warehouse Transfer). */
  toOwnerName: z.string().default(''),
});
export type TWarehouseTransferSlipView = z.infer<typeof ZWarehouseTransferSlipView>;
