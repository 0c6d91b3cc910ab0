import { z } from 'zod';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { APPROVAL_STATUSES } from './staff';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZOptionalId, ZReasonBody, ZRecordTrail, ZTonnes } from './cargo';

/*
 * Handling loss and handling excess (spec 2.3 `handlingLoss`, `handlingLoss/{id}/documents`, `handlingExcess`;
 * issue 14). A handling loss takes a quantity off an on-hand position of a warehouse (ON_HAND -> HANDLING_LOSS), a
 * handling excess adds one to it (HANDLING_EXCESS -> ON_HAND). Each is checked against the handling-loss rules
 * (allowed percent per cargo type, at the warehouse or at every warehouse): within the allowance it posts at once,
 * above it it waits for the agency's approval rule of its kind (`handlingLoss` / `handlingExcess`), with documents.
 */

/** Texts the handling flows answer with (Arabic in the web's handling section). */
export const HandlingMessages = {
  positionRequired: 'Please select a stock position!',
  reasonRequired: 'Please enter the reason!',
  lossNotFound: 'Handling loss not found',
  excessNotFound: 'Handling excess not found',
  alreadyReversed: 'This record is already reversed.',
  notPending: 'This record is not waiting for approval.',
  lossCreated: 'Handling Loss created successfully',
  lossCreatedPending: 'Handling Loss created successfully; it is above the allowed loss and waits for approval',
  lossReversed: 'Handling Loss reversed successfully',
  lossApproved: 'Handling Loss approved successfully',
  lossRejected: 'Handling Loss rejected successfully',
  excessCreated: 'Handling Excess created successfully',
  excessCreatedPending: 'Handling Excess created successfully; it is above the allowed percentage and waits for approval',
  excessReversed: 'Handling Excess reversed successfully',
  excessApproved: 'Handling Excess approved successfully',
  excessRejected: 'Handling Excess rejected successfully',
} as const;

/** The two kinds: a loss leaves the position, an excess joins it. Each is also its approval kind. */
export const HANDLING_KINDS = ['handlingLoss', 'handlingExcess'] as const;
export type HandlingKind = (typeof HANDLING_KINDS)[number];

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

/** Body of `POST /api/handlingLoss` and `POST /api/handlingExcess`: the position (the picker's), the quantity, the reason. */
export const ZHandlingInput = z.object({
  warehouseId: requiredId(Messages.warehouseRequired),
  siloId: ZNullableId,
  ownerCompanyId: requiredId(HandlingMessages.positionRequired),
  consignmentId: requiredId(HandlingMessages.positionRequired),
  cargoTypeId: requiredId(HandlingMessages.positionRequired),
  voyageId: requiredId(HandlingMessages.positionRequired),
  attachedVoyageId: requiredId(HandlingMessages.positionRequired),
  quantity: ZTonnes,
  reason: textInput({ error: HandlingMessages.reasonRequired }).trim().min(1, HandlingMessages.reasonRequired).max(255, 'Maximum 255 characters'),
  remarks: optionalText(500),
});
export type THandlingInput = z.input<typeof ZHandlingInput>;
export type THandlingValues = z.output<typeof ZHandlingInput>;

export const HANDLING_SORT_FIELDS = ['adjustedAt', 'warehouseName', 'quantity', 'createdAt'] as const;
export type HandlingSortField = (typeof HANDLING_SORT_FIELDS)[number];

