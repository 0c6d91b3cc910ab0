import { z } from 'zod';
import { ZPageSize } from '../cargo';
import { recordIdText } from '../ids';
import { ZExportLang } from '../list-query';

/*
 * The reconciliation of one LC/PO (issue 16; docs/decisions.md "The LC/PO reconciliation"): the chain BL -> out-turn
 * -> loading slips -> weighbridge tickets -> receipts -> deliveries with the quantity at each step, the breaks of the
 * chain (each with its kind, the record it concerns and its figures), and the full list of the LC/PO's port loading
 * slips with their ticket, receipt and loss. Read with the LC wise report's flags (view to read, export to download).
 */

export const LC_RECONCILIATION_KEY = 'lc-reconciliation';
/** The permission module whose view and export flags the reconciliation needs (the LC wise report's). */
export const LC_RECONCILIATION_MODULE = 'LcWiseReport';
/** The API path (below `/api`): the view; `/slips` and `/breaks` the paged slips and breaks; `/export.xlsx` and `/export` the export kit's. */
export const LC_RECONCILIATION_API = `/reports/${LC_RECONCILIATION_KEY}`;

export const LcReconciliationMessages = {
  consignmentRequired: 'Please select an LC/PO.',
  breakKindInvalid: 'Please choose a kind of break.',
} as const;

const consignmentId = recordIdText(LcReconciliationMessages.consignmentRequired);

/** `GET /api/reports/lc-reconciliation?consignmentId=`. */
export const ZLcReconciliationQuery = z.object({ consignmentId });
const RECONCILIATION_BREAKS_KINDS = ['outturnNotApproved', 'slipNotReceived', 'receiptWithoutTicket', 'manualWeight', 'lossAboveAllowance'] as const;
/** `GET /api/reports/lc-reconciliation/slips?consignmentId=&page=&limit=` (slips by number). */
export const ZLcReconciliationSlipsQuery = z.object({
  consignmentId,
  page: z.coerce.number({ error: 'The page must be a whole number from 1.' }).int('The page must be a whole number from 1.').min(1, 'The page must be a whole number from 1.').max(1_000_000, 'The page must be a whole number from 1.').default(1),
  limit: ZPageSize,
});
/** `GET /api/reports/lc-reconciliation/breaks?consignmentId=&kind=&page=&limit=`: a page of the breaks, of one kind or all. */
export const ZLcReconciliationBreaksQuery = ZLcReconciliationSlipsQuery.extend({
  kind: z.enum(RECONCILIATION_BREAKS_KINDS, { error: LcReconciliationMessages.breakKindInvalid }).optional(),
});
/** The export's query: the LC/PO and the headers' language. */
export const ZLcReconciliationExportQuery = z.object({ consignmentId, lang: ZExportLang });

/** The steps of the chain, in order. */
export const RECONCILIATION_STEPS = ['bl', 'outturn', 'loaded', 'weighed', 'received', 'delivered'] as const;
export type ReconciliationStep = (typeof RECONCILIATION_STEPS)[number];

/** The kinds of break, in the order the view lists them. */
export const RECONCILIATION_BREAKS = RECONCILIATION_BREAKS_KINDS;
export type ReconciliationBreakKind = (typeof RECONCILIATION_BREAKS)[number];

/** The kinds of record a break or a slip row links to. */
export const RECONCILIATION_RECORD_KINDS = ['quantityApproval', 'loadingSlip', 'warehousePreIn', 'warehouseIn', 'consigneeIn', 'customerIn'] as const;
export type ReconciliationRecordKind = (typeof RECONCILIATION_RECORD_KINDS)[number];

const ZRecordLink = z.object({ kind: z.enum(RECONCILIATION_RECORD_KINDS), id: z.number(), number: z.string() });
export type TReconciliationRecordLink = z.infer<typeof ZRecordLink>;

export const ZReconciliationStep = z.object({
  key: z.enum(RECONCILIATION_STEPS),
  /** MT with 3 decimals. */
  quantity: z.string(),
  /** How many records make the step (BLs, approved out-turns, slips, tickets, receipts, deliveries). */
  count: z.number(),
  /** This step's quantity less the previous step's (MT; null for the first). */
  difference: z.string().nullable(),
});
export type TReconciliationStep = z.infer<typeof ZReconciliationStep>;

