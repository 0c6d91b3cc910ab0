import { z } from 'zod';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction, type PermissionRef } from './transactions/define';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZOptionalId, ZReasonBody, ZRecordTrail, ZTonnes } from './cargo';

/*
 * Dispatch from a warehouse (spec 2.3 `warehouse-pre-out`, `warehouse-out`, `warehouseLoadingSlips`; issue 13).
 * A Pre Out commits a quantity of an on-hand position (owner, consignment, silo or open area of a warehouse) for a
 * truck: the ledger's committed_kg, so usable = on hand - committed never goes below zero. An Out takes the truck's
 * outbound second weight (its net) and moves it ON_HAND -> IN_TRANSIT on a new trip to another warehouse, a
 * consignee location or a customer location, releasing its Pre Out; it prints a warehouse loading slip (numbered per
 * agency, gap-free) that the receiving side takes in.
 */

/** Texts the dispatch flows answer with (Arabic in the web's warehouseDispatch section). */
export const WarehouseDispatchMessages = {
  wbqBelowPreOut: 'WBQ of Out cannot be less than WBQ of Pre out.',
  positionRequired: 'Please select a stock position!',
  preOutRequired: 'Please select a Pre Out!',
  preOutNotFound: 'Pre Out not found',
  preOutReversed: 'This Pre Out is reversed.',
  preOutDelivered: 'This Pre Out is already delivered on a Warehouse Out.',
  preOutWarehouseMismatch: 'The second weight must be taken at the warehouse of the Pre Out.',
  preOutTruckMismatch: 'The truck of the second weight must be the truck of the Pre Out.',
  secondWeightRequired: 'Please select an Outbound Second Weight!',
  secondWeightUsed: 'This Outbound Second Weight is already used on a Warehouse Out.',
  secondWeightUnavailable: 'This Outbound Second Weight is reversed.',
  destinationRequired: 'Please select the destination!',
  destinationSameWarehouse: 'The destination must be another warehouse.',
  cargoBlockedOut: 'This cargo is stopped from going out of this warehouse (cargo control).',
  warehouseOutNotFound: 'Warehouse Out not found',
  warehouseOutReversed: 'This Warehouse Out is reversed.',
  slipNotFound: 'Warehouse loading slip not found',
  preOutCreated: 'Pre Out created successfully',
  preOutUpdated: 'Pre Out updated successfully',
  preOutReversedOk: 'Pre Out reversed successfully',
  warehouseOutCreated: 'Warehouse Out created successfully',
  warehouseOutUpdated: 'Warehouse Out updated successfully',
  warehouseOutReversedOk: 'Warehouse Out reversed successfully',
} as const;

/** Where a warehouse out takes the cargo. */
export const DISPATCH_DESTINATIONS = ['warehouse', 'consignee', 'customer'] as const;
export type DispatchDestination = (typeof DISPATCH_DESTINATIONS)[number];

