import { z } from 'zod';
import { textInput } from './text';
import { recordId, recordIdList, requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZDate, RECORD_STATUSES, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZRecordStatusFilter, ZTonnes } from './cargo';

/** API contracts of the shipping screens (spec sections 2.3 and 7): shipments (BLs on voyages) and voyages. */

/** Texts of the shipping rules the server answers with (Arabic in the web's shipping section). */
export const ShippingMessages = {
  shipmentHasPortLoading: 'This shipment has existing Port Loading.',
  consignmentRequired: 'Please select a consignment!',
  consignmentNotActive: 'This consignment is not active.',
  voyageRequired: 'Please select a vessel voyage!',
  vesselRequired: 'Please select a vessel!',
  portRequired: 'Please select a port!',
  voyageNumberRequired: 'Please input voyage number!',
  blNumberRequired: 'Please input BL number!',
  blConsigneeRequired: 'Please select a BL consignee!',
  blNumberTaken: 'This BL number is already used on this voyage.',
  consignmentOnVoyage: 'This consignment already has a shipment on this voyage.',
  berthNotOfPort: 'This berth does not belong to the selected port.',
  completionBeforeArrival: 'Completion date can not be before the arrival date.',
  shipmentReversed: 'This shipment is reversed.',
  voyageOrNew: 'Please select a voyage or enter a new one, not both.',
  blOutTurnApproved: 'This BL has an approved out-turn. Please reverse the out-turn first, then try again.',
  blOutTurnPending: 'This BL has an out-turn awaiting approval. Please have the out-turn rejected first, then try again.',
} as const;

const optionalId = ZOptionalId;
const optionalDate = ZOptionalDate;
const pageSize = ZPageSize;
const search = ZListSearch;
const requiredText = (message: string, max: number) =>
  textInput({ error: message }).trim().min(1, message).max(max, `Maximum ${max} characters`);

/** `1,2,3`: at most 500 positive ids (an empty value means no filter). */
const idList = z.preprocess(emptyToUndefined, recordIdList('Please give ids separated by commas.').optional());

// ---------------------------------------------------------------- shipments

/** Filters of the shipment list and its total (`GET /api/shipments`, `/api/shipments/total-quantity`). */
export const ZShipmentFilters = z.object({
  voyageId: optionalId,
  vesselId: optionalId,
  consignmentId: optionalId,
  blConsigneeId: optionalId,
  /** The consignment's shipment manager. */
  shipmentManager: optionalId,
  cargoTypeId: optionalId,
  portId: optionalId,
  /** BL number, LC/PO number or vessel name (more than 2 characters). */
  search,
  /** Arrival date of the voyage, inclusive. */
  fromDate: optionalDate,
  toDate: optionalDate,
  status: ZRecordStatusFilter,
});
export type TShipmentFilters = z.input<typeof ZShipmentFilters>;

/** Columns the shipment list sorts by (newest first by default). */
export const SHIPMENT_SORT_FIELDS = ['createdAt', 'blNumber', 'vesselName', 'voyageNumber', 'arrivalDate', 'lcPoNumber', 'blConsigneeName', 'cargoTypeName', 'blQuantity', 'blDate'] as const;
export type ShipmentSortField = (typeof SHIPMENT_SORT_FIELDS)[number];

export const ZShipmentListQuery = ZShipmentFilters.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  ...sortQuery(SHIPMENT_SORT_FIELDS, { field: 'createdAt', order: 'desc' }),
});
export type TShipmentListQuery = z.input<typeof ZShipmentListQuery>;
/** `GET /api/shipments/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZShipmentExportQuery = ZShipmentListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });
export type TShipmentExportQuery = z.input<typeof ZShipmentExportQuery>;

/** A new voyage given with a shipment: found by vessel and voyage number (letter case ignored) or created. */
export const ZNewVoyage = z.object({
  vesselId: requiredId(ShippingMessages.vesselRequired),
  voyageNumber: requiredText(ShippingMessages.voyageNumberRequired, 50),
  portId: requiredId(ShippingMessages.portRequired),
  berthId: optionalId.nullable(),
  arrivalDate: optionalDate.nullable(),
  completionDate: optionalDate.nullable(),
});
export type TNewVoyage = z.input<typeof ZNewVoyage>;

