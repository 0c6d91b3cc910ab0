import { z } from 'zod';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction, type PermissionRef } from './transactions/define';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZOptionalId, ZReasonBody, ZRecordTrail, ZTonnes } from './cargo';
import { WarehouseDispatchMessages } from './warehouse-dispatch';

/*
 * Dispatch from a consignee's delivery location (spec 2.3 `consignee-out`, `consigneeLoadingSlips`; issue 13). Cargo a
 * Consignee In put ON_HAND at a consignee location (its open area) leaves on a truck for a customer's delivery
 * location: ON_HAND -> IN_TRANSIT on a new trip, never more than usable (on hand - committed). The location has no
 * weighbridge of ours, so the quantity is typed with its weighbridge ticket (WBT) number. The out is its consignee
 * loading slip (numbered per agency, gap-free), which a Customer In receives.
 */

/** Texts the Consignee Out answers with (Arabic in the web's consigneeDispatch section). */
export const ConsigneeDispatchMessages = {
  consigneeLocationRequired: 'Please select the consignee location!',
  customerLocationRequired: 'Please select the customer location!',
  consigneeOutNotFound: 'Consignee Out not found',
  consigneeOutReversed: 'This Consignee Out is reversed.',
  slipNotFound: 'Consignee loading slip not found',
  consigneeOutCreated: 'Consignee Out created successfully',
  consigneeOutUpdated: 'Consignee Out updated successfully',
  consigneeOutReversedOk: 'Consignee Out reversed successfully',
} as const;

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const ZWbtNumber = textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters');
const ZOutQuantity = z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : value), z.union([z.string(), z.number()], { error: Messages.wbqRequired }).pipe(ZTonnes));

/** What an edit may change while the slip is not received: the truck, driver, ticket, quantity and remarks. */
const editShape = {
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  wbtNumber: ZWbtNumber,
  quantity: ZOutQuantity,
  remarks: optionalText(255),
};

/** Body of `POST /api/consigneeOut`: the on-hand position at a consignee location (its open area), the customer location, the trip. */
export const ZConsigneeOutInput = z.object({
  locationId: requiredId(ConsigneeDispatchMessages.consigneeLocationRequired),
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  toLocationId: requiredId(ConsigneeDispatchMessages.customerLocationRequired),
  ...editShape,
});
export type TConsigneeOutInput = z.input<typeof ZConsigneeOutInput>;
export type TConsigneeOutValues = z.output<typeof ZConsigneeOutInput>;

/** Body of `PUT /api/consigneeOut/:id` (refused once a Customer In received it). */
export const ZConsigneeOutEdit = z.object(editShape);
export type TConsigneeOutEdit = z.input<typeof ZConsigneeOutEdit>;
export type TConsigneeOutEditValues = z.output<typeof ZConsigneeOutEdit>;

export const CONSIGNEE_OUT_SORT_FIELDS = ['outAt', 'slipNumber', 'locationName', 'toLocationName', 'truckPlate', 'quantity', 'createdAt'] as const;
export type ConsigneeOutSortField = (typeof CONSIGNEE_OUT_SORT_FIELDS)[number];

const { warehouseId: _warehouseId, ...listFilters } = WAREHOUSE_LIST_FILTERS;

