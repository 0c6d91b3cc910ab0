import { z } from 'zod';
import { textInput } from './text';
import { ZDate, ZListSearch, ZOptionalId, ZTonnesOrZero } from './cargo';
import { requiredId } from './ids';
import { APPROVAL_STATUSES, ZApprovalState, ZPageQuery } from './staff';
import { defineTransaction } from './transactions/define';

/**
 * API contracts of the vessel quantity approval screens (spec sections 2.3, 4 "Approval" and 7):
 * `vesselQuantityApproval/vessel` (the out-turn of a whole voyage, approval kind `voyageApproval`) and
 * `vesselQuantityApproval/quantityApproval` (the out-turn of one BL, kind `vesselQuantityApproval`, which posts the
 * approved excess or shortage to ON_BOARD). Quantities are MT strings with 3 decimals.
 */

export const VesselApprovalMessages = {
  voyageRequired: 'Please select vessel voyage!',
  shipmentRequired: 'Please select the BL!',
  voyageTaken: 'An out-turn has already been recorded for this voyage.',
  shipmentTaken: 'An out-turn has already been recorded for this BL.',
  voyageChanged: 'The voyage of a recorded out-turn cannot be changed.',
  shipmentChanged: 'The BL of a recorded out-turn cannot be changed.',
  approvedLocked: 'This out-turn is approved and can no longer be changed.',
  decisionUnderWay: 'This out-turn is being approved; it can be changed only before the first decision or after a rejection.',
  shipmentNotActive: 'This BL has been reversed.',
  decisionRequired: 'Please choose Approved or Rejected.',
  reverseOnlyApproved:
    'Only an approved out-turn can be reversed. A pending out-turn is rejected by its approver; a rejected one can be edited.',
  alreadyReversed: 'This out-turn is reversed.',
  reversedLocked: 'This out-turn is reversed and can no longer be changed. Record a new out-turn instead.',
  excessMovedOn:
    'This out-turn can no longer be reversed: the excess it added to the BL\'s cargo on board has already been loaded. Reverse the port loadings or loading slips that took it first.',
} as const;

/**
 * The status of an out-turn: its approval's (spec section 4), or Reversed once an approved out-turn is taken back
 * (its posting reversed; a new out-turn may then be recorded for the same voyage or BL).
 */
export const OUTTURN_STATUSES = [...APPROVAL_STATUSES, 'Reversed'] as const;
export type OutturnStatus = (typeof OUTTURN_STATUSES)[number];

/** Who reversed an out-turn, when and why (null while it stands). */
const ZReversal = {
  reversedAt: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
};

const optionalRemarks = textInput()
  .trim()
  .max(500, 'Maximum 500 characters')
  .nullish()
  .transform((v) => (v ? v : null));


/** `POST/PUT /api/vesselQuantityApproval/vessel`: the draft-survey out-turn of a voyage (zero allowed). */
export const ZVoyageApprovalInput = z.object({
  voyageId: requiredId(VesselApprovalMessages.voyageRequired),
  dischargedQuantity: ZTonnesOrZero,
  surveyDate: ZDate.nullish().transform((v) => v ?? null),
  remarks: optionalRemarks,
});
export type TVoyageApprovalInput = z.input<typeof ZVoyageApprovalInput>;

/** `POST/PUT /api/vesselQuantityApproval/quantityApproval`: the out-turn of one BL (zero allowed). */
export const ZQuantityApprovalInput = z.object({
  shipmentId: requiredId(VesselApprovalMessages.shipmentRequired),
  dischargedQuantity: ZTonnesOrZero,
  remarks: optionalRemarks,
});
export type TQuantityApprovalInput = z.input<typeof ZQuantityApprovalInput>;

/** `POST .../:id/decision`: the current approver's decision (spec section 4, Approval). */
export const ZApprovalDecisionInput = z.object({
  decision: z.enum(['Approved', 'Rejected'], { error: VesselApprovalMessages.decisionRequired }),
  comment: textInput().trim().max(1000, 'Maximum 1000 characters').nullish(),
});
export type TApprovalDecisionInput = z.input<typeof ZApprovalDecisionInput>;

/** A search is applied only with more than 2 characters (spec section 9). */
const ZSearch = ZListSearch;

/** The list queries of both screens: filters voyage and status, search, paging (newest first). */
export const ZVesselApprovalListQuery = ZPageQuery.omit({ sortOrder: true }).extend({
  voyageId: ZOptionalId,
  status: z.enum(OUTTURN_STATUSES).optional(),
  search: ZSearch,
});
export type TVesselApprovalListQuery = z.input<typeof ZVesselApprovalListQuery>;

