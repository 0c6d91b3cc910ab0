import { z } from 'zod';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { MAX_MANUAL_KG, OutboundWeighingMessages, ZWeighingEvidence } from './outbound-weighing';
import { tonnesToKg } from './quantity';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';

/*
 * Receiving (issue 13, spec 2.3 `warehouse-pre-in`, `warehouse-in`): a truck carrying an in-transit slip arrives at
 * a warehouse. Pre In is its first weighing (loaded) at the warehouse bridge: no stock moves. Warehouse In weighs the
 * emptied truck; the net (pre in - in) is the received quantity, split into silos or the open area:
 * IN_TRANSIT -> ON_HAND, the slip's quantity less the received one -> TRANSIT_LOSS. The slip a truck carries is named
 * by kind and id (`SLIP_KINDS`): a port loading slip or a warehouse loading slip (a Warehouse Out). Their numbers are
 * counted apart and may be equal, so lists and pickers show the kind beside the number.
 */

/** The kinds of slip a truck may carry to a warehouse, a consignee or a customer location. */
export const SLIP_KINDS = ['loadingSlip', 'warehouseLoadingSlip', 'consigneeLoadingSlip', 'transferSlip'] as const;
export type SlipKind = (typeof SLIP_KINDS)[number];

/** Texts of the receiving rules the server answers with (Arabic in the web's receiving section). */
export const ReceivingMessages = {
  slipRequired: 'Please select a loading slip in transit!',
  slipNotInTransit: 'This loading slip is not in transit.',
  slipAlreadyReceived: 'This loading slip is already received.',
  slipHasPreIn: 'This loading slip already has a Warehouse Pre In.',
  slipNotForWarehouse: 'This loading slip is not going to the selected warehouse.',
  siloSum: 'Must be equal to Cargo Quantity!',
  siloRequired: 'Please select a silo!',
  siloNotInWarehouse: 'Please select a silo of the selected warehouse!',
  siloTwice: 'Each silo may be chosen once.',
  noSilos: 'This warehouse has no silos.',
  noOpenArea: 'This warehouse has no open area.',
  siloFull: 'Quantity not available: the silo’s capacity would be exceeded.',
  cargoBlockedIn: 'This cargo is stopped from going into this warehouse (cargo control).',
  cargoCapExceeded: 'Quantity not available: the cargo control caps this cargo’s stock in this warehouse.',
  preInNotFound: 'Warehouse Pre In not found',
  warehouseInNotFound: 'Warehouse In not found',
  preInReversed: 'This Warehouse Pre In is reversed.',
  preInReceived: 'This Warehouse Pre In is already received.',
  warehouseInReversed: 'This Warehouse In is reversed.',
  preInCreated: 'Warehouse Pre In created successfully',
  preInUpdated: 'Warehouse Pre In updated successfully',
  preInReversedOk: 'Warehouse Pre In reversed successfully',
  warehouseInCreated: 'Warehouse In created successfully',
  warehouseInUpdated: 'Warehouse In updated successfully',
  warehouseInReversedOk: 'Warehouse In reversed successfully',
} as const;

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const manualShape = {
  manual: z.boolean().default(false),
  manualKg: z.preprocess(emptyToUndefined, z.coerce.number({ error: Messages.wbqRequired }).int(Messages.wbqRequired).positive(Messages.wbqRequired).max(MAX_MANUAL_KG, Messages.wbqRequired).optional()),
  manualReason: optionalText(255),
};

type ManualValues = { manual: boolean; manualKg?: number | undefined; manualReason: string | null };

function refineManual(value: ManualValues, ctx: z.RefinementCtx): void {
  if (!value.manual) return;
  if (value.manualKg === undefined) ctx.addIssue({ code: 'custom', path: ['manualKg'], message: Messages.wbqRequired });
  if (value.manualReason === null) ctx.addIssue({ code: 'custom', path: ['manualReason'], message: OutboundWeighingMessages.manualReasonRequired });
}

const withoutManual = <T extends ManualValues>(value: T) => (value.manual ? { ...value, manualKg: value.manualKg ?? null } : { ...value, manualKg: null, manualReason: null });

/** Body of `POST /api/warehousePreIn`: the slip the truck carries, its truck and driver, the warehouse and bridge. */
export const ZWarehousePreInInput = z
  .object({
    slipKind: z.enum(SLIP_KINDS).default('loadingSlip'),
    slipId: requiredId(ReceivingMessages.slipRequired),
    truckId: requiredId(Messages.truckRequired),
    driverId: requiredId(Messages.driverRequired),
    warehouseId: requiredId(Messages.warehouseRequired),
    machineId: requiredId(OutboundWeighingMessages.weighbridgeRequired),
    ...manualShape,
    remarks: optionalText(255),
  })
  .superRefine(refineManual)
  .transform(withoutManual);