const datesInOrder = (v: { arrivalDate?: string | null | undefined; completionDate?: string | null | undefined }) =>
  !v.arrivalDate || !v.completionDate || v.arrivalDate <= v.completionDate;

/** `POST /api/shipments`, `PUT /api/shipments/:id`: an existing voyage (`voyageId`) or a new one (`voyage`). */
export const ZShipmentInput = z
  .object({
    voyageId: optionalId,
    voyage: ZNewVoyage.refine(datesInOrder, { message: ShippingMessages.completionBeforeArrival, path: ['completionDate'] }).optional(),
    consignmentId: requiredId(ShippingMessages.consignmentRequired),
    blNumber: requiredText(ShippingMessages.blNumberRequired, 50),
    blQuantity: ZTonnes,
    /** Defaults to the consignment's BL consignee. */
    blConsigneeId: optionalId.nullable(),
    blDate: optionalDate.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.voyageId === undefined && value.voyage === undefined) {
      ctx.addIssue({ code: 'custom', message: ShippingMessages.voyageRequired, path: ['voyageId'] });
    }
    if (value.voyageId !== undefined && value.voyage !== undefined) {
      ctx.addIssue({ code: 'custom', message: ShippingMessages.voyageOrNew, path: ['voyageId'] });
    }
  });
export type TShipmentInput = z.input<typeof ZShipmentInput>;

/** The voyage of a shipment row as the list and the form show it. */
export const ZVoyageSummary = z.object({
  id: z.number(),
  vesselId: z.number(),
  vesselName: z.string(),
  voyageNumber: z.string(),
  portId: z.number(),
  portName: z.string(),
  berthId: z.number().nullable(),
  berthName: z.string().nullable(),
  arrivalDate: z.string().nullable(),
  completionDate: z.string().nullable(),
});
export type TVoyageSummary = z.infer<typeof ZVoyageSummary>;

/** A consignment as the shipping screens name it (spec: `Consignment: { id, LC: { LCPONumber }, RefLC: { refNumber } }`). */
export const ZShipmentConsignment = z.object({
  id: z.number(),
  LC: z.object({ LCPONumber: z.string() }),
  RefLC: z.object({ refNumber: z.string().nullable() }),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  shipmentManagerId: z.number().nullable(),
  /** The consignment's quantity (MT). */
  quantity: z.string(),
});

export const ZShipment = z.object({
  id: z.number(),
  voyageId: z.number(),
  voyage: ZVoyageSummary,
  consignmentId: z.number(),
  Consignment: ZShipmentConsignment,
  blNumber: z.string(),
  /** MT, 3 decimals. */
  blQuantity: z.string(),
  blConsigneeId: z.number(),
  blConsigneeName: z.string(),
  blDate: z.string().nullable(),
  /** What of the BL is still on the vessel (the ON_BOARD balance) and what port loadings took off it. */
  onBoardQuantity: z.string(),
  loadedQuantity: z.string(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
});
export type TShipment = z.infer<typeof ZShipment>;

export const ZShipmentList = z.object({ rows: z.array(ZShipment), count: z.number() });
export type TShipmentList = z.infer<typeof ZShipmentList>;

/** `GET /api/shipments/total-quantity`: the total BL quantity (MT) and number of the shipments the filters match. */
export const ZShipmentTotal = z.object({ totalQuantity: z.string(), count: z.number() });
export type TShipmentTotal = z.infer<typeof ZShipmentTotal>;

// ---------------------------------------------------------------- voyages

export const ZVoyageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  vesselId: optionalId,
  portId: optionalId,
  /** Vessel name or voyage number (more than 2 characters). */
  search,
});
export type TVoyageListQuery = z.input<typeof ZVoyageListQuery>;

export const ZVoyageListItem = ZVoyageSummary.extend({
  /** Active shipments on the voyage and their BL total (MT). */
  shipmentCount: z.number(),
  totalBlQuantity: z.string(),
});
export type TVoyageListItem = z.infer<typeof ZVoyageListItem>;

