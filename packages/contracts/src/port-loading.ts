import { z } from 'zod';
import { textInput } from './text';
import { Messages } from './errors';
import { recordId, requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, TRANSPORTATION_TYPES, TRANSPORTER_KINDS, ZDate, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';

/** API contracts of the port-loading screens (spec sections 2.3 and 7): port loadings and their loading slips. */

/** Texts of the port-loading rules the server answers with (Arabic in the web's portLoading section). */
export const PortLoadingMessages = {
  voyageRequired: 'Please select a vessel voyage!',
  shipmentRequired: 'Please select an LC/PO of this voyage!',
  shipmentNotOfVoyage: 'This LC/PO is not shipped on the selected voyage.',
  portRequired: 'Please select a port!',
  destinationRequired: 'Please select a delivery location!',
  consigneeLocationRequired: 'Please select a delivery location of the BL consignee!',
  customerLocationRequired: 'Please select a customer delivery location!',
  ownerNotAllowed: 'The owner must be the BL consignee, or the customer of the delivery location.',
  ownerShipmentManagerNeedsLoan: 'The shipment manager takes cargo of a BL only through a loan: lend it on Consignee to SM (on board) and load it with quantity type Loan.',
  loanRequired: 'Please select an open loan of this BL!',
  loanAboveQuantity: 'Quantity not available: the port loadings of this loan plan more than the loan.',
  loanNotToCustomer: 'A loan port loading delivers to a warehouse or a delivery location of the shipment manager or its consignees.',
  transporterRequired: 'Please select transporter!',
  thirdPartyRequired: 'Please input the third party transporter name!',
  portLoadingReversed: 'This Port Loading is reversed.',
  loadingSlipReversed: 'This Loading Slip is reversed.',
  lockedBySlips: 'Destination, owner, transporter, voyage and LC/PO cannot be changed once loading slips exist; reverse the slips first.',
  quantityBelowLoaded: 'Port loading quantity cannot be less than the quantity its loading slips loaded.',
  exceedsPortLoading: 'Loading slips cannot exceed the port loading quantity.',
  truckOfOtherTransporter: 'This truck belongs to another transporter.',
  driverOfOtherTransporter: 'This driver belongs to another transporter.',
  wbtTaken: 'This Weight Bridge Ticket Number is already used by another loading slip.',
  loadingSlipDelivered: 'This Loading Slip is delivered. Please revert its transaction first.',
  loadingSlipInWarehouse: 'This Loading Slip delivered on Warehouse In. Please revert Warehouse In transaction first.',
  portLoadingReversedOk: 'Port Loading reversed successfully',
  portLoadingCreated: 'Port Loading created successfully',
  portLoadingUpdated: 'Port Loading updated successfully',
  loadingSlipReversedOk: 'Loading Slip reversed successfully',
  quantityAboveOnBoard: 'Quantity not available: the port loading plans more than this BL has on board, less what its other port loadings still plan to load.',
  slipsCountInvalid: 'Please enter the number of loading slips.',
  reverseSlipsUnconfirmed: 'Reversing this port loading also reverses its loading slips in transit. Please check their number and confirm again.',
} as const;

/** The refusal of a slip above its truck's capacity, naming the capacity (MT, 3 decimals), in English and Arabic. */
export function truckCapacityExceeded(capacity: string): { en: string; ar: string } {
  return {
    en: `The loading slip quantity is above the truck’s capacity of ${capacity} MT.`,
    ar: `كمية إيصال التحميل أكبر من حمولة الشاحنة البالغة ${capacity} طن متري.`,
  };
}

const optionalId = ZOptionalId;
const optionalDate = ZOptionalDate;
const pageSize = ZPageSize;
const search = ZListSearch;
const nullableId = z.preprocess(emptyToUndefined, recordId().optional()).transform((v) => v ?? null);
const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

// ---------------------------------------------------------------- port loadings

/**
 * What a port loading loads (spec 3, quantity types): the BL consignee's own cargo (`bl`), or the cargo its shipment
 * manager borrowed on board (`loan`, with `loanId`: a Consignee to SM loan of the BL's cargo still on board). Loan
 * returns and sales have their own screens (docs/decisions.md), so `loanReturn` and `sale` are not port loading types.
 */
export const PORT_LOADING_QUANTITY_TYPES = ['bl', 'loan'] as const;
export type PortLoadingQuantityType = (typeof PORT_LOADING_QUANTITY_TYPES)[number];

/**
 * Body of `POST /api/portLoading` and `PUT /api/portLoading/:id`. The port defaults to the voyage's port, the owner
 * to the BL consignee (the customer of the location for a customer delivery).
 */
export const ZPortLoadingInput = z
  .object({
    voyageId: requiredId(PortLoadingMessages.voyageRequired),
    shipmentId: requiredId(PortLoadingMessages.shipmentRequired),
    portId: nullableId,
    transportationType: z.enum(TRANSPORTATION_TYPES, { error: 'Please select the transportation type!' }),
    toLocationId: nullableId,
    ownerCompanyId: nullableId,
    transporterKind: z.enum(TRANSPORTER_KINDS, { error: PortLoadingMessages.transporterRequired }),
    transporterId: nullableId,
    thirdPartyName: optionalText(100),
    quantityType: z.preprocess(emptyToUndefined, z.enum(PORT_LOADING_QUANTITY_TYPES, { error: 'Please select the quantity type!' }).default('bl')),
    loanId: nullableId,
    quantity: ZTonnes,
    loadingDate: ZDate,
    remarks: optionalText(255),
  })
  .superRefine((value, ctx) => {
    if (value.quantityType === 'loan' && value.loanId === null) ctx.addIssue({ code: 'custom', path: ['loanId'], message: PortLoadingMessages.loanRequired });
    if (value.toLocationId === null) {
      const message =
        value.transportationType === 'warehouse'
          ? Messages.warehouseRequired
          : value.transportationType === 'directDelivery'
            ? PortLoadingMessages.consigneeLocationRequired
            : PortLoadingMessages.customerLocationRequired;
      ctx.addIssue({ code: 'custom', path: ['toLocationId'], message });
    }
    if (value.transporterKind === 'company' && value.transporterId === null) {
      ctx.addIssue({ code: 'custom', path: ['transporterId'], message: PortLoadingMessages.transporterRequired });
    }
    if (value.transporterKind === 'thirdParty' && value.thirdPartyName === null) {
      ctx.addIssue({ code: 'custom', path: ['thirdPartyName'], message: PortLoadingMessages.thirdPartyRequired });
    }
  })
  .transform((value) => ({
    ...value,
    transporterId: value.transporterKind === 'company' ? value.transporterId : null,
    thirdPartyName: value.transporterKind === 'thirdParty' ? value.thirdPartyName : null,
    loanId: value.quantityType === 'loan' ? value.loanId : null,
  }));
export type TPortLoadingInput = z.input<typeof ZPortLoadingInput>;
export type TPortLoadingValues = z.output<typeof ZPortLoadingInput>;

/** Columns the port loading list sorts by (newest loading date first by default). */
export const PORT_LOADING_SORT_FIELDS = ['loadingDate', 'vesselName', 'blNumber', 'lcPoNumber', 'blConsigneeName', 'toLocationName', 'transporterName', 'quantity', 'createdAt'] as const;
export type PortLoadingSortField = (typeof PORT_LOADING_SORT_FIELDS)[number];

/**
 * Body of `DELETE /api/portLoading/:id/reverse`: the spec's `{reason}`, plus `slips`, the number of loading slips in
 * transit the user was shown and agreed to reverse with it. Without slips in transit `{reason}` alone suffices; with
 * them, a missing or stale `slips` is refused (409, `reverseSlipsUnconfirmed`, details `slips` and `quantity`), so
 * no client reverses trucks on the road without having said how many.
 */
export const ZPortLoadingReverseBody = ZReasonBody.extend({
  slips: z.number({ error: PortLoadingMessages.slipsCountInvalid }).int(PortLoadingMessages.slipsCountInvalid).min(0, PortLoadingMessages.slipsCountInvalid).max(1_000_000, PortLoadingMessages.slipsCountInvalid).optional(),
});
export type TPortLoadingReverseBody = z.infer<typeof ZPortLoadingReverseBody>;

/** Filters of `GET /api/portLoading`. */
export const ZPortLoadingListQuery = z.object({
  voyageId: optionalId,
  consignmentId: optionalId,
  portId: optionalId,
  transportationType: z.preprocess(emptyToUndefined, z.enum(TRANSPORTATION_TYPES).optional()),
  toLocationId: optionalId,
  transporterId: optionalId,
  quantityType: z.preprocess(emptyToUndefined, z.enum(PORT_LOADING_QUANTITY_TYPES).optional()),
  loanId: optionalId,
  status: ZRecordStatusFilter,
  fromDate: optionalDate,
  toDate: optionalDate,
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  ...sortQuery(PORT_LOADING_SORT_FIELDS, { field: 'loadingDate', order: 'desc' }),
});
export type TPortLoadingListQuery = z.input<typeof ZPortLoadingListQuery>;
/** `GET /api/portLoading/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZPortLoadingExportQuery = ZPortLoadingListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export type TPortLoadingExportQuery = z.input<typeof ZPortLoadingExportQuery>;

const ZTonnesText = z.string();

/** A port loading as lists and the form show it. */
export const ZPortLoading = z
  .object({
    id: z.number(),
    voyageId: z.number(),
    vesselName: z.string(),
    voyageNumber: z.string(),
    shipmentId: z.number(),
    blNumber: z.string(),
    consignmentId: z.number(),
    /** The consignment's LC number or PO number. */
    lcPoNumber: z.string(),
    blConsigneeId: z.number(),
    blConsigneeName: z.string(),
    cargoTypeId: z.number(),
    cargoTypeName: z.string(),
    portId: z.number(),
    portName: z.string(),
    transportationType: z.enum(TRANSPORTATION_TYPES),
    toLocationId: z.number(),
    toLocationName: z.string(),
    ownerCompanyId: z.number(),
    ownerCompanyName: z.string(),
    transporterKind: z.enum(TRANSPORTER_KINDS),
    transporterId: z.number().nullable(),
    transporterName: z.string().nullable(),
    thirdPartyName: z.string().nullable(),
    /** `bl`: the BL consignee's cargo; `loan`: cargo the shipment manager borrowed on board (`loanId`). */
    quantityType: z.enum(PORT_LOADING_QUANTITY_TYPES),
    loanId: z.number().nullable(),
    quantity: ZTonnesText,
    /** Sum of the active loading slips. */
    loadedQuantity: ZTonnesText,
    /** Count of the active loading slips. */
    trips: z.number(),
    /** Loaded but not yet received at the destination. */
    inTransitQuantity: ZTonnesText,
    remainingQuantity: ZTonnesText,
    loadingDate: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TPortLoading = z.infer<typeof ZPortLoading>;

export const ZPortLoadingList = z.object({ rows: z.array(ZPortLoading), count: z.number() });
export type TPortLoadingList = z.infer<typeof ZPortLoadingList>;

// ---------------------------------------------------------------- loading slips

/** The weighbridge quantity of a slip: 'Weight Bridge quantity is required!' when missing, else a positive MT. */
const ZSlipQuantity = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: Messages.wbqRequired });
    return z.NEVER;
  }
  const parsed = ZTonnes.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