export type TWarehousePreInInput = z.input<typeof ZWarehousePreInInput>;
export type TWarehousePreInValues = z.output<typeof ZWarehousePreInInput>;

/** Body of `PUT /api/warehousePreIn/:id`: never the weight. */
export const ZWarehousePreInEdit = z.object({ driverId: requiredId(Messages.driverRequired), remarks: optionalText(255) });

/** Where the received cargo goes: the open area, or silos with the quantity of each (MT). */
export const STORAGE_CHOICES = ['silo', 'openArea'] as const;
const ZSiloShare = z.object({ siloId: requiredId(ReceivingMessages.siloRequired), quantity: ZTonnes });
export const storageShape = {
  storage: z.enum(STORAGE_CHOICES, { error: Messages.warehouseTypeRequired }),
  silos: z.array(ZSiloShare).max(50).default([]),
};
export function refineStorage(value: { storage: string; silos: { siloId: number; quantity: string }[] }, ctx: z.RefinementCtx): void {
  if (value.storage === 'silo' && value.silos.length === 0) ctx.addIssue({ code: 'custom', path: ['silos'], message: ReceivingMessages.siloRequired });
  const seen = new Set<number>();
  value.silos.forEach((share, i) => {
    if (seen.has(share.siloId)) ctx.addIssue({ code: 'custom', path: ['silos', i, 'siloId'], message: ReceivingMessages.siloTwice });
    seen.add(share.siloId);
  });
}
export const withoutSilos = <T extends { storage: string; silos: unknown[] }>(value: T) => (value.storage === 'openArea' ? { ...value, silos: [] } : value);

/** The sum of silo shares in kg (exact). */
export function siloSharesKg(silos: readonly { quantity: string }[]): bigint {
  return silos.reduce((sum, share) => sum + tonnesToKg(share.quantity), 0n);
}

/**
 * Body of `POST /api/warehouseIn`: the open pre in (its weighbridge ticket), the bridge the empty truck stands on and
 * where the cargo goes. With silos, their quantities add up to the received (net) quantity.
 */
export const ZWarehouseInInput = z
  .object({
    preInId: requiredId(Messages.wbtRequired),
    machineId: requiredId(OutboundWeighingMessages.weighbridgeRequired),
    ...manualShape,
    ...storageShape,
    remarks: optionalText(255),
  })
  .superRefine((value, ctx) => {
    refineManual(value, ctx);
    refineStorage(value, ctx);
  })
  .transform((value) => withoutSilos(withoutManual(value)));
export type TWarehouseInInput = z.input<typeof ZWarehouseInInput>;
export type TWarehouseInValues = z.output<typeof ZWarehouseInInput>;

/** Body of `PUT /api/warehouseIn/:id`: where the cargo went (reposted) and the remarks; never the weights. */
export const ZWarehouseInEdit = z
  .object({ ...storageShape, remarks: optionalText(255) })
  .superRefine(refineStorage)
  .transform(withoutSilos);
export type TWarehouseInEdit = z.input<typeof ZWarehouseInEdit>;

export const PRE_IN_SORT_FIELDS = ['capturedAt', 'ticketNumber', 'truckPlate', 'warehouseName', 'kg', 'createdAt'] as const;
export const WAREHOUSE_IN_SORT_FIELDS = ['capturedAt', 'ticketNumber', 'truckPlate', 'warehouseName', 'receivedKg', 'createdAt'] as const;