export const ZVoyageList = z.object({ rows: z.array(ZVoyageListItem), count: z.number() });
export type TVoyageList = z.infer<typeof ZVoyageList>;

/** `GET /api/voyage/:id`: the voyage, its BL total and what is still on board (within the user's scope). */
export const ZVoyageDetail = ZVoyageListItem.extend({ onBoardQuantity: z.string() });
export type TVoyageDetail = z.infer<typeof ZVoyageDetail>;

/** `PUT /api/voyage/:id`: berth and dates (vessel, number and port stay). */
/**
 * Body of `PUT /api/voyage/:id`: the whole of what it sets, every key present (null clears it), so a body that
 * forgot a key is refused instead of clearing the berth or a date.
 */
export const ZVoyageUpdate = z
  .object({
    berthId: recordId('Please select a berth!').nullable(),
    arrivalDate: ZDate.nullable(),
    completionDate: ZDate.nullable(),
  })
  .refine(datesInOrder, { message: ShippingMessages.completionBeforeArrival, path: ['completionDate'] });
export type TVoyageUpdate = z.input<typeof ZVoyageUpdate>;

const pickerLimit = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10, 'At most 10 voyages.').default(10));

/** `GET /api/voyage/consignee-voyages`: voyages carrying a consignee's (or shipment managers') consignments. */
export const ZConsigneeVoyagesQuery = z.object({
  consigneeId: optionalId,
  smIds: idList,
  cargoId: optionalId,
  /** true: only voyages with an active shipment of a matching consignment; otherwise also voyages of any consignment row. */
  withShipment: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
  vesselVoyageSearch: search,
  limit: pickerLimit,
});
export type TConsigneeVoyagesQuery = z.input<typeof ZConsigneeVoyagesQuery>;

export const ZConsigneeVoyageRow = z.object({
  id: z.number(),
  vesselName: z.string(),
  voyageNumber: z.string(),
  /** 'NAME / V.NO' */
  vesselVoyage: z.string(),
  Consignment: z.object({ id: z.number(), LC: z.string() }),
});
export const ZConsigneeVoyages = z.object({ rows: z.array(ZConsigneeVoyageRow) });
export type TConsigneeVoyages = z.infer<typeof ZConsigneeVoyages>;

/**
 * `GET /api/voyage/vessel-voyage-number`: at most 10 voyages whose vessel name or voyage number contains the search;
 * with `id`, only that voyage (none when it is not the agency's), so a picker can name a value it has not searched.
 */
export const ZVesselVoyageNumberQuery = z.object({ search, limit: pickerLimit, id: optionalId });
export const ZVesselVoyageOption = z.object({ id: z.number(), vesselName: z.string(), voyageNumber: z.string() });
export type TVesselVoyageOption = z.infer<typeof ZVesselVoyageOption>;
export const ZVesselVoyageOptions = z.object({ rows: z.array(ZVesselVoyageOption) });

/** The label of a voyage in pickers: 'NAME / V.NO'. */
export function vesselVoyageLabel(voyage: { vesselName: string; voyageNumber: string }): string {
  return `${voyage.vesselName} / ${voyage.voyageNumber}`;
}

/**
 * `GET /api/consignments/lcPos?search=`, as the shipping screens read it (spec 7: response `lcPoNumbers`): the
 * consignments whose LC/PO number matches, named as the shipment rows name them.
 */
export const ZShippingLcPoOptions = z.object({
  lcPoNumbers: z.array(
    z.looseObject({
      id: z.number(),
      LC: z.looseObject({ LCPONumber: z.string() }),
      RefLC: z.looseObject({ refNumber: z.string().nullable().optional() }).nullable().optional(),
    }),
  ),
});
export type TShippingLcPoOptions = z.infer<typeof ZShippingLcPoOptions>;

// ---------------------------------------------------------------- declaration (transaction kit)

/** `{id, message}`: what a shipment write answers. */
export const ZShipmentSaved = z.object({ id: z.number(), message: z.string() });
export type TShipmentSaved = z.infer<typeof ZShipmentSaved>;