/** Body of `POST /api/portLoading/:id/loadingSlips` and `PUT /api/loadingSlips/:id`: one truck trip. */
export const ZLoadingSlipInput = z.object({
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  wbtNumber: textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters'),
  quantity: ZSlipQuantity,
  /** When the truck was loaded (ISO date-time); now when absent. */
  loadedAt: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, error: 'Please select a date!' }).optional()),
  remarks: optionalText(255),
});
export type TLoadingSlipInput = z.input<typeof ZLoadingSlipInput>;
export type TLoadingSlipValues = z.output<typeof ZLoadingSlipInput>;

/** Columns the loading slip list sorts by (newest loading time first by default). */
export const LOADING_SLIP_SORT_FIELDS = ['loadedAt', 'slipNumber', 'vesselName', 'lcPoNumber', 'toLocationName', 'truckPlate', 'driverName', 'wbtNumber', 'quantity', 'createdAt'] as const;
export type LoadingSlipSortField = (typeof LOADING_SLIP_SORT_FIELDS)[number];

/** Filters of `GET /api/loadingSlips` (screen `loadingSlips`). */
export const ZLoadingSlipListQuery = z.object({
  voyageId: optionalId,
  consignmentId: optionalId,
  portLoadingId: optionalId,
  truckId: optionalId,
  driverId: optionalId,
  transporterId: optionalId,
  toLocationId: optionalId,
  status: ZRecordStatusFilter,
  /** inTransit: not yet received at the destination; delivered: received. */
  received: z.preprocess(emptyToUndefined, z.enum(['inTransit', 'delivered']).optional()),
  /** On the loading time, inclusive days in the agency's timezone. */
  fromDate: optionalDate,
  toDate: optionalDate,
  /** WBT number or slip number (more than 2 characters). */
  search,
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  ...sortQuery(LOADING_SLIP_SORT_FIELDS, { field: 'loadedAt', order: 'desc' }),
});
export type TLoadingSlipListQuery = z.input<typeof ZLoadingSlipListQuery>;
/** `GET /api/loadingSlips/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZLoadingSlipExportQuery = ZLoadingSlipListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export type TLoadingSlipExportQuery = z.input<typeof ZLoadingSlipExportQuery>;

/** A loading slip with what the list, the port loading form and the printed slip show. */
export const ZLoadingSlip = z
  .object({
    id: z.number(),
    slipNumber: z.number(),
    portLoadingId: z.number(),
    tripId: z.number(),
    voyageId: z.number(),
    vesselName: z.string(),
    voyageNumber: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    blConsigneeName: z.string(),
    cargoTypeName: z.string(),
    portName: z.string(),
    transportationType: z.enum(TRANSPORTATION_TYPES),
    toLocationId: z.number(),
    toLocationName: z.string(),
    transporterKind: z.enum(TRANSPORTER_KINDS),
    transporterId: z.number().nullable(),
    /** The transporter company, the third party's name, or null for self. */
    transporterName: z.string().nullable(),
    truckId: z.number(),
    truckPlate: z.string(),
    driverId: z.number(),
    driverName: z.string(),
    wbtNumber: z.string(),
    quantity: ZTonnesText,
    loadedAt: z.string(),
    remarks: z.string().nullable(),
    received: z.boolean(),
    receivedTable: z.string().nullable(),
    receivedAt: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TLoadingSlip = z.infer<typeof ZLoadingSlip>;

export const ZLoadingSlipList = z.object({ rows: z.array(ZLoadingSlip), count: z.number(), totalQuantity: ZTonnesText });
export type TLoadingSlipList = z.infer<typeof ZLoadingSlipList>;

/** `GET /api/portLoading/:id`: the port loading with its slips (active and reversed), newest first. */
export const ZPortLoadingDetail = ZPortLoading.extend({ slips: z.array(ZLoadingSlip) });
export type TPortLoadingDetail = z.infer<typeof ZPortLoadingDetail>;

/** `GET /api/portLoading/voyages/:voyageId/shipments`: what the form offers for a voyage. */
export const ZVoyageShipment = z.object({
  shipmentId: z.number(),
  blNumber: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  blConsigneeId: z.number(),
  blConsigneeName: z.string(),
  shipmentManagerId: z.number().nullable(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  blQuantity: ZTonnesText,
  /** ON_BOARD(voyage, consignment): what is still on the vessel. */
  onBoardQuantity: ZTonnesText,
});
export type TVoyageShipment = z.infer<typeof ZVoyageShipment>;

export const ZVoyageShipments = z.object({
  voyage: z.object({ id: z.number(), vesselName: z.string(), voyageNumber: z.string(), portId: z.number(), portName: z.string() }),
  rows: z.array(ZVoyageShipment),
});
export type TVoyageShipments = z.infer<typeof ZVoyageShipments>;

/**
 * `GET /api/portLoading/loans?shipmentId=`: the open loans of a BL's cargo on board (Consignee to SM, on board) a
 * `loan` port loading may name, with what each still leaves to plan (the loan less its live `loan` port loadings).
 */
export const ZPortLoanOptionsQuery = z.object({ shipmentId: requiredId(PortLoadingMessages.shipmentRequired), exceptPortLoadingId: optionalId });
export const ZPortLoanOption = z.object({
  loanId: z.number(),
  loanAt: z.string(),
  lenderName: z.string(),
  borrowerId: z.number(),
  borrowerName: z.string(),
  quantity: ZTonnesText,
  /** Planned by the loan's live `loan` port loadings. */
  planned: ZTonnesText,
  /** What a port loading of this loan may still plan. */
  left: ZTonnesText,
});
export type TPortLoanOption = z.infer<typeof ZPortLoanOption>;
export const ZPortLoanOptions = z.object({ rows: z.array(ZPortLoanOption) });
export type TPortLoanOptions = z.infer<typeof ZPortLoanOptions>;

/** `GET /api/loadingSlips/:id/pdf?lang=`. */
export const ZLoadingSlipPdfQuery = z.object({ lang: z.enum(['en', 'ar']).default('en') });

// ---------------------------------------------------------------- declaration (transaction kit)

/**
 * The port loading screen as the transaction kit sees it (spec 2.3 `portLoading`, section 7 `/api/portLoading`).
 * Its rules and postings stay in the server's port-loading module.
 */
export const portLoadingTransaction = defineTransaction({
  key: 'portLoading',
  api: '/portLoading',
  route: 'portLoading',
  permissionModule: 'PortLoading',
  labels: { title: 'portLoading.title', add: 'portLoading.add', total: 'portLoading.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZPortLoadingInput, listQuery: ZPortLoadingListQuery, exportQuery: ZPortLoadingExportQuery, row: ZPortLoading, list: ZPortLoadingList, detail: ZPortLoadingDetail, reverseBody: ZPortLoadingReverseBody },
  sort: { fields: PORT_LOADING_SORT_FIELDS, default: { field: 'loadingDate', order: 'desc' } },
  routes: {
    create: { response: ZPortLoadingDetail },
    update: { response: ZPortLoadingDetail },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'port loading',
    summaries: {
      list: 'Port loadings of the agency (filtered, paged) with loaded, in transit and remaining quantities',
      export: "Port loadings in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`",
      get: 'One port loading with its loading slips',
      create: 'Create a port loading',
      update: 'Update a port loading (destination, owner and transporter locked once slips exist)',
      reverse: 'Reverse a port loading and its loading slips in transit (refused once a slip was received, or when `slips` does not confirm how many are in transit)',
    },
  },
  event: 'vessel',
  reversal: { message: PortLoadingMessages.portLoadingReversedOk },
  testIds: { page: 'port-loading-page', list: 'pl', row: 'pl' },
  list: {
    columns: [
      { key: 'vesselVoyage', label: 'portLoading.vesselVoyage', kind: 'custom', sort: 'vesselName' },
      { key: 'lcPo', label: 'portLoading.lcPo', kind: 'text', field: 'lcPoNumber', sort: 'lcPoNumber' },
      { key: 'port', label: 'portLoading.port', kind: 'text', field: 'portName' },
      { key: 'type', label: 'portLoading.transportationType', kind: 'custom' },
      { key: 'destination', label: 'portLoading.destinationLabel', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
      { key: 'quantityType', label: 'portLoading.quantityType', kind: 'enum', field: 'quantityType', options: PORT_LOADING_QUANTITY_TYPES, labelPrefix: 'portLoading.quantityTypes' },
      { key: 'transporter', label: 'portLoading.transporter', kind: 'custom', sort: 'transporterName' },
      { key: 'loadingDate', label: 'portLoading.loadingDate', kind: 'date', field: 'loadingDate', sort: 'loadingDate' },
      { key: 'quantity', label: 'portLoading.quantity', kind: 'quantity', field: 'quantity', sort: 'quantity' },
      { key: 'loaded', label: 'portLoading.loaded', kind: 'quantity', field: 'loadedQuantity' },
      { key: 'trips', label: 'portLoading.trips', kind: 'count', field: 'trips' },
      { key: 'inTransit', label: 'portLoading.inTransit', kind: 'quantity', field: 'inTransitQuantity' },
      { key: 'remaining', label: 'portLoading.remaining', kind: 'quantity', field: 'remainingQuantity' },
      { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
    ],
    filters: [
      { kind: 'voyage', param: 'voyageId', label: 'portLoading.vesselVoyage' },
      { kind: 'enum', param: 'transportationType', label: 'portLoading.transportationType', options: TRANSPORTATION_TYPES, labelPrefix: 'portLoading.types' },
      { kind: 'location', param: 'toLocationId', label: 'portLoading.destinationLabel' },
      { kind: 'enum', param: 'quantityType', label: 'portLoading.quantityType', options: PORT_LOADING_QUANTITY_TYPES, labelPrefix: 'portLoading.quantityTypes' },
      { kind: 'reference', param: 'transporterId', label: 'portLoading.transporter', resource: 'transporter' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'portLoading.loadingDate' },
    ],
    exportFile: 'port-loadings.xlsx',
  },
  form: {
    sections: [
      { title: 'portLoading.sectionCargo', rows: [['voyageId', 'shipmentId'], ['portId', 'loadingDate']] },
      { title: 'portLoading.sectionDestination', rows: [['transportationType', 'toLocationId', 'ownerCompanyId']] },
      { title: 'portLoading.sectionTransport', rows: [['transporterKind', 'transporterId', 'thirdPartyName'], ['quantityType', 'loanId', 'quantity'], ['remarks']] },
    ],
  },
});

/** `{message, slip}`: what a loading slip write answers. */
export const ZLoadingSlipSaved = z.object({ message: z.string(), slip: ZLoadingSlip });
export type TLoadingSlipSaved = z.infer<typeof ZLoadingSlipSaved>;

const SLIP_READERS = [
  { module: 'LoadingSlips', action: 'view' },
  { module: 'PortLoading', action: 'view' },
] as const;

/**
 * The loading slip screen (spec 2.3 `loadingSlips`, section 7 `/api/loadingSlips`) as the transaction kit sees it.
 * A slip is created under its port loading (`POST /portLoading/:id/loadingSlips`, a route of the port-loading
 * module), so the declaration offers no create; the list is read with the slips' or the port loadings' view flag,
 * exported with the slips' export flag (and a view flag), changed and reversed with the port loadings' flags.
 */
export const loadingSlipTransaction = defineTransaction({
  key: 'loadingSlip',
  api: '/loadingSlips',
  route: 'loadingSlips',
  permissionModule: 'LoadingSlips',
  labels: { title: 'portLoading.slipsTitle', total: 'portLoading.total' },
  operations: ['list', 'export', 'get', 'update', 'reverse'],
  schemas: { input: ZLoadingSlipInput, listQuery: ZLoadingSlipListQuery, exportQuery: ZLoadingSlipExportQuery, row: ZLoadingSlip, list: ZLoadingSlipList },
  sort: { fields: LOADING_SLIP_SORT_FIELDS, default: { field: 'loadedAt', order: 'desc' } },
  routes: {
    update: { response: ZLoadingSlipSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  permissions: {
    list: { anyOf: SLIP_READERS },
    export: { anyOf: [{ module: 'LoadingSlips', action: 'export' }], alsoAnyOf: SLIP_READERS },
    get: { anyOf: SLIP_READERS },
    update: { anyOf: [{ module: 'PortLoading', action: 'edit' }] },
    reverse: { anyOf: [{ module: 'PortLoading', action: 'reverse' }] },
  },
  docs: {
    tag: 'port loading',
    summaries: {
      list: 'Loading slips of the agency (filtered, paged) with the total quantity of the filter',
      export: "Loading slips in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`",
      get: 'One loading slip',
      update: 'Edit a loading slip (reverse-and-repost in one transaction)',
      reverse: 'Reverse a loading slip (refused once received)',
    },
  },
  event: 'vessel',
  reversal: { message: PortLoadingMessages.loadingSlipReversedOk },
  testIds: { page: 'loading-slips-page', list: 'slips', row: 'slips' },
  list: {
    columns: [
      { key: 'slipNumber', label: 'portLoading.slipNumber', kind: 'count', field: 'slipNumber', sort: 'slipNumber' },
      { key: 'loadedAt', label: 'portLoading.loadedAt', kind: 'dateTime', field: 'loadedAt', sort: 'loadedAt' },
      { key: 'vesselVoyage', label: 'portLoading.vesselVoyage', kind: 'custom', sort: 'vesselName' },
      { key: 'lcPo', label: 'portLoading.lcPo', kind: 'text', field: 'lcPoNumber', sort: 'lcPoNumber' },
      { key: 'destination', label: 'portLoading.destinationLabel', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
      { key: 'transporter', label: 'portLoading.transporter', kind: 'custom' },
      { key: 'truck', label: 'portLoading.truck', kind: 'text', field: 'truckPlate', sort: 'truckPlate' },
      { key: 'driver', label: 'portLoading.driver', kind: 'text', field: 'driverName', sort: 'driverName' },
      { key: 'wbtNumber', label: 'portLoading.wbtNumber', kind: 'text', field: 'wbtNumber', sort: 'wbtNumber' },
      { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
      { key: 'status', label: 'cargo.status', kind: 'custom' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'portLoading.searchSlips' },
      { kind: 'voyage', param: 'voyageId', label: 'portLoading.vesselVoyage' },
      { kind: 'reference', param: 'transporterId', label: 'portLoading.transporter', resource: 'transporter' },
      { kind: 'reference', param: 'truckId', label: 'portLoading.truck', resource: 'truck' },
      { kind: 'reference', param: 'driverId', label: 'portLoading.driver', resource: 'driver' },
      { kind: 'location', param: 'toLocationId', label: 'portLoading.destinationLabel' },
      { kind: 'enum', param: 'received', label: 'portLoading.delivery', options: ['inTransit', 'delivered'], labelPrefix: 'portLoading.received' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'portLoading.loadedAt' },
    ],
    exportFile: 'loading-slips.xlsx',
  },
  form: { sections: [{ title: 'portLoading.slipsTitle', rows: [['truckId', 'driverId'], ['wbtNumber', 'quantity'], ['loadedAt'], ['remarks']] }] },
});