const ZTrail = {
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

/** One voyage out-turn: BL total of the voyage's active shipments, discharged, difference (+ excess / - shortage). */
export const ZVoyageApproval = z.object({
  id: z.number().int(),
  voyageId: z.number().int(),
  vesselName: z.string(),
  voyageNumber: z.string(),
  portName: z.string(),
  blQuantity: z.string(),
  dischargedQuantity: z.string(),
  difference: z.string(),
  surveyDate: z.string().nullable(),
  remarks: z.string().nullable(),
  status: z.enum(OUTTURN_STATUSES),
  approval: ZApprovalState,
  ...ZTrail,
  ...ZReversal,
});
export type TVoyageApproval = z.infer<typeof ZVoyageApproval>;
export const ZVoyageApprovalList = z.object({ rows: z.array(ZVoyageApproval), count: z.number().int() });
export type TVoyageApprovalList = z.infer<typeof ZVoyageApprovalList>;

/** One BL out-turn; `ledgerTransactionId` is the posting of the approved difference (null before, or when nil). */
export const ZQuantityApproval = z.object({
  id: z.number().int(),
  voyageId: z.number().int(),
  vesselName: z.string(),
  voyageNumber: z.string(),
  shipmentId: z.number().int(),
  blNumber: z.string(),
  lcPoNumber: z.string(),
  blConsigneeName: z.string(),
  blQuantity: z.string(),
  dischargedQuantity: z.string(),
  difference: z.string(),
  remarks: z.string().nullable(),
  status: z.enum(OUTTURN_STATUSES),
  ledgerTransactionId: z.number().int().nullable(),
  approval: ZApprovalState,
  ...ZTrail,
  ...ZReversal,
});
export type TQuantityApproval = z.infer<typeof ZQuantityApproval>;
export const ZQuantityApprovalList = z.object({ rows: z.array(ZQuantityApproval), count: z.number().int() });
export type TQuantityApprovalList = z.infer<typeof ZQuantityApprovalList>;

/** `GET /api/vesselQuantityApproval/voyages/:voyageId/shipments`: the voyage's active BLs for the add form. */
export const ZOutturnShipment = z.object({
  id: z.number().int(),
  blNumber: z.string(),
  lcPoNumber: z.string(),
  blConsigneeName: z.string(),
  blQuantity: z.string(),
  /** The BL's out-turn, when one is recorded already. */
  quantityApprovalId: z.number().int().nullable(),
});
export type TOutturnShipment = z.infer<typeof ZOutturnShipment>;
export const ZOutturnShipmentList = z.object({ rows: z.array(ZOutturnShipment) });
export type TOutturnShipmentList = z.infer<typeof ZOutturnShipmentList>;

// ---------------------------------------------------------------- declarations (transaction kit)

/** The out-turn lists have one fixed order, newest first (no sortable column). */
const OUTTURN_ORDER = { fields: ['createdAt'], default: { field: 'createdAt', order: 'desc' } } as const;

/** The filters of both out-turn lists: the search (worded per list), voyage and status. */
const outturnFilters = <Label extends string>(searchLabel: Label) =>
  [
    { kind: 'search', param: 'search', label: searchLabel },
    { kind: 'voyage', param: 'voyageId', label: 'vesselApproval.voyage' },
    { kind: 'enum', param: 'status', label: 'vesselApproval.status', options: OUTTURN_STATUSES, labelPrefix: 'vesselApproval.statuses' },
  ] as const;

/**
 * The voyage out-turn screen as the transaction kit sees it (spec 2.3 `vesselQuantityApproval/vessel`). Besides the
 * generated routes it has its approver's decision (`POST :id/decision`); its writes answer the record.
 */
export const voyageApprovalTransaction = defineTransaction({
  key: 'voyageApproval',
  api: '/vesselQuantityApproval/vessel',
  route: 'vesselQuantityApproval/vessel',
  permissionModule: 'ApprovalVessel',
  labels: { title: 'vesselApproval.voyageTitle', add: 'vesselApproval.add', total: 'vesselApproval.total' },
  operations: ['list', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZVoyageApprovalInput, listQuery: ZVesselApprovalListQuery, row: ZVoyageApproval, list: ZVoyageApprovalList },
  sort: OUTTURN_ORDER,
  routes: {
    create: { response: ZVoyageApproval },
    update: { response: ZVoyageApproval },
    reverse: { response: ZVoyageApproval },
  },
  docs: {
    tag: 'vessel quantity approval',
    summaries: {
      list: 'Voyage out-turns with their approval state (filters voyageId, status, search; paged)',
      get: 'One voyage out-turn with its approval steps',
      create: 'Record a voyage out-turn (one per voyage) and start its approval',
      update: 'Change a voyage out-turn before any decision, or after a rejection (restarts the approval)',
      reverse: 'Reverse an approved voyage out-turn (reason required); a new out-turn may then be recorded for the voyage',
    },
  },
  event: 'vessel',
  reversal: {},
  testIds: { page: 'voyage-approvals-page', list: 'voyage-approvals', row: 'voyage-approval' },
  list: {
    columns: [
      { key: 'voyage', label: 'vesselApproval.voyage', kind: 'custom' },
      { key: 'port', label: 'vesselApproval.port', kind: 'text', field: 'portName' },
      { key: 'bl', label: 'vesselApproval.totalBlQuantity', kind: 'quantity', field: 'blQuantity' },
      { key: 'discharged', label: 'vesselApproval.dischargedQuantity', kind: 'quantity', field: 'dischargedQuantity' },
      { key: 'difference', label: 'vesselApproval.difference', kind: 'custom' },
      { key: 'surveyDate', label: 'vesselApproval.surveyDate', kind: 'date', field: 'surveyDate' },
      { key: 'status', label: 'vesselApproval.status', kind: 'custom' },
      { key: 'next', label: 'vesselApproval.nextApprover', kind: 'custom' },
    ],
    filters: outturnFilters('vesselApproval.searchVoyage'),
  },
  form: { sections: [{ title: 'vesselApproval.voyageTitle', rows: [['voyageId', 'surveyDate', 'dischargedQuantity'], ['remarks']] }] },
});

/**
 * The BL out-turn screen as the transaction kit sees it (spec 2.3 `vesselQuantityApproval/quantityApproval`). Its
 * final approval posts the difference to ON_BOARD; besides the generated routes it has the decision and the
 * voyage's BLs for the form.
 */
export const quantityApprovalTransaction = defineTransaction({
  key: 'quantityApproval',
  api: '/vesselQuantityApproval/quantityApproval',
  route: 'vesselQuantityApproval/quantityApproval',
  permissionModule: 'VesselQuantityApproval',
  labels: { title: 'vesselApproval.blTitle', add: 'vesselApproval.add', total: 'vesselApproval.total' },
  operations: ['list', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZQuantityApprovalInput, listQuery: ZVesselApprovalListQuery, row: ZQuantityApproval, list: ZQuantityApprovalList },
  sort: OUTTURN_ORDER,
  routes: {
    create: { response: ZQuantityApproval },
    update: { response: ZQuantityApproval },
    reverse: { response: ZQuantityApproval },
  },
  docs: {
    tag: 'vessel quantity approval',
    summaries: {
      list: 'BL out-turns with excess or shortage and approval state (filters voyageId, status, search; paged)',
      get: 'One BL out-turn with its approval steps',
      create: 'Record a BL out-turn (one per BL) and start its approval; posted at once when no rule applies',
      update: 'Change a BL out-turn before any decision, or after a rejection (restarts the approval)',
      reverse: 'Reverse an approved BL out-turn (reason required): its posted difference is reversed; refused when the excess has been loaded already',
    },
  },
  event: 'vessel',
  reversal: {},
  testIds: { page: 'quantity-approvals-page', list: 'quantity-approvals', row: 'quantity-approval' },
  list: {
    columns: [
      { key: 'bl', label: 'vesselApproval.blNumber', kind: 'text', field: 'blNumber' },
      { key: 'voyage', label: 'vesselApproval.voyage', kind: 'custom' },
      { key: 'lcPo', label: 'vesselApproval.lcPo', kind: 'text', field: 'lcPoNumber' },
      { key: 'consignee', label: 'vesselApproval.blConsignee', kind: 'text', field: 'blConsigneeName' },
      { key: 'blQuantity', label: 'vesselApproval.blQuantity', kind: 'quantity', field: 'blQuantity' },
      { key: 'discharged', label: 'vesselApproval.dischargedQuantity', kind: 'quantity', field: 'dischargedQuantity' },
      { key: 'difference', label: 'vesselApproval.difference', kind: 'custom' },
      { key: 'status', label: 'vesselApproval.status', kind: 'custom' },
      { key: 'next', label: 'vesselApproval.nextApprover', kind: 'custom' },
    ],
    filters: outturnFilters('vesselApproval.searchBl'),
  },
  form: { sections: [{ title: 'vesselApproval.blTitle', rows: [['shipmentId', 'dischargedQuantity'], ['remarks']] }] },
});