/** Filters of `GET /api/consigneeOut` and `GET /api/consigneeLoadingSlips`. */
export const ZConsigneeOutListQuery = z.object({
  ...listFilters,
  locationId: ZOptionalId,
  toLocationId: ZOptionalId,
  consignmentId: ZOptionalId,
  received: z.preprocess(emptyToUndefined, z.enum(['inTransit', 'delivered']).optional()),
  ...sortQuery(CONSIGNEE_OUT_SORT_FIELDS, { field: 'outAt', order: 'desc' }),
});
export type TConsigneeOutListQuery = z.input<typeof ZConsigneeOutListQuery>;
export const ZConsigneeOutExportQuery = ZConsigneeOutListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** `GET /api/consigneeOut/positions?locationId=`: on-hand positions at consignee locations in scope (the Pre Out picker's shape; `warehouseId` is the location). */
export const ZConsigneePositionsQuery = z.object({ locationId: ZOptionalId, consignmentId: ZOptionalId });

/** A Consignee Out (and its consignee loading slip). */
export const ZConsigneeOut = z
  .object({
    id: z.number(),
    slipNumber: z.number(),
    locationId: z.number(),
    locationName: z.string(),
    ownerCompanyId: z.number(),
    ownerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
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
    /** MT, 3 decimals: what left the location. */
    quantity: z.string(),
    tripId: z.number(),
    outAt: z.string(),
    remarks: z.string().nullable(),
    /** Received at the customer location (a Customer In holds it). */
    received: z.boolean(),
  })
  .extend(ZRecordTrail.shape);
export type TConsigneeOut = z.infer<typeof ZConsigneeOut>;
export const ZConsigneeOutList = z.object({ rows: z.array(ZConsigneeOut), count: z.number(), total: z.string() });
export type TConsigneeOutList = z.infer<typeof ZConsigneeOutList>;
export const ZConsigneeOutSaved = z.object({ message: z.string(), record: ZConsigneeOut });
export type TConsigneeOutSaved = z.infer<typeof ZConsigneeOutSaved>;

/** `GET /api/consigneeLoadingSlips/:id/view`: the printed slip (English and Arabic side by side). */
export const ZConsigneeSlipView = z.object({ agencyName: z.string(), timeZone: z.string(), slip: ZConsigneeOut });
export type TConsigneeSlipView = z.infer<typeof ZConsigneeSlipView>;

const outColumns = [
  { key: 'slipNumber', label: 'consigneeDispatch.slipNumber', kind: 'count', field: 'slipNumber', sort: 'slipNumber' },
  { key: 'outAt', label: 'consigneeDispatch.outAt', kind: 'dateTime', field: 'outAt', sort: 'outAt' },
  { key: 'location', label: 'consigneeDispatch.location', kind: 'text', field: 'locationName', sort: 'locationName' },
  { key: 'destination', label: 'consigneeDispatch.customerLocation', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
  { key: 'lcPo', label: 'consigneeDispatch.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'truck', label: 'consigneeDispatch.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'wbtNumber', label: 'consigneeDispatch.wbtNumber', kind: 'text', field: 'wbtNumber' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'received', label: 'consigneeDispatch.delivery', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const outFilters = [
  { kind: 'search', param: 'search', label: 'consigneeDispatch.search' },
  { kind: 'location', param: 'locationId', label: 'consigneeDispatch.location' },
  { kind: 'location', param: 'toLocationId', label: 'consigneeDispatch.customerLocation' },
  { kind: 'reference', param: 'truckId', label: 'consigneeDispatch.truck', resource: 'truck' },
  { kind: 'enum', param: 'received', label: 'consigneeDispatch.delivery', options: ['inTransit', 'delivered'], labelPrefix: 'consigneeDispatch.receivedStates' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'consigneeDispatch.outAt' },
] as const;

/** Consignee Out (spec 2.3 `consignee-out`) through the kit: ON_HAND at a consignee location -> IN_TRANSIT, with its slip. */
export const consigneeOutTransaction = defineTransaction({
  key: 'consigneeOut',
  api: '/consigneeOut',
  route: 'consignee-out',
  permissionModule: 'ConsigneeOut',
  labels: { title: 'consigneeDispatch.outTitle', add: 'consigneeDispatch.outAdd', total: 'consigneeDispatch.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZConsigneeOutInput,
    updateInput: ZConsigneeOutEdit,
    listQuery: ZConsigneeOutListQuery,
    exportQuery: ZConsigneeOutExportQuery,
    row: ZConsigneeOut,
    list: ZConsigneeOutList,
    detail: ZConsigneeOut,
    reverseBody: ZReasonBody,
  },
  sort: { fields: CONSIGNEE_OUT_SORT_FIELDS, default: { field: 'outAt', order: 'desc' } },
  routes: {
    create: { response: ZConsigneeOutSaved },
    update: { response: ZConsigneeOutSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'consignee dispatch',
    summaries: {
      list: 'Consignee Outs of the agency at the user’s locations (filtered, paged)',
      export: 'Consignee Outs as an Excel file',
      get: 'One Consignee Out',
      create: 'Dispatch cargo on hand at a consignee location to a customer location (ON_HAND -> IN_TRANSIT, 409 Quantity not available when usable is short), with its loading slip',
      update: 'Change a Consignee Out’s truck, driver, ticket, quantity or remarks while not received (reverse-and-repost)',
      reverse: 'Reverse a Consignee Out (refused once a Customer In received it)',
    },
  },
  reversal: { message: ConsigneeDispatchMessages.consigneeOutReversedOk },
  testIds: { page: 'consignee-out-page', list: 'co', row: 'co' },
  list: { columns: outColumns, filters: outFilters, exportFile: 'consignee-outs.xlsx' },
});

/** Who reads consignee loading slips: the slips' own view flag, or the Consignee Out's. */
const CONSIGNEE_SLIP_READERS: readonly PermissionRef[] = [
  { module: 'ConsigneeLoadingSlips', action: 'view' },
  { module: 'ConsigneeOut', action: 'view' },
];

/** Consignee loading slips (spec `consigneeLoadingSlips`): the slips of the Consignee Outs, listed, exported, printed. */
export const consigneeLoadingSlipTransaction = defineTransaction({
  key: 'consigneeLoadingSlip',
  api: '/consigneeLoadingSlips',
  route: 'consigneeLoadingSlips',
  permissionModule: 'ConsigneeLoadingSlips',
  labels: { title: 'consigneeDispatch.slipsTitle', total: 'consigneeDispatch.total' },
  operations: ['list', 'export', 'get'],
  schemas: { input: ZConsigneeOutEdit, listQuery: ZConsigneeOutListQuery, exportQuery: ZConsigneeOutExportQuery, row: ZConsigneeOut, list: ZConsigneeOutList, detail: ZConsigneeOut },
  sort: { fields: CONSIGNEE_OUT_SORT_FIELDS, default: { field: 'outAt', order: 'desc' } },
  permissions: {
    list: { anyOf: CONSIGNEE_SLIP_READERS },
    export: { anyOf: [{ module: 'ConsigneeLoadingSlips', action: 'export' }], alsoAnyOf: CONSIGNEE_SLIP_READERS },
    get: { anyOf: CONSIGNEE_SLIP_READERS },
  },
  docs: {
    tag: 'consignee dispatch',
    summaries: {
      list: 'Consignee loading slips of the agency at the user’s locations (filtered, paged)',
      export: 'Consignee loading slips as an Excel file',
      get: 'One consignee loading slip',
    },
  },
  testIds: { page: 'consignee-slips-page', list: 'cslips', row: 'cslips' },
  list: { columns: outColumns, filters: outFilters, exportFile: 'consignee-loading-slips.xlsx' },
});