/** Filters of the lists (`approvalStatus`: Pending, Approved, Rejected). */
export const ZHandlingListQuery = z.object({
  ...WAREHOUSE_LIST_FILTERS,
  consignmentId: ZOptionalId,
  ownerCompanyId: ZOptionalId,
  approvalStatus: z.preprocess(emptyToUndefined, z.enum(APPROVAL_STATUSES).optional()),
  ...sortQuery(HANDLING_SORT_FIELDS, { field: 'adjustedAt', order: 'desc' }),
});
export type THandlingListQuery = z.input<typeof ZHandlingListQuery>;
export const ZHandlingExportQuery = ZHandlingListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A handling loss or excess as lists and the detail show it. */
export const ZHandlingRecord = z
  .object({
    id: z.number(),
    kind: z.enum(HANDLING_KINDS),
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
    quantity: z.string(),
    /** The base of the percentage (MT received into the warehouse for the consignment and cargo, when recorded). */
    baseQuantity: z.string(),
    /** The allowed percent of the rule that applied (null: no rule, nothing allowed). */
    allowedPercent: z.string().nullable(),
    /** This record and the live ones of its kind before it, in percent of the base. */
    percent: z.string(),
    withinAllowance: z.boolean(),
    approvalStatus: z.enum(APPROVAL_STATUSES),
    /** The reader is the approver due now (or an admin standing in for a blocked one). */
    canDecide: z.boolean(),
    nextApprover: z.string().nullable(),
    posted: z.boolean(),
    adjustedAt: z.string(),
    reason: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type THandlingRecord = z.infer<typeof ZHandlingRecord>;
export const ZHandlingList = z.object({ rows: z.array(ZHandlingRecord), count: z.number(), total: z.string() });
export type THandlingList = z.infer<typeof ZHandlingList>;
export const ZHandlingSaved = z.object({ message: z.string(), record: ZHandlingRecord });
export type THandlingSaved = z.infer<typeof ZHandlingSaved>;

/** Body of `POST /api/handlingLoss/:id/decision` (and excess): the current approver's decision. */
export const ZHandlingDecision = z.object({
  decision: z.enum(['Approved', 'Rejected'], { error: 'Please select a decision!' }),
  comment: textInput().trim().max(1000, 'Maximum 1000 characters').nullish(),
});
export type THandlingDecision = z.input<typeof ZHandlingDecision>;

/** `GET /api/handlingLoss/positions` (and excess): on-hand positions of warehouses in scope, with what was received. */
export const ZHandlingPositionsQuery = z.object({ warehouseId: ZOptionalId });

const columns = [
  { key: 'adjustedAt', label: 'handling.adjustedAt', kind: 'dateTime', field: 'adjustedAt', sort: 'adjustedAt' },
  { key: 'warehouse', label: 'handling.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'silo', label: 'handling.silo', kind: 'custom' },
  { key: 'owner', label: 'handling.owner', kind: 'text', field: 'ownerName' },
  { key: 'lcPo', label: 'handling.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'cargoType', label: 'handling.cargoType', kind: 'text', field: 'cargoTypeName' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'percent', label: 'handling.percent', kind: 'custom' },
  { key: 'reason', label: 'handling.reason', kind: 'text', field: 'reason' },
  { key: 'approvalStatus', label: 'handling.approvalStatus', kind: 'enum', field: 'approvalStatus', options: APPROVAL_STATUSES, labelPrefix: 'handling.approvalStates' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const filters = [
  { kind: 'search', param: 'search', label: 'handling.search' },
  { kind: 'location', param: 'warehouseId', label: 'handling.warehouse', places: 'warehouse' },
  { kind: 'consignee', param: 'ownerCompanyId', label: 'handling.owner', mode: 'both' },
  { kind: 'enum', param: 'approvalStatus', label: 'handling.approvalStatus', options: APPROVAL_STATUSES, labelPrefix: 'handling.approvalStates' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'handling.adjustedAt' },
] as const;

const schemas = {
  input: ZHandlingInput,
  listQuery: ZHandlingListQuery,
  exportQuery: ZHandlingExportQuery,
  row: ZHandlingRecord,
  list: ZHandlingList,
  detail: ZHandlingRecord,
  reverseBody: ZReasonBody,
};
const routes = {
  create: { response: ZHandlingSaved },
  reverse: { response: z.object({ message: z.string() }) },
};

/** Handling loss (spec 2.3 `handlingLoss`): ON_HAND -> HANDLING_LOSS of a warehouse position. */
export const handlingLossTransaction = defineTransaction({
  key: 'handlingLoss',
  api: '/handlingLoss',
  route: 'handlingLoss',
  permissionModule: 'HandlingLoss',
  labels: { title: 'handling.lossTitle', add: 'handling.lossAdd', total: 'handling.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas,
  sort: { fields: HANDLING_SORT_FIELDS, default: { field: 'adjustedAt', order: 'desc' } },
  routes,
  docs: {
    tag: 'handling',
    summaries: {
      list: 'Handling losses of the agency in the user’s warehouses (filtered, paged)',
      export: 'Handling losses as an Excel file',
      get: 'One handling loss',
      create: 'Record a handling loss of an on-hand position: posts at once within the allowed loss, else waits for the handlingLoss approval rule',
      reverse: 'Reverse a handling loss (its posting, when approved, is reversed)',
    },
  },
  reversal: { message: HandlingMessages.lossReversed },
  testIds: { page: 'handling-loss-page', list: 'hl', row: 'hl' },
  list: { columns, filters, exportFile: 'handling-losses.xlsx' },
});

/** Handling excess (spec 2.3 `handlingExcess`): HANDLING_EXCESS -> ON_HAND of a warehouse position. */
export const handlingExcessTransaction = defineTransaction({
  key: 'handlingExcess',
  api: '/handlingExcess',
  route: 'handlingExcess',
  permissionModule: 'HandlingExcess',
  labels: { title: 'handling.excessTitle', add: 'handling.excessAdd', total: 'handling.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas,
  sort: { fields: HANDLING_SORT_FIELDS, default: { field: 'adjustedAt', order: 'desc' } },
  routes,
  docs: {
    tag: 'handling',
    summaries: {
      list: 'Handling excesses of the agency in the user’s warehouses (filtered, paged)',
      export: 'Handling excesses as an Excel file',
      get: 'One handling excess',
      create: 'Record a handling excess on an on-hand position: posts at once within the allowed percentage, else waits for the handlingExcess approval rule',
      reverse: 'Reverse a handling excess (refused when the stock it added has moved on)',
    },
  },
  reversal: { message: HandlingMessages.excessReversed },
  testIds: { page: 'handling-excess-page', list: 'hx', row: 'hx' },
  list: { columns, filters, exportFile: 'handling-excesses.xlsx' },
});