/** Success texts of the shipment writes. */
export const ShipmentSavedMessages = {
  created: 'Shipment created successfully',
  updated: 'Shipment updated successfully',
  reversed: 'Shipment reversed successfully',
} as const;

/** The shipping screen (BLs on voyages) as the transaction kit sees it (spec 2.3 `shipping`, section 7 `/api/shipments`). */
export const shipmentTransaction = defineTransaction({
  key: 'shipment',
  api: '/shipments',
  route: 'shipping',
  permissionModule: 'Shipping',
  labels: { title: 'shipping.title', add: 'shipping.add', total: 'shipping.total' },
  operations: ['list', 'export', 'get', 'create', 'update', 'reverse'],
  schemas: { input: ZShipmentInput, listQuery: ZShipmentListQuery, exportQuery: ZShipmentExportQuery, row: ZShipment, list: ZShipmentList },
  sort: { fields: SHIPMENT_SORT_FIELDS, default: { field: 'createdAt', order: 'desc' } },
  routes: {
    create: { response: ZShipmentSaved },
    update: { response: ZShipmentSaved },
    reverse: { path: '/:id/shipment-reverse', response: ZShipmentSaved },
  },
  docs: {
    tag: 'shipping',
    summaries: {
      list: 'Shipments (BLs on voyages), filtered and paged',
      export: "Shipments in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`",
      get: 'One shipment',
      create: 'Create a shipment: posts VESSEL -> ON_BOARD for the BL quantity',
      update: 'Edit a shipment (reverse-and-repost of its ledger posting)',
      reverse: 'Reverse a shipment (refused while a port loading uses it)',
    },
  },
  event: 'vessel',
  reversal: { message: ShipmentSavedMessages.reversed },
  testIds: { page: 'shipping-page', list: 'shipping', row: 'shipment' },
  list: {
    columns: [
      { key: 'vesselVoyage', label: 'shipping.vesselVoyage', kind: 'custom', sort: 'vesselName' },
      { key: 'port', label: 'shipping.port', kind: 'custom' },
      { key: 'arrivalDate', label: 'shipping.arrivalDate', kind: 'custom', sort: 'arrivalDate' },
      { key: 'lcPo', label: 'shipping.lcPo', kind: 'custom', sort: 'lcPoNumber' },
      { key: 'ref', label: 'shipping.refNumber', kind: 'custom' },
      { key: 'blNumber', label: 'shipping.blNumber', kind: 'text', field: 'blNumber', sort: 'blNumber' },
      { key: 'blDate', label: 'shipping.blDate', kind: 'date', field: 'blDate', sort: 'blDate' },
      { key: 'blQuantity', label: 'shipping.blQuantity', kind: 'quantity', field: 'blQuantity', sort: 'blQuantity' },
      { key: 'blConsignee', label: 'shipping.blConsignee', kind: 'text', field: 'blConsigneeName', sort: 'blConsigneeName' },
      { key: 'onBoard', label: 'shipping.onBoard', kind: 'quantity', field: 'onBoardQuantity' },
      { key: 'loaded', label: 'shipping.loaded', kind: 'quantity', field: 'loadedQuantity' },
      { key: 'status', label: 'shipping.status', kind: 'status', field: 'status' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'shipping.search' },
      { kind: 'voyage', param: 'voyageId', label: 'shipping.voyage' },
      { kind: 'reference', param: 'consignmentId', label: 'shipping.consignment', resource: 'consignment' },
      { kind: 'consignee', param: 'blConsigneeId', label: 'shipping.consignee' },
      { kind: 'status', param: 'status', label: 'shipping.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'shipping.arrivalDate' },
    ],
    exportFile: 'shipments.xlsx',
  },
  form: {
    sections: [
      { title: 'shipping.voyage', rows: [['voyageId'], ['voyage']] },
      { title: 'shipping.blSection', rows: [['consignmentId'], ['blNumber', 'blQuantity'], ['blConsigneeId', 'blDate']] },
    ],
  },
});
