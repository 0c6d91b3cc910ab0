import { z } from 'zod';
import { Messages } from './errors';
import { recordId, requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import type { WeighTicketView } from './weighing';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZListSearch, ZOptionalId, ZReasonBody, ZRecordTrail } from './cargo';

/*
 * Outbound weighing (spec 2.3 `outbound-first-weight`, `outbound-second-weight`; issue 12): a truck is weighed on a
 * weighbridge of a warehouse on the way in (first weight) and on the way out (second weight); the net is the
 * difference. The weight is captured by the server from the weighbridge's live readings at save time, never typed,
 * unless the user holds the manual weight permission and gives a reason (shown as MANUAL everywhere).
 */

/** Why a capture is refused (the server's CaptureRefusal), each with its message below. */
export const CAPTURE_REFUSALS = ['offline', 'motion', 'tooFewFrames', 'belowThreshold', 'noReturnToZero', 'overload', 'belowMinGross', 'aboveMaxGross'] as const;
export type TCaptureRefusal = (typeof CAPTURE_REFUSALS)[number];

/** Texts of the outbound weighing rules the server answers with (Arabic in the web's outboundWeighing section). */
export const OutboundWeighingMessages = {
  offline: 'The weighbridge is offline.',
  motion: 'The weight is not stable.',
  tooFewFrames: 'The weight is not stable yet: too few readings from the weighbridge.',
  belowThreshold: 'No truck on the weighbridge: the weight is below the threshold.',
  noReturnToZero: 'The weighbridge did not return to zero since the last weighing.',
  overload: 'The weighbridge is overloaded.',
  belowMinGross: 'The weight is below the minimum gross weight of this weighbridge.',
  aboveMaxGross: 'The weight is above the maximum gross weight of this weighbridge.',
  belowMinNet: 'The net weight is below the minimum net weight of this weighbridge.',
  aboveMaxNet: 'The net weight is above the maximum net weight of this weighbridge.',
  minDifference: 'The second weight must differ from the first weight by at least the minimum difference.',
  sameTruck: 'The truck must be the truck of the first weight.',
  weighbridgeRequired: 'Please select a weighbridge!',
  weighbridgeNotAtWarehouse: 'Please select a weighbridge of the selected warehouse!',
  firstWeightRequired: 'Please select an open first weight!',
  firstWeightNotFound: 'Outbound first weight not found',
  secondWeightNotFound: 'Outbound second weight not found',
  weighbridgeNotFound: 'Weighbridge not found',
  firstWeightClosed: 'This Outbound First Weight already has a second weight.',
  firstWeightReversed: 'This Outbound First Weight is reversed.',
  secondWeightReversed: 'This Outbound Second Weight is reversed.',
  manualWeightRequired: 'Please enter the weight in kg!',
  manualReasonRequired: 'Please enter the reason for the manual weight!',
  firstWeightCreated: 'Outbound First Weight created successfully',
  firstWeightUpdated: 'Outbound First Weight updated successfully',
  firstWeightReversedOk: 'Outbound First Weight reversed successfully',
  secondWeightCreated: 'Outbound Second Weight created successfully',
  secondWeightUpdated: 'Outbound Second Weight updated successfully',
  secondWeightReversedOk: 'Outbound Second Weight reversed successfully',
} as const;

/** The message of a capture refusal. */
export function captureRefusalMessage(reason: TCaptureRefusal): (typeof OutboundWeighingMessages)[TCaptureRefusal] {
  return OutboundWeighingMessages[reason];
}

/** The most a manual weight may be (kg): far above any road truck, below the column's range. */
export const MAX_MANUAL_KG = 200_000;

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The manual part of a weighing: off (the server captures), or the weight in kg and the reason. */
const manualShape = {
  manual: z.boolean().default(false),
  manualKg: z.preprocess(emptyToUndefined, z.coerce.number({ error: OutboundWeighingMessages.manualWeightRequired }).int(OutboundWeighingMessages.manualWeightRequired).positive(OutboundWeighingMessages.manualWeightRequired).max(MAX_MANUAL_KG, OutboundWeighingMessages.manualWeightRequired).optional()),
  manualReason: optionalText(255),
};