export const ZReconciliationBreak = z.object({
  kind: z.enum(RECONCILIATION_BREAKS),
  record: ZRecordLink,
  /** The slip the break belongs to (null for an out-turn). */
  slip: ZRecordLink.nullable(),
  /** The BL number. */
  blNumber: z.string(),
  /** When the record was made (ISO instant). */
  at: z.string(),
  /** The quantity concerned (MT): the slip's load, the typed weight, the loss, the out-turn's difference. */
  quantity: z.string(),
  /** The break's second figure (MT): the allowed loss, the discharged quantity; null where none. */
  reference: z.string().nullable(),
  /** Text of the break: the manual weight's reason, the out-turn's status, the slip's destination. */
  note: z.string().nullable(),
});
export type TReconciliationBreak = z.infer<typeof ZReconciliationBreak>;

export const ZReconciliationView = z.object({
  consignment: z.object({
    id: z.number(),
    lcPoNumber: z.string(),
    refNumber: z.string().nullable(),
    cargoType: z.string(),
    blConsignee: z.string(),
    shipmentManager: z.string().nullable(),
    quantity: z.string(),
  }),
  steps: z.array(ZReconciliationStep),
  /** The chain's other figures (MT), each from the ledger but `pendingOutturn` (the out-turns' records). */
  figures: z.object({
    onBoard: z.string(),
    pendingOutturn: z.string(),
    notWeighed: z.string(),
    inTransit: z.string(),
    transitLoss: z.string(),
    receivedAtWarehouses: z.string(),
    deliveredDirect: z.string(),
    dispatchedFromWarehouses: z.string(),
    deliveredFromWarehouses: z.string(),
  }),
  /** How many breaks of each kind (the breaks themselves: `GET .../breaks`, a page at a time). */
  breakCounts: z.record(z.enum(RECONCILIATION_BREAKS), z.number()),
});
export type TReconciliationView = z.infer<typeof ZReconciliationView>;

export const ZReconciliationSlip = z.object({
  slip: ZRecordLink,
  loadedAt: z.string(),
  blNumber: z.string(),
  voyage: z.string(),
  truck: z.string(),
  destination: z.string(),
  /** The port's weighbridge ticket number typed on the slip. */
  portTicket: z.string(),
  /** The ticket at arrival: a Warehouse Pre In (ticket number), or the receipt's typed ticket at a site. */
  ticket: ZRecordLink.nullable(),
  /** A weight of the arrival typed by hand (pre in or warehouse in). */
  manual: z.boolean(),
  receipt: ZRecordLink.nullable(),
  receivedAt: z.string().nullable(),
  /** MT: the slip's load, received (ledger), in transit (ledger), lost (ledger), allowed loss (null: no rule). */
  quantity: z.string(),
  received: z.string(),
  inTransit: z.string(),
  loss: z.string(),
  allowedLoss: z.string().nullable(),
  breaks: z.array(z.enum(RECONCILIATION_BREAKS)),
});
export type TReconciliationSlip = z.infer<typeof ZReconciliationSlip>;

export const ZReconciliationSlips = z.object({ rows: z.array(ZReconciliationSlip), count: z.number() });
export const ZReconciliationBreaks = z.object({ rows: z.array(ZReconciliationBreak), count: z.number() });
export type TReconciliationBreaks = z.infer<typeof ZReconciliationBreaks>;
export type TReconciliationSlips = z.infer<typeof ZReconciliationSlips>;