/** How a warehouse out's quantity was weighed: captured from the bridge, or typed (a manual second weight). */
export const ENTRY_TYPES = ['automatic', 'manual'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The permission flags of the warehouse out list's entry type and transporter filters (permissions catalogue). */
export const WAREHOUSE_OUT_FLAGS = { entryType: 'canViewEntryTypeWarehouseOut', transporter: 'canFilterTransporterWarehouseOut' } as const;

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

/** The on-hand position a Pre Out commits: the ON_HAND account's key, as the positions picker gives it. */
const positionShape = {
  warehouseId: requiredId(Messages.warehouseRequired),
  siloId: ZNullableId,
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
};

/** Body of `POST /api/warehousePreOut`: the position, the truck and driver, the quantity in MT. */
export const ZWarehousePreOutInput = z.object({
  ...positionShape,
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  quantity: ZTonnes,
  remarks: optionalText(255),
});
export type TWarehousePreOutInput = z.input<typeof ZWarehousePreOutInput>;
export type TWarehousePreOutValues = z.output<typeof ZWarehousePreOutInput>;

/** Body of `PUT /api/warehousePreOut/:id`: the truck, driver, quantity and remarks (the position stays). */
export const ZWarehousePreOutEdit = z.object({
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  quantity: ZTonnes,
  remarks: optionalText(255),
});
export type TWarehousePreOutEdit = z.input<typeof ZWarehousePreOutEdit>;

/** Body of `POST /api/warehouseOut`: the Pre Out, the truck's second weight (the quantity is its net), the destination. */
export const ZWarehouseOutInput = z.object({
  preOutId: requiredId(WarehouseDispatchMessages.preOutRequired),
  secondWeightId: requiredId(WarehouseDispatchMessages.secondWeightRequired),
  destinationType: z.enum(DISPATCH_DESTINATIONS, { error: WarehouseDispatchMessages.destinationRequired }),
  toLocationId: requiredId(WarehouseDispatchMessages.destinationRequired),
  remarks: optionalText(255),
});
export type TWarehouseOutInput = z.input<typeof ZWarehouseOutInput>;
export type TWarehouseOutValues = z.output<typeof ZWarehouseOutInput>;

/** Body of `PUT /api/warehouseOut/:id`: the remarks (the quantity is the weighbridge's, the trip left). */
export const ZWarehouseOutEdit = z.object({ remarks: optionalText(255) });
export type TWarehouseOutEdit = z.input<typeof ZWarehouseOutEdit>;

export const PRE_OUT_SORT_FIELDS = ['preOutAt', 'warehouseName', 'truckPlate', 'quantity', 'createdAt'] as const;
export type PreOutSortField = (typeof PRE_OUT_SORT_FIELDS)[number];
export const WAREHOUSE_OUT_SORT_FIELDS = ['outAt', 'slipNumber', 'warehouseName', 'toLocationName', 'truckPlate', 'quantity', 'createdAt'] as const;
export type WarehouseOutSortField = (typeof WAREHOUSE_OUT_SORT_FIELDS)[number];

const commonFilters = { ...WAREHOUSE_LIST_FILTERS, consignmentId: ZOptionalId };

/** Filters of `GET /api/warehousePreOut` (`delivered`: open = not yet on a live Out). */
export const ZWarehousePreOutListQuery = z.object({
  ...commonFilters,
  delivered: z.preprocess(emptyToUndefined, z.enum(['open', 'delivered']).optional()),
  ...sortQuery(PRE_OUT_SORT_FIELDS, { field: 'preOutAt', order: 'desc' }),
});
export type TWarehousePreOutListQuery = z.input<typeof ZWarehousePreOutListQuery>;
export const ZWarehousePreOutExportQuery = ZWarehousePreOutListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** Filters of `GET /api/warehouseOut` and `GET /api/warehouseLoadingSlips`; entry type and transporter need their flags. */
export const ZWarehouseOutListQuery = z.object({
  ...commonFilters,
  toLocationId: ZOptionalId,
  destinationType: z.preprocess(emptyToUndefined, z.enum(DISPATCH_DESTINATIONS).optional()),
  entryType: z.preprocess(emptyToUndefined, z.enum(ENTRY_TYPES).optional()),
  transporterId: ZOptionalId,
  received: z.preprocess(emptyToUndefined, z.enum(['inTransit', 'delivered']).optional()),
  ...sortQuery(WAREHOUSE_OUT_SORT_FIELDS, { field: 'outAt', order: 'desc' }),
});
export type TWarehouseOutListQuery = z.input<typeof ZWarehouseOutListQuery>;
export const ZWarehouseOutExportQuery = ZWarehouseOutListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** `GET /api/warehousePreOut/positions`: the on-hand positions of a warehouse in scope, with their usable quantity. */
export const ZStockPositionsQuery = z.object({ warehouseId: ZOptionalId, consignmentId: ZOptionalId });
export const ZStockPosition = z.object({
  warehouseId: z.number(),
  warehouseName: z.string(),
  siloId: z.number().nullable(),
  siloName: z.string().nullable(),
  ownerCompanyId: z.number(),
  ownerName: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  voyageId: z.number(),
  attachedVoyageId: z.number(),
  /** MT, 3 decimals. */
  onHand: z.string(),
  committed: z.string(),
  usable: z.string(),
});
export type TStockPosition = z.infer<typeof ZStockPosition>;
export const ZStockPositions = z.object({ rows: z.array(ZStockPosition) });
export type TStockPositions = z.infer<typeof ZStockPositions>;

/** A Pre Out as lists and the form show it. */
export const ZWarehousePreOut = z
  .object({
    id: z.number(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    siloId: z.number().nullable(),
    siloName: z.string().nullable(),
    ownerCompanyId: z.number(),
    ownerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
    voyageId: z.number(),
    attachedVoyageId: z.number(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    quantity: z.string(),
    preOutAt: z.string(),
    remarks: z.string().nullable(),
    /** The live Warehouse Out it was delivered on, if any. */
    warehouseOutId: z.number().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TWarehousePreOut = z.infer<typeof ZWarehousePreOut>;
export const ZWarehousePreOutList = z.object({ rows: z.array(ZWarehousePreOut), count: z.number() });
export type TWarehousePreOutList = z.infer<typeof ZWarehousePreOutList>;
export const ZWarehousePreOutSaved = z.object({ message: z.string(), record: ZWarehousePreOut });
export type TWarehousePreOutSaved = z.infer<typeof ZWarehousePreOutSaved>;

/** A Warehouse Out (and its warehouse loading slip). */
export const ZWarehouseOut = z
  .object({
    id: z.number(),
    slipNumber: z.number(),
    preOutId: z.number(),
    preOutQuantity: z.string(),
    secondWeightId: z.number(),
    ticketNumber: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    siloId: z.number().nullable(),
    siloName: z.string().nullable(),
    ownerCompanyId: z.number(),
    ownerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    destinationType: z.enum(DISPATCH_DESTINATIONS),
    toLocationId: z.number(),
    toLocationName: z.string(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    transporterId: z.number().nullable(),
    transporterName: z.string().nullable(),
    /** Null unless the reader holds canViewEntryTypeWarehouseOut. */
    entryType: z.enum(ENTRY_TYPES).nullable(),
    firstKg: z.number(),
    secondKg: z.number(),
    netKg: z.number(),
    /** The net in MT, 3 decimals: what left the warehouse. */
    quantity: z.string(),
    tripId: z.number(),
    outAt: z.string(),
    remarks: z.string().nullable(),
    /** Received at the destination (a later In holds it). */
    received: z.boolean(),
  })
  .extend(ZRecordTrail.shape);
export type TWarehouseOut = z.infer<typeof ZWarehouseOut>;
export const ZWarehouseOutList = z.object({ rows: z.array(ZWarehouseOut), count: z.number(), total: z.string() });
export type TWarehouseOutList = z.infer<typeof ZWarehouseOutList>;
export const ZWarehouseOutSaved = z.object({ message: z.string(), record: ZWarehouseOut });
export type TWarehouseOutSaved = z.infer<typeof ZWarehouseOutSaved>;

/** `GET /api/warehouseLoadingSlips/:id/view`: the printed slip (English and Arabic side by side). */
export const ZWarehouseSlipView = z.object({ agencyName: z.string(), timeZone: z.string(), slip: ZWarehouseOut });
export type TWarehouseSlipView = z.infer<typeof ZWarehouseSlipView>;

const preOutColumns = [
  { key: 'preOutAt', label: 'warehouseDispatch.preOutAt', kind: 'dateTime', field: 'preOutAt', sort: 'preOutAt' },
  { key: 'warehouse', label: 'warehouseDispatch.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'silo', label: 'warehouseDispatch.silo', kind: 'custom' },
  { key: 'owner', label: 'warehouseDispatch.owner', kind: 'text', field: 'ownerName' },
  { key: 'lcPo', label: 'warehouseDispatch.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'truck', label: 'warehouseDispatch.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'driver', label: 'warehouseDispatch.driver', kind: 'text', field: 'driverName' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'delivered', label: 'warehouseDispatch.delivery', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** Warehouse Pre Out (spec 2.3 `warehouse-pre-out`) through the kit: a commitment of on-hand stock for a truck. */
export const warehousePreOutTransaction = defineTransaction({
  key: 'warehousePreOut',
  api: '/warehousePreOut',
  route: 'warehouse-pre-out',
  permissionModule: 'WarehousePreOut',
  labels: { title: 'warehouseDispatch.preOutTitle', add: 'warehouseDispatch.preOutAdd', total: 'warehouseDispatch.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZWarehousePreOutInput,
    updateInput: ZWarehousePreOutEdit,
    listQuery: ZWarehousePreOutListQuery,
    exportQuery: ZWarehousePreOutExportQuery,
    row: ZWarehousePreOut,
    list: ZWarehousePreOutList,
    detail: ZWarehousePreOut,
    reverseBody: ZReasonBody,
  },
  sort: { fields: PRE_OUT_SORT_FIELDS, default: { field: 'preOutAt', order: 'desc' } },
  routes: {
    create: { response: ZWarehousePreOutSaved },
    update: { response: ZWarehousePreOutSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'warehouse dispatch',
    summaries: {
      list: 'Pre Outs of the agency in the user’s warehouses (filtered, paged)',
      export: 'Pre Outs as an Excel file',
      get: 'One Pre Out',
      create: 'Commit a quantity of an on-hand position for a truck (409 Quantity not available when usable is short)',
      update: 'Change a Pre Out’s truck, driver, quantity or remarks (reverse-and-repost of its commitment)',
      reverse: 'Reverse a Pre Out (refused while a live Warehouse Out holds it)',
    },
  },
  reversal: { message: WarehouseDispatchMessages.preOutReversedOk },
  testIds: { page: 'warehouse-pre-out-page', list: 'wpo', row: 'wpo' },
  list: {
    columns: preOutColumns,
    filters: [
      { kind: 'search', param: 'search', label: 'warehouseDispatch.search' },
      { kind: 'location', param: 'warehouseId', label: 'warehouseDispatch.warehouse', places: 'warehouse' },
      { kind: 'reference', param: 'truckId', label: 'warehouseDispatch.truck', resource: 'truck' },
      { kind: 'enum', param: 'delivered', label: 'warehouseDispatch.delivery', options: ['open', 'delivered'], labelPrefix: 'warehouseDispatch.preOutStates' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'warehouseDispatch.preOutAt' },
    ],
    exportFile: 'warehouse-pre-outs.xlsx',
  },
});

const outColumns = [
  { key: 'slipNumber', label: 'warehouseDispatch.slipNumber', kind: 'count', field: 'slipNumber', sort: 'slipNumber' },
  { key: 'outAt', label: 'warehouseDispatch.outAt', kind: 'dateTime', field: 'outAt', sort: 'outAt' },
  { key: 'warehouse', label: 'warehouseDispatch.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'destination', label: 'warehouseDispatch.destination', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
  { key: 'lcPo', label: 'warehouseDispatch.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'truck', label: 'warehouseDispatch.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'ticketNumber', label: 'warehouseDispatch.ticketNumber', kind: 'text', field: 'ticketNumber' },
  { key: 'entryType', label: 'warehouseDispatch.entryType', kind: 'custom' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'received', label: 'warehouseDispatch.delivery', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const outFilters = [
  { kind: 'search', param: 'search', label: 'warehouseDispatch.searchSlips' },
  { kind: 'location', param: 'warehouseId', label: 'warehouseDispatch.warehouse', places: 'warehouse' },
  { kind: 'location', param: 'toLocationId', label: 'warehouseDispatch.destination' },
  { kind: 'enum', param: 'destinationType', label: 'warehouseDispatch.destinationType', options: DISPATCH_DESTINATIONS, labelPrefix: 'warehouseDispatch.destinations' },
  { kind: 'reference', param: 'truckId', label: 'warehouseDispatch.truck', resource: 'truck' },
  { kind: 'enum', param: 'received', label: 'warehouseDispatch.delivery', options: ['inTransit', 'delivered'], labelPrefix: 'warehouseDispatch.receivedStates' },
  // Behind canViewEntryTypeWarehouseOut and canFilterTransporterWarehouseOut: the web hides them without the flag, the server refuses them (403).
  { kind: 'enum', param: 'entryType', label: 'warehouseDispatch.entryType', options: ENTRY_TYPES, labelPrefix: 'warehouseDispatch.entryTypes' },
  { kind: 'reference', param: 'transporterId', label: 'warehouseDispatch.transporter', resource: 'transporter' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'warehouseDispatch.outAt' },
] as const;

/** Warehouse Out (spec 2.3 `warehouse-out`) through the kit: ON_HAND -> IN_TRANSIT with its loading slip. */
export const warehouseOutTransaction = defineTransaction({
  key: 'warehouseOut',
  api: '/warehouseOut',
  route: 'warehouse-out',
  permissionModule: 'WarehouseOut',
  labels: { title: 'warehouseDispatch.outTitle', add: 'warehouseDispatch.outAdd', total: 'warehouseDispatch.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZWarehouseOutInput,
    updateInput: ZWarehouseOutEdit,
    listQuery: ZWarehouseOutListQuery,
    exportQuery: ZWarehouseOutExportQuery,
    row: ZWarehouseOut,
    list: ZWarehouseOutList,
    detail: ZWarehouseOut,
    reverseBody: ZReasonBody,
  },
  sort: { fields: WAREHOUSE_OUT_SORT_FIELDS, default: { field: 'outAt', order: 'desc' } },
  routes: {
    create: { response: ZWarehouseOutSaved },
    update: { response: ZWarehouseOutSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'warehouse dispatch',
    summaries: {
      list: 'Warehouse Outs of the agency in the user’s warehouses (filtered, paged)',
      export: 'Warehouse Outs as an Excel file',
      get: 'One Warehouse Out',
      create: 'Dispatch a Pre Out’s truck: the net of its second weight leaves the position on a new trip (ON_HAND -> IN_TRANSIT), with its loading slip',
      update: 'Change a Warehouse Out’s remarks',
      reverse: 'Reverse a Warehouse Out (refused once received): the stock and the Pre Out’s commitment return',
    },
  },
  reversal: { message: WarehouseDispatchMessages.warehouseOutReversedOk },
  testIds: { page: 'warehouse-out-page', list: 'wo', row: 'wo' },
  list: { columns: outColumns, filters: outFilters, exportFile: 'warehouse-outs.xlsx' },
});

/** Who reads warehouse loading slips: the slips' own view flag, or the Warehouse Out's. */
const WAREHOUSE_SLIP_READERS: readonly PermissionRef[] = [
  { module: 'WarehouseLoadingSlips', action: 'view' },
  { module: 'WarehouseOut', action: 'view' },
];

/** Warehouse loading slips (spec `warehouseLoadingSlips`): the slips of the Warehouse Outs, listed, exported, printed. */
export const warehouseLoadingSlipTransaction = defineTransaction({
  key: 'warehouseLoadingSlip',
  api: '/warehouseLoadingSlips',
  route: 'warehouseLoadingSlips',
  permissionModule: 'WarehouseLoadingSlips',
  labels: { title: 'warehouseDispatch.slipsTitle', total: 'warehouseDispatch.total' },
  operations: ['list', 'export', 'get'],
  schemas: { input: ZWarehouseOutEdit, listQuery: ZWarehouseOutListQuery, exportQuery: ZWarehouseOutExportQuery, row: ZWarehouseOut, list: ZWarehouseOutList, detail: ZWarehouseOut },
  sort: { fields: WAREHOUSE_OUT_SORT_FIELDS, default: { field: 'outAt', order: 'desc' } },
  permissions: {
    list: { anyOf: WAREHOUSE_SLIP_READERS },
    export: { anyOf: [{ module: 'WarehouseLoadingSlips', action: 'export' }], alsoAnyOf: WAREHOUSE_SLIP_READERS },
    get: { anyOf: WAREHOUSE_SLIP_READERS },
  },
  docs: {
    tag: 'warehouse dispatch',
    summaries: {
      list: 'Warehouse loading slips of the agency in the user’s warehouses (filtered, paged)',
      export: 'Warehouse loading slips as an Excel file',
      get: 'One warehouse loading slip',
    },
  },
  testIds: { page: 'warehouse-slips-page', list: 'wslips', row: 'wslips' },
  list: { columns: outColumns, filters: outFilters, exportFile: 'warehouse-loading-slips.xlsx' },
});

/** `GET /api/warehouseOut/preOuts`: the open Pre Outs the Out form offers (scoped). */
export const ZOpenPreOutsQuery = z.object({ warehouseId: ZOptionalId });
export const ZOpenPreOuts = z.object({ rows: z.array(ZWarehousePreOut) });
export type TOpenPreOuts = z.infer<typeof ZOpenPreOuts>;

/** `GET /api/warehouseOut/secondWeights?preOutId=`: the second weights of the Pre Out's truck at its warehouse, not on a live Out. */
export const ZDispatchableWeightsQuery = z.object({ preOutId: requiredId(WarehouseDispatchMessages.preOutRequired) });
export const ZDispatchableWeight = z.object({
  id: z.number(),
  ticketNumber: z.string(),
  truckPlate: z.string(),
  firstKg: z.number(),
  secondKg: z.number(),
  netKg: z.number(),
  netQuantity: z.string(),
  manual: z.boolean(),
  capturedAt: z.string(),
});
export type TDispatchableWeight = z.infer<typeof ZDispatchableWeight>;
export const ZDispatchableWeights = z.object({ rows: z.array(ZDispatchableWeight) });
export type TDispatchableWeights = z.infer<typeof ZDispatchableWeights>;