function refineManual(value: { manual: boolean; manualKg?: number | undefined; manualReason: string | null }, ctx: z.RefinementCtx): void {
  if (!value.manual) return;
  if (value.manualKg === undefined) ctx.addIssue({ code: 'custom', path: ['manualKg'], message: OutboundWeighingMessages.manualWeightRequired });
  if (value.manualReason === null) ctx.addIssue({ code: 'custom', path: ['manualReason'], message: OutboundWeighingMessages.manualReasonRequired });
}

const withoutManual = <T extends { manual: boolean; manualKg?: number | undefined; manualReason: string | null }>(value: T) =>
  value.manual ? { ...value, manualKg: value.manualKg ?? null } : { ...value, manualKg: null, manualReason: null };

/** Body of `POST /api/outboundFirstWeight`: the truck, its driver, the warehouse and its weighbridge. */
export const ZOutboundFirstWeightInput = z
  .object({
    truckId: requiredId(Messages.truckRequired),
    driverId: requiredId(Messages.driverRequired),
    warehouseId: requiredId(Messages.warehouseRequired),
    machineId: requiredId(OutboundWeighingMessages.weighbridgeRequired),
    ...manualShape,
    remarks: optionalText(255),
  })
  .superRefine(refineManual)
  .transform(withoutManual);
export type TOutboundFirstWeightInput = z.input<typeof ZOutboundFirstWeightInput>;
export type TOutboundFirstWeightValues = z.output<typeof ZOutboundFirstWeightInput>;

/** Body of `POST /api/outboundSecondWeight`: the open first weight, its truck (checked), the weighbridge. */
export const ZOutboundSecondWeightInput = z
  .object({
    firstWeightId: requiredId(OutboundWeighingMessages.firstWeightRequired),
    truckId: requiredId(Messages.truckRequired),
    machineId: requiredId(OutboundWeighingMessages.weighbridgeRequired),
    ...manualShape,
    remarks: optionalText(255),
  })
  .superRefine(refineManual)
  .transform(withoutManual);
export type TOutboundSecondWeightInput = z.input<typeof ZOutboundSecondWeightInput>;
export type TOutboundSecondWeightValues = z.output<typeof ZOutboundSecondWeightInput>;

/** Body of `PUT /api/outboundFirstWeight/:id`: only what is not a weight. */
export const ZOutboundFirstWeightEdit = z.object({ driverId: requiredId(Messages.driverRequired), remarks: optionalText(255) });
export type TOutboundFirstWeightEdit = z.input<typeof ZOutboundFirstWeightEdit>;
/** Body of `PUT /api/outboundSecondWeight/:id`: only the remarks. */
export const ZOutboundSecondWeightEdit = z.object({ remarks: optionalText(255) });
export type TOutboundSecondWeightEdit = z.input<typeof ZOutboundSecondWeightEdit>;

export const OUTBOUND_WEIGHT_SORT_FIELDS = ['capturedAt', 'ticketNumber', 'truckPlate', 'warehouseName', 'kg', 'createdAt'] as const;
export type OutboundWeightSortField = (typeof OUTBOUND_WEIGHT_SORT_FIELDS)[number];
export const OUTBOUND_SECOND_WEIGHT_SORT_FIELDS = ['capturedAt', 'ticketNumber', 'truckPlate', 'warehouseName', 'kg', 'netKg', 'createdAt'] as const;
export type OutboundSecondWeightSortField = (typeof OUTBOUND_SECOND_WEIGHT_SORT_FIELDS)[number];

/** Filters of `GET /api/outboundFirstWeight` (`open`: only first weights without a live second weight). */
export const ZOutboundFirstWeightListQuery = z.object({
  ...WAREHOUSE_LIST_FILTERS,
  open: z.preprocess(emptyToUndefined, z.enum(['open', 'closed']).optional()),
  ...sortQuery(OUTBOUND_WEIGHT_SORT_FIELDS, { field: 'capturedAt', order: 'desc' }),
});
export type TOutboundFirstWeightListQuery = z.input<typeof ZOutboundFirstWeightListQuery>;
export const ZOutboundFirstWeightExportQuery = ZOutboundFirstWeightListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