/** Texts of the reconciliation (web `reports.lcReconciliation.*`; the export's headers). */
export const RECONCILIATION_TEXTS = {
  en: {
    title: 'LC/PO Reconciliation',
    open: 'Reconciliation',
    pick: 'LC / PO',
    shipmentManager: 'Shipment manager',
    blConsignee: 'BL consignee',
    pickFirst: 'Pick an LC/PO to reconcile.',
    chain: 'Chain',
    steps: { bl: 'BL', outturn: 'Out-turn', loaded: 'Loaded on slips', weighed: 'Weighbridge tickets', received: 'Received', delivered: 'Delivered' },
    count: 'Records: {{count}}',
    difference: 'Difference',
    figures: {
      onBoard: 'Remaining on board',
      pendingOutturn: 'Out-turn difference awaiting approval',
      notWeighed: 'Loaded, not yet weighed at arrival',
      inTransit: 'In transit',
      transitLoss: 'Transit loss',
      receivedAtWarehouses: 'Received at warehouses',
      deliveredDirect: 'Delivered direct from the port',
      dispatchedFromWarehouses: 'Dispatched from warehouses',
      deliveredFromWarehouses: 'Delivered from warehouses',
    },
    breaks: 'Breaks',
    noBreaks: 'The chain has no break.',
    breakKinds: {
      outturnNotApproved: 'Out-turn difference not approved',
      slipNotReceived: 'Slip never received',
      receiptWithoutTicket: 'Receipt without a weighbridge ticket',
      manualWeight: 'Manual weight',
      lossAboveAllowance: 'Transit loss above the allowance',
    },
    kind: 'Break',
    record: 'Record',
    slip: 'Slip',
    blNumber: 'BL',
    at: 'Date',
    quantity: 'Quantity (MT)',
    reference: 'Reference (MT)',
    note: 'Note',
    slips: 'Slips',
    loadedAt: 'Loaded',
    voyage: 'Vessel / Voyage',
    truck: 'Truck',
    destination: 'Destination',
    portTicket: 'Port ticket',
    ticket: 'Arrival ticket',
    manual: 'Manual',
    receipt: 'Receipt',
    receivedAt: 'Received at',
    slipQuantity: 'Slip (MT)',
    received: 'Received (MT)',
    inTransit: 'In transit (MT)',
    loss: 'Loss (MT)',
    allowedLoss: 'Allowed loss (MT)',
    section: 'Section',
    item: 'Item',
    sections: { step: 'Chain', figure: 'Figure', break: 'Break', slip: 'Slip' },
    yes: 'Yes',
    recordKinds: { quantityApproval: 'Out-turn', loadingSlip: 'Loading slip', warehousePreIn: 'Warehouse Pre In', warehouseIn: 'Warehouse In', consigneeIn: 'Consignee In', customerIn: 'Customer In' },
    exportSheet: 'Reconciliation',
  },
  ar: {
    title: 'مطابقة الاعتماد / أمر الشراء',
    open: 'المطابقة',
    pick: 'الاعتماد / أمر الشراء',
    shipmentManager: 'مدير الشحنة',
    blConsignee: 'المستلم في بوليصة الشحن',
    pickFirst: 'اختر اعتماداً أو أمر شراء لمطابقته.',
    chain: 'السلسلة',
    steps: { bl: 'بوليصة الشحن', outturn: 'الكمية المفرغة', loaded: 'المحمّل على الإيصالات', weighed: 'تذاكر الميزان', received: 'المستلم', delivered: 'المُسلَّم' },
    count: 'السجلات: {{count}}',
    difference: 'الفرق',
    figures: {
      onBoard: 'المتبقي على السفينة',
      pendingOutturn: 'فرق الكمية المفرغة بانتظار الموافقة',
      notWeighed: 'محمّل ولم يوزن عند الوصول بعد',
      inTransit: 'قيد النقل',
      transitLoss: 'فاقد النقل',
      receivedAtWarehouses: 'المستلم في المستودعات',
      deliveredDirect: 'المُسلَّم مباشرة من الميناء',
      dispatchedFromWarehouses: 'المُرسل من المستودعات',
      deliveredFromWarehouses: 'المُسلَّم من المستودعات',
    },
    breaks: 'الانقطاعات',
    noBreaks: 'لا يوجد انقطاع في السلسلة.',
    breakKinds: {
      outturnNotApproved: 'فرق كمية مفرغة غير معتمد',
      slipNotReceived: 'إيصال لم يُستلم',
      receiptWithoutTicket: 'استلام بلا تذكرة ميزان',
      manualWeight: 'وزن يدوي',
      lossAboveAllowance: 'فاقد نقل يتجاوز المسموح',
    },
    kind: 'الانقطاع',
    record: 'السجل',
    slip: 'الإيصال',
    blNumber: 'بوليصة الشحن',
    at: 'التاريخ',
    quantity: 'الكمية (طن متري)',
    reference: 'المرجع (طن متري)',
    note: 'ملاحظة',
    slips: 'الإيصالات',
    loadedAt: 'تاريخ التحميل',
    voyage: 'السفينة / الرحلة',
    truck: 'الشاحنة',
    destination: 'الوجهة',
    portTicket: 'تذكرة الميناء',
    ticket: 'تذكرة الوصول',
    manual: 'يدوي',
    receipt: 'الاستلام',
    receivedAt: 'تاريخ الاستلام',
    slipQuantity: 'الإيصال (طن متري)',
    received: 'المستلم (طن متري)',
    inTransit: 'قيد النقل (طن متري)',
    loss: 'الفاقد (طن متري)',
    allowedLoss: 'الفاقد المسموح (طن متري)',
    section: 'القسم',
    item: 'البند',
    sections: { step: 'السلسلة', figure: 'بيان', break: 'انقطاع', slip: 'إيصال' },
    yes: 'نعم',
    recordKinds: { quantityApproval: 'الكمية المفرغة', loadingSlip: 'إيصال التحميل', warehousePreIn: 'ما قبل دخول المستودع', warehouseIn: 'دخول المستودع', consigneeIn: 'دخول المستلم', customerIn: 'دخول العميل' },
    exportSheet: 'المطابقة',
  },
} as const;