export const ZWarehousePreInListQuery = z.object({
  ...WAREHOUSE_LIST_FILTERS,
  open: z.preprocess(emptyToUndefined, z.enum(['open', 'received']).optional()),
  ...sortQuery(PRE_IN_SORT_FIELDS, { field: 'capturedAt', order: 'desc' }),
});
export type TWarehousePreInListQuery = z.input<typeof ZWarehousePreInListQuery>;
export const ZWarehousePreInExportQuery = ZWarehousePreInListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export const ZWarehouseInListQuery = z.object({ ...WAREHOUSE_LIST_FILTERS, ...sortQuery(WAREHOUSE_IN_SORT_FIELDS, { field: 'capturedAt', order: 'desc' }) });
export type TWarehouseInListQuery = z.input<typeof ZWarehouseInListQuery>;
export const ZWarehouseInExportQuery = ZWarehouseInListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A pre in as lists show it (weights in kg; the slip's quantity in MT). */
export const ZWarehousePreIn = z
  .object({
    id: z.number(),
    ticketNumber: z.string(),
    slipKind: z.enum(SLIP_KINDS),
    slipId: z.number(),
    slipNumber: z.string(),
    slipQuantity: z.string(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    machineId: z.number(),
    kg: z.number(),
    capturedAt: z.string(),
    manual: z.boolean(),
    manualReason: z.string().nullable(),
    remarks: z.string().nullable(),
    /** The live warehouse in on it, if any. */
    warehouseInId: z.number().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TWarehousePreIn = z.infer<typeof ZWarehousePreIn>;
export const ZWarehousePreInList = z.object({ rows: z.array(ZWarehousePreIn), count: z.number() });
export type TWarehousePreInList = z.infer<typeof ZWarehousePreInList>;
export const ZWarehousePreInDetail = ZWarehousePreIn.extend({ evidence: ZWeighingEvidence });
export type TWarehousePreInDetail = z.infer<typeof ZWarehousePreInDetail>;
export const ZWarehousePreInSaved = z.object({ message: z.string(), record: ZWarehousePreInDetail });
export type TWarehousePreInSaved = z.infer<typeof ZWarehousePreInSaved>;

/** One silo's (or the open area's: siloId null) share of a warehouse in. */
export const ZReceivedShare = z.object({ siloId: z.number().nullable(), siloName: z.string().nullable(), quantity: z.string() });

/** A warehouse in: its pre in's ticket and truck, the empty weight, the received (net) quantity and the transit loss. */
export const ZWarehouseIn = z
  .object({
    id: z.number(),
    preInId: z.number(),
    ticketNumber: z.string(),
    slipKind: z.enum(SLIP_KINDS),
    slipId: z.number(),
    slipNumber: z.string(),
    truckPlate: z.string(),
    driverName: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    machineId: z.number(),
    firstKg: z.number(),
    kg: z.number(),
    capturedAt: z.string(),
    manual: z.boolean(),
    manualReason: z.string().nullable(),
    /** The slip's quantity, the received (net) quantity and the transit loss (slip - received; negative: a gain), MT. */
    slipQuantity: z.string(),
    receivedKg: z.number(),
    receivedQuantity: z.string(),
    transitLoss: z.string(),
    storage: z.enum(STORAGE_CHOICES),
    shares: z.array(ZReceivedShare),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TWarehouseIn = z.infer<typeof ZWarehouseIn>;
export const ZWarehouseInList = z.object({ rows: z.array(ZWarehouseIn), count: z.number() });
export type TWarehouseInList = z.infer<typeof ZWarehouseInList>;
export const ZWarehouseInDetail = ZWarehouseIn.extend({ evidence: ZWeighingEvidence });
export type TWarehouseInDetail = z.infer<typeof ZWarehouseInDetail>;
export const ZWarehouseInSaved = z.object({ message: z.string(), record: ZWarehouseInDetail });
export type TWarehouseInSaved = z.infer<typeof ZWarehouseInSaved>;

/** `GET /api/warehousePreIn/slips?warehouseId=`: the in-transit slips bound for a warehouse (the pre in's picker). */
export const ZInTransitSlipsQuery = z.object({ warehouseId: requiredId(Messages.warehouseRequired), search: ZListSearch });
export const ZInTransitSlip = z.object({
  slipKind: z.enum(SLIP_KINDS),
  slipId: z.number(),
  slipNumber: z.string(),
  quantity: z.string(),
  truckId: z.number(),
  truckPlate: z.string(),
  driverId: z.number(),
  driverName: z.string(),
  toLocationId: z.number(),
  toLocationName: z.string(),
});
export type TInTransitSlip = z.infer<typeof ZInTransitSlip>;
export const ZInTransitSlips = z.object({ rows: z.array(ZInTransitSlip) });
/** `GET /api/warehouseIn/preIns?warehouseId=`: the open pre ins (the warehouse in's ticket picker). */
export const ZOpenPreInsQuery = z.object({ warehouseId: ZOptionalId });
export const ZOpenPreIns = z.object({ rows: z.array(ZWarehousePreIn) });

/** The slip's kind, shown beside its number (the two kinds are numbered apart). */
const slipKindColumn = { key: 'slipKind', label: 'receiving.slipKind', kind: 'enum', field: 'slipKind', options: SLIP_KINDS, labelPrefix: 'receiving.slipKinds' } as const;

const weighColumns = [
  { key: 'ticketNumber', label: 'receiving.ticketNumber', kind: 'text', field: 'ticketNumber', sort: 'ticketNumber' },
  slipKindColumn,
  { key: 'slip', label: 'receiving.slip', kind: 'text', field: 'slipNumber' },
  { key: 'truck', label: 'receiving.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'driver', label: 'receiving.driver', kind: 'text', field: 'driverName' },
  { key: 'warehouse', label: 'receiving.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
] as const;

const filters = [
  { kind: 'location', param: 'warehouseId', label: 'receiving.warehouse', places: 'warehouse' },
  { kind: 'reference', param: 'truckId', label: 'receiving.truck', resource: 'truck' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'receiving.capturedAt' },
  { kind: 'search', param: 'search', label: 'receiving.search' },
] as const;

/** Warehouse Pre In (spec 2.3 `warehouse-pre-in`): the loaded truck's first weighing at the warehouse. */
export const warehousePreInTransaction = defineTransaction({
  key: 'warehousePreIn',
  api: '/warehousePreIn',
  route: 'warehouse-pre-in',
  permissionModule: 'WarehousePreIn',
  labels: { title: 'receiving.preInTitle', add: 'receiving.preInAdd', total: 'receiving.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZWarehousePreInInput,
    updateInput: ZWarehousePreInEdit,
    listQuery: ZWarehousePreInListQuery,
    exportQuery: ZWarehousePreInExportQuery,
    row: ZWarehousePreIn,
    list: ZWarehousePreInList,
    detail: ZWarehousePreInDetail,
    reverseBody: ZReasonBody,
  },
  sort: { fields: PRE_IN_SORT_FIELDS, default: { field: 'capturedAt', order: 'desc' } },
  routes: {
    create: { response: ZWarehousePreInSaved },
    update: { response: ZWarehousePreInSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'receiving',
    summaries: {
      list: 'Warehouse pre ins in the user’s warehouses (filtered, paged)',
      export: 'Warehouse pre ins as an Excel file',
      get: 'One warehouse pre in with its evidence',
      create: 'Weigh an arriving truck with an in-transit slip: the server captures the bridge’s stable weight (or a manual weight with its permission and a reason); no stock moves',
      update: 'Change a pre in’s driver and remarks (never its weight)',
      reverse: 'Reverse a pre in (refused while a live warehouse in stands on it)',
    },
  },
  reversal: { message: ReceivingMessages.preInReversedOk },
  testIds: { page: 'warehouse-pre-in-page', list: 'wpi', row: 'wpi' },
  list: {
    columns: [
      ...weighColumns,
      { key: 'weight', label: 'receiving.firstKg', kind: 'count', field: 'kg', sort: 'kg' },
      { key: 'capturedAt', label: 'receiving.capturedAt', kind: 'dateTime', field: 'capturedAt', sort: 'capturedAt' },
      { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
    ],
    filters: [...filters, { kind: 'enum', param: 'open', label: 'receiving.state', options: ['open', 'received'], labelPrefix: 'receiving.states' }],
    exportFile: 'warehouse-pre-ins.xlsx',
  },
});

/** Warehouse In (spec 2.3 `warehouse-in`): the slip received into silos or the open area, its transit loss posted. */
export const warehouseInTransaction = defineTransaction({
  key: 'warehouseIn',
  api: '/warehouseIn',
  route: 'warehouse-in',
  permissionModule: 'WarehouseIn',
  labels: { title: 'receiving.inTitle', add: 'receiving.inAdd', total: 'receiving.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZWarehouseInInput,
    updateInput: ZWarehouseInEdit,
    listQuery: ZWarehouseInListQuery,
    exportQuery: ZWarehouseInExportQuery,
    row: ZWarehouseIn,
    list: ZWarehouseInList,
    detail: ZWarehouseInDetail,
    reverseBody: ZReasonBody,
  },
  sort: { fields: WAREHOUSE_IN_SORT_FIELDS, default: { field: 'capturedAt', order: 'desc' } },
  routes: {
    create: { response: ZWarehouseInSaved },
    update: { response: ZWarehouseInSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'receiving',
    summaries: {
      list: 'Warehouse ins in the user’s warehouses (filtered, paged), with the transit loss',
      export: 'Warehouse ins as an Excel file',
      get: 'One warehouse in with its silo shares and evidence',
      create: 'Receive a pre in’s slip: the empty truck’s weight captured, the net split into silos or the open area (IN_TRANSIT -> ON_HAND, the difference -> TRANSIT_LOSS); silo capacity and cargo control enforced',
      update: 'Move a warehouse in to other silos or the open area (reverse and repost) and change its remarks',
      reverse: 'Reverse a warehouse in: the cargo back in transit and the slip open again (refused when the stock has moved on)',
    },
  },
  reversal: { message: ReceivingMessages.warehouseInReversedOk },
  testIds: { page: 'warehouse-in-page', list: 'wi', row: 'wi' },
  list: {
    columns: [
      ...weighColumns,
      { key: 'slipQuantity', label: 'receiving.slipQuantity', kind: 'quantity', field: 'slipQuantity' },
      { key: 'received', label: 'receiving.received', kind: 'quantity', field: 'receivedQuantity', sort: 'receivedKg' },
      { key: 'transitLoss', label: 'receiving.transitLoss', kind: 'quantity', field: 'transitLoss' },
      { key: 'capturedAt', label: 'receiving.capturedAt', kind: 'dateTime', field: 'capturedAt', sort: 'capturedAt' },
      { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
    ],
    filters,
    exportFile: 'warehouse-ins.xlsx',
  },
});

// ---------------------------------------------------------------- consignee in, customer in

/** Texts of the delivery receipts (consignee in, customer in). */
export const DeliveryInMessages = {
  slipNotForConsignee: 'This loading slip is not going to a consignee location.',
  slipNotForCustomer: 'This loading slip is not going to a customer location.',
  consigneeInNotFound: 'Consignee In not found',
  customerInNotFound: 'Customer In not found',
  deliveryInReversed: 'This receipt is reversed.',
  consigneeInCreated: 'Consignee In created successfully',
  consigneeInUpdated: 'Consignee In updated successfully',
  consigneeInReversedOk: 'Consignee In reversed successfully',
  customerInCreated: 'Customer In created successfully',
  customerInUpdated: 'Customer In updated successfully',
  customerInReversedOk: 'Customer In reversed successfully',
} as const;

/** The two delivery receipts: at a consignee's location (direct delivery) or a customer's (customer delivery). */
export const DELIVERY_IN_KINDS = ['consigneeIn', 'customerIn'] as const;
export type DeliveryInKind = (typeof DELIVERY_IN_KINDS)[number];

const ZReceivedQuantity = z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : value), z.union([z.string(), z.number()], { error: Messages.wbqRequired }).pipe(ZTonnes));
const ZWbtNumber = textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters');

/** Body of `POST /api/consigneeIn` and `/api/customerIn`: the slip received, its weighbridge ticket and received quantity (MT). */
export const ZDeliveryInInput = z.object({
  slipKind: z.enum(SLIP_KINDS).default('loadingSlip'),
  slipId: requiredId(ReceivingMessages.slipRequired),
  wbtNumber: ZWbtNumber,
  quantity: ZReceivedQuantity,
  remarks: optionalText(255),
});
export type TDeliveryInInput = z.input<typeof ZDeliveryInInput>;
export type TDeliveryInValues = z.output<typeof ZDeliveryInInput>;
/** Body of the update: the ticket, the received quantity (reposted) and the remarks. */
export const ZDeliveryInEdit = ZDeliveryInInput.omit({ slipKind: true, slipId: true });
export type TDeliveryInEdit = z.input<typeof ZDeliveryInEdit>;

/** `GET /api/consigneeIn/slips` and `/api/customerIn/slips`: the slips of both kinds in transit to such locations (the form's picker). */
export const ZDeliveryInSlipsQuery = z.object({ locationId: ZOptionalId, search: ZListSearch });

export const DELIVERY_IN_SORT_FIELDS = ['receivedAt', 'locationName', 'receivedKg', 'createdAt'] as const;
export const ZDeliveryInListQuery = z.object({
  locationId: ZOptionalId,
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(DELIVERY_IN_SORT_FIELDS, { field: 'receivedAt', order: 'desc' }),
});
export const ZDeliveryInExportQuery = ZDeliveryInListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A consignee or customer in: the slip, where it was received, the received quantity and the transit loss. */
export const ZDeliveryIn = z
  .object({
    id: z.number(),
    slipKind: z.enum(SLIP_KINDS),
    slipId: z.number(),
    slipNumber: z.string(),
    truckPlate: z.string(),
    locationId: z.number(),
    locationName: z.string(),
    wbtNumber: z.string(),
    slipQuantity: z.string(),
    receivedKg: z.number(),
    receivedQuantity: z.string(),
    transitLoss: z.string(),
    receivedAt: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TDeliveryIn = z.infer<typeof ZDeliveryIn>;
export const ZDeliveryInList = z.object({ rows: z.array(ZDeliveryIn), count: z.number() });
export type TDeliveryInList = z.infer<typeof ZDeliveryInList>;
export const ZDeliveryInSaved = z.object({ message: z.string(), record: ZDeliveryIn });
export type TDeliveryInSaved = z.infer<typeof ZDeliveryInSaved>;

/** The list of a delivery receipt; its location filter offers the sites of its kind's owners. */
const deliveryInList = (places: 'consigneeLocation' | 'customerLocation') =>
  ({
  columns: [
    slipKindColumn,
    { key: 'slip', label: 'receiving.slip', kind: 'text', field: 'slipNumber' },
    { key: 'truck', label: 'receiving.truck', kind: 'text', field: 'truckPlate' },
    { key: 'location', label: 'receiving.location', kind: 'text', field: 'locationName', sort: 'locationName' },
    { key: 'wbtNumber', label: 'receiving.ticketNumber', kind: 'text', field: 'wbtNumber' },
    { key: 'slipQuantity', label: 'receiving.slipQuantity', kind: 'quantity', field: 'slipQuantity' },
    { key: 'received', label: 'receiving.received', kind: 'quantity', field: 'receivedQuantity', sort: 'receivedKg' },
    { key: 'transitLoss', label: 'receiving.transitLoss', kind: 'quantity', field: 'transitLoss' },
    { key: 'receivedAt', label: 'receiving.receivedAt', kind: 'dateTime', field: 'receivedAt', sort: 'receivedAt' },
    { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
  ],
  filters: [
    { kind: 'location', param: 'locationId', label: 'receiving.location', places },
    { kind: 'status', param: 'status', label: 'cargo.status' },
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'receiving.receivedAt' },
    { kind: 'search', param: 'search', label: 'receiving.slipSearch' },
  ],
  }) as const;

const deliveryInSchemas = {
  input: ZDeliveryInInput,
  updateInput: ZDeliveryInEdit,
  listQuery: ZDeliveryInListQuery,
  exportQuery: ZDeliveryInExportQuery,
  row: ZDeliveryIn,
  list: ZDeliveryInList,
  detail: ZDeliveryIn,
  reverseBody: ZReasonBody,
};
const deliveryInRoutes = {
  create: { response: ZDeliveryInSaved },
  update: { response: ZDeliveryInSaved },
  reverse: { response: z.object({ message: z.string() }) },
};

/** Consignee In (spec 2.3 `consignee-in`): a direct-delivery slip received at its consignee's location. */
export const consigneeInTransaction = defineTransaction({
  key: 'consigneeIn',
  api: '/consigneeIn',
  route: 'consignee-in',
  permissionModule: 'ConsigneeIn',
  labels: { title: 'receiving.consigneeInTitle', add: 'receiving.consigneeInAdd', total: 'receiving.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: deliveryInSchemas,
  sort: { fields: DELIVERY_IN_SORT_FIELDS, default: { field: 'receivedAt', order: 'desc' } },
  routes: deliveryInRoutes,
  reversal: { message: DeliveryInMessages.consigneeInReversedOk },
  testIds: { page: 'consignee-in-page', list: 'cni', row: 'cni' },
  list: { ...deliveryInList('consigneeLocation'), exportFile: 'consignee-ins.xlsx' },
});

/** Customer In (spec 2.3 `customer-in`): a customer-delivery slip received at its customer's location. */
export const customerInTransaction = defineTransaction({
  key: 'customerIn',
  api: '/customerIn',
  route: 'customer-in',
  permissionModule: 'CustomerIn',
  labels: { title: 'receiving.customerInTitle', add: 'receiving.customerInAdd', total: 'receiving.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: deliveryInSchemas,
  sort: { fields: DELIVERY_IN_SORT_FIELDS, default: { field: 'receivedAt', order: 'desc' } },
  routes: deliveryInRoutes,
  reversal: { message: DeliveryInMessages.customerInReversedOk },
  testIds: { page: 'customer-in-page', list: 'cui', row: 'cui' },
  list: { ...deliveryInList('customerLocation'), exportFile: 'customer-ins.xlsx' },
});