export const ZOutboundSecondWeightListQuery = z.object({ ...WAREHOUSE_LIST_FILTERS, ...sortQuery(OUTBOUND_SECOND_WEIGHT_SORT_FIELDS, { field: 'capturedAt', order: 'desc' }) });
export type TOutboundSecondWeightListQuery = z.input<typeof ZOutboundSecondWeightListQuery>;
export const ZOutboundSecondWeightExportQuery = ZOutboundSecondWeightListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A stored reading of the stable window (the evidence of a capture). */
export const ZWeighingEvidence = z.array(z.object({ kg: z.number(), stable: z.boolean().nullable(), overload: z.boolean(), at: z.number() }));

/** A camera picture of a capture (url of the stored JPEG, or why there is none). */
export const ZWeighingPicture = z.object({ id: z.number(), cameraName: z.string(), url: z.string().nullable(), failure: z.string().nullable() });
export type TWeighingPicture = z.infer<typeof ZWeighingPicture>;

/** An outbound first weight as lists and the form show it. Weights in kg (integers); quantity in MT (3 decimals). */
export const ZOutboundFirstWeight = z
  .object({
    id: z.number(),
    ticketNumber: z.string(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    machineId: z.number(),
    weighbridge: z.string(),
    kg: z.number(),
    quantity: z.string(),
    capturedAt: z.string(),
    manual: z.boolean(),
    manualReason: z.string().nullable(),
    remarks: z.string().nullable(),
    /** A live second weight was taken on it. */
    closed: z.boolean(),
    secondWeightId: z.number().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TOutboundFirstWeight = z.infer<typeof ZOutboundFirstWeight>;
export const ZOutboundFirstWeightList = z.object({ rows: z.array(ZOutboundFirstWeight), count: z.number() });
export type TOutboundFirstWeightList = z.infer<typeof ZOutboundFirstWeightList>;
export const ZOutboundFirstWeightDetail = ZOutboundFirstWeight.extend({ evidence: ZWeighingEvidence, pictures: z.array(ZWeighingPicture) });
export type TOutboundFirstWeightDetail = z.infer<typeof ZOutboundFirstWeightDetail>;

/** An outbound second weight with its first weight's truck, warehouse and weight, and the net. */
export const ZOutboundSecondWeight = z
  .object({
    id: z.number(),
    ticketNumber: z.string(),
    firstWeightId: z.number(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    machineId: z.number(),
    weighbridge: z.string(),
    firstKg: z.number(),
    firstAt: z.string(),
    firstManual: z.boolean(),
    kg: z.number(),
    capturedAt: z.string(),
    manual: z.boolean(),
    manualReason: z.string().nullable(),
    netKg: z.number(),
    /** Net in MT (3 decimals). */
    netQuantity: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TOutboundSecondWeight = z.infer<typeof ZOutboundSecondWeight>;
export const ZOutboundSecondWeightList = z.object({ rows: z.array(ZOutboundSecondWeight), count: z.number() });
export type TOutboundSecondWeightList = z.infer<typeof ZOutboundSecondWeightList>;
export const ZOutboundSecondWeightDetail = ZOutboundSecondWeight.extend({ evidence: ZWeighingEvidence, pictures: z.array(ZWeighingPicture) });
export type TOutboundSecondWeightDetail = z.infer<typeof ZOutboundSecondWeightDetail>;

/** What a weighing write answers: the success message and the record. */
export const ZOutboundFirstWeightSaved = z.object({ message: z.string(), record: ZOutboundFirstWeightDetail });
export type TOutboundFirstWeightSaved = z.infer<typeof ZOutboundFirstWeightSaved>;
export const ZOutboundSecondWeightSaved = z.object({ message: z.string(), record: ZOutboundSecondWeightDetail });
export type TOutboundSecondWeightSaved = z.infer<typeof ZOutboundSecondWeightSaved>;

/** `GET /api/outboundFirstWeight/open`: the open first weights the second weight form offers (scoped). */
export const ZOpenFirstWeightsQuery = z.object({ warehouseId: ZOptionalId, search: ZListSearch });
export const ZOpenFirstWeights = z.object({ rows: z.array(ZOutboundFirstWeight) });
export type TOpenFirstWeights = z.infer<typeof ZOpenFirstWeights>;

/** `GET /api/weighbridge/:machineId/live`: the live weight and whether it may be captured now (the capture rules). */
export const ZWeighbridgeLive = z.object({
  machineId: z.number(),
  /** MT, 3 decimals; 0 when no reading. */
  quantity: z.number(),
  kg: z.number(),
  stable: z.boolean(),
  online: z.boolean(),
  capturable: z.boolean(),
  refusal: z.enum(CAPTURE_REFUSALS).nullable(),
  /** The refusal's message (English; the web translates it), null when capturable. */
  reason: z.string().nullable(),
});
export type TWeighbridgeLive = z.infer<typeof ZWeighbridgeLive>;
/** `GET /api/outboundSecondWeight/:id/ticket` (and of a first weight): the printed ticket (contracts' WeighTicketView). */
const ZTicketWeight = z.object({ kg: z.number(), at: z.string(), manual: z.boolean(), manualReason: z.string().nullable() });
export const ZWeighTicketView = z.object({
  ticketNumber: z.string(),
  agencyName: z.string(),
  warehouseName: z.string(),
  weighbridge: z.string(),
  truckPlate: z.string(),
  driverName: z.string(),
  first: ZTicketWeight,
  second: ZTicketWeight.nullable(),
  net: z.number().nullable(),
  timeZone: z.string(),
  pictures: z.array(z.object({ caption: z.string(), jpegBase64: z.string().optional(), url: z.string().optional() })),
  reversed: z.object({ at: z.string(), reason: z.string() }).nullable(),
}) satisfies z.ZodType<WeighTicketView>;

export const ZMachineParams = z.object({ machineId: z.string().regex(/^[1-9]\d{0,9}$/, 'Invalid id').transform(Number).pipe(recordId()) });

const firstWeightColumns = [
  { key: 'ticketNumber', label: 'outboundWeighing.ticketNumber', kind: 'text', field: 'ticketNumber', sort: 'ticketNumber' },
  { key: 'truck', label: 'outboundWeighing.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
  { key: 'driver', label: 'outboundWeighing.driver', kind: 'text', field: 'driverName' },
  { key: 'warehouse', label: 'outboundWeighing.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'weighbridge', label: 'outboundWeighing.weighbridge', kind: 'text', field: 'weighbridge' },
  { key: 'weight', label: 'outboundWeighing.weightKg', kind: 'custom', sort: 'kg' },
  { key: 'capturedAt', label: 'outboundWeighing.capturedAt', kind: 'dateTime', field: 'capturedAt', sort: 'capturedAt' },
  { key: 'state', label: 'outboundWeighing.state', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/**
 * Outbound first weights (spec 2.3 `outbound-first-weight`) through the kit: list, export, get, create (the capture;
 * a manual weight also needs the manual weight permission, which the service asks of the actor), update
 * (`ZOutboundFirstWeightEdit`: driver and remarks only) and reverse; writes answer the message and the record.
 */
export const outboundFirstWeightTransaction = defineTransaction({
  key: 'outboundFirstWeight',
  api: '/outboundFirstWeight',
  route: 'outbound-first-weight',
  permissionModule: 'OutboundFirstWeight',
  labels: { title: 'outboundWeighing.firstTitle', add: 'outboundWeighing.firstAdd', total: 'outboundWeighing.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZOutboundFirstWeightInput,
    updateInput: ZOutboundFirstWeightEdit,
    listQuery: ZOutboundFirstWeightListQuery,
    exportQuery: ZOutboundFirstWeightExportQuery,
    row: ZOutboundFirstWeight,
    list: ZOutboundFirstWeightList,
    detail: ZOutboundFirstWeightDetail,
    reverseBody: ZReasonBody,
  },
  sort: { fields: OUTBOUND_WEIGHT_SORT_FIELDS, default: { field: 'capturedAt', order: 'desc' } },
  routes: {
    create: { response: ZOutboundFirstWeightSaved },
    update: { response: ZOutboundFirstWeightSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'outbound weighing',
    summaries: {
      list: 'Outbound first weights of the agency in the user’s locations (filtered, paged)',
      export: 'Outbound first weights as an Excel file (MANUAL marked)',
      get: 'One outbound first weight with its evidence and pictures',
      create: 'Take a first weight: the server captures the weighbridge’s stable weight (422 with the rule’s message when it cannot), or a manual weight with its permission and a reason',
      update: 'Change a first weight’s driver and remarks (never its weight)',
      reverse: 'Reverse a first weight (refused while a live second weight stands on it)',
    },
  },
  reversal: { message: OutboundWeighingMessages.firstWeightReversedOk },
  testIds: { page: 'outbound-first-weight-page', list: 'ofw', row: 'ofw' },
  list: {
    columns: firstWeightColumns,
    filters: [
      { kind: 'location', param: 'warehouseId', label: 'outboundWeighing.warehouse', places: 'warehouse' },
      { kind: 'reference', param: 'truckId', label: 'outboundWeighing.truck', resource: 'truck' },
      { kind: 'enum', param: 'open', label: 'outboundWeighing.state', options: ['open', 'closed'], labelPrefix: 'outboundWeighing.states' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'outboundWeighing.capturedAt' },
      { kind: 'search', param: 'search', label: 'outboundWeighing.search' },
    ],
    exportFile: 'outbound-first-weights.xlsx',
  },
});

/**
 * Outbound second weights (spec 2.3 `outbound-second-weight`) through the kit: list, export, get, create (the capture
 * on an open first weight), update (`ZOutboundSecondWeightEdit`: remarks only) and reverse.
 */
export const outboundSecondWeightTransaction = defineTransaction({
  key: 'outboundSecondWeight',
  api: '/outboundSecondWeight',
  route: 'outbound-second-weight',
  permissionModule: 'OutboundSecondWeight',
  labels: { title: 'outboundWeighing.secondTitle', add: 'outboundWeighing.secondAdd', total: 'outboundWeighing.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: {
    input: ZOutboundSecondWeightInput,
    updateInput: ZOutboundSecondWeightEdit,
    listQuery: ZOutboundSecondWeightListQuery,
    exportQuery: ZOutboundSecondWeightExportQuery,
    row: ZOutboundSecondWeight,
    list: ZOutboundSecondWeightList,
    detail: ZOutboundSecondWeightDetail,
    reverseBody: ZReasonBody,
  },
  sort: { fields: OUTBOUND_SECOND_WEIGHT_SORT_FIELDS, default: { field: 'capturedAt', order: 'desc' } },
  routes: {
    create: { response: ZOutboundSecondWeightSaved },
    update: { response: ZOutboundSecondWeightSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'outbound weighing',
    summaries: {
      list: 'Outbound second weights of the agency in the user’s locations (filtered, paged), with the net',
      export: 'Outbound second weights as an Excel file (MANUAL marked, net)',
      get: 'One outbound second weight with its evidence and pictures',
      create: 'Take the second weight of an open first weight: same truck, captured weight, minimum difference, net limits',
      update: 'Change a second weight’s remarks (never its weight)',
      reverse: 'Reverse a second weight (its first weight is open again)',
    },
  },
  reversal: { message: OutboundWeighingMessages.secondWeightReversedOk },
  testIds: { page: 'outbound-second-weight-page', list: 'osw', row: 'osw' },
  list: {
    columns: [
      { key: 'ticketNumber', label: 'outboundWeighing.ticketNumber', kind: 'text', field: 'ticketNumber', sort: 'ticketNumber' },
      { key: 'truck', label: 'outboundWeighing.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
      { key: 'driver', label: 'outboundWeighing.driver', kind: 'text', field: 'driverName' },
      { key: 'warehouse', label: 'outboundWeighing.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
      { key: 'first', label: 'outboundWeighing.firstKg', kind: 'custom' },
      { key: 'weight', label: 'outboundWeighing.secondKg', kind: 'custom', sort: 'kg' },
      { key: 'net', label: 'outboundWeighing.net', kind: 'custom', sort: 'netKg' },
      { key: 'capturedAt', label: 'outboundWeighing.capturedAt', kind: 'dateTime', field: 'capturedAt', sort: 'capturedAt' },
      { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
    ],
    filters: [
      { kind: 'location', param: 'warehouseId', label: 'outboundWeighing.warehouse', places: 'warehouse' },
      { kind: 'reference', param: 'truckId', label: 'outboundWeighing.truck', resource: 'truck' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'outboundWeighing.capturedAt' },
      { kind: 'search', param: 'search', label: 'outboundWeighing.search' },
    ],
    exportFile: 'outbound-second-weights.xlsx',
  },
});
