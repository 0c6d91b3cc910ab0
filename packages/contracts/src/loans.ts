import { z } from 'zod';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, WAREHOUSE_LIST_FILTERS, ZOptionalId, ZReasonBody, ZRecordTrail, ZTonnes } from './cargo';
import { Messages } from './errors';
import { WarehouseDispatchMessages } from './warehouse-dispatch';
import { ConsigneeDispatchMessages } from './consignee-dispatch';
import { ZSlipDelivery } from './warehouse-transfer';
import { PortLoadingMessages } from './port-loading';

/*
 * Loans (issue 14, "who borrowed it"; spec 2.3 `warehouse/consignee-to-sm`, `warehouse/sm-to-consignee`). A consignee
 * lends cargo it holds in a warehouse to its shipment manager in place: the ownership changes, ON_HAND(place,
 * consignee) -> ON_HAND(place, SM), and the loan (L) records what was issued. The shipment manager gives it back in
 * place with a loan return (LR): ON_HAND(place, SM) -> ON_HAND(place, consignee), the loan's returned grows, never
 * beyond what is outstanding (issued - returned). The loan balance lists what is outstanding per lender, borrower,
 * consignment and cargo type.
 */

/** Texts the loan flows answer with (Arabic in the web's serverMessages). */
export const LoanMessages = {
  noShipmentManager: 'This consignee has no shipment manager to lend to.',
  loanRequired: 'Please select a loan!',
  loanNotFound: 'Loan not found',
  loanReversed: 'This loan is reversed.',
  returnAboveOutstanding: 'Return quantity cannot be more than the outstanding loan quantity.',
  loanReturnNotFound: 'Loan Return not found',
  loanReturnReversed: 'This Loan Return is reversed.',
  loanCreated: 'Consignee to SM created successfully',
  loanReversedOk: 'Consignee to SM reversed successfully',
  loanReturnCreated: 'SM to Consignee created successfully',
  loanReturnReversedOk: 'SM to Consignee reversed successfully',
  deliveryDestinationRequired: 'Please select where the truck delivers the cargo!',
  deliveryDestinationNotAllowed: 'The truck can deliver only to a warehouse or to a delivery location of the receiving consignee in your locations.',
  deliverySamePlace: 'The delivery place must differ from the place the cargo leaves.',
  movedLoanReturnNeedsSource: "This loan's cargo was delivered by truck to another place; return it from the shipment manager's cargo there (select the cargo to return).",
  onBoardLoanReturnNeedsSource: "This loan is of cargo on board at the port; return it from the shipment manager's cargo on hand (select the cargo to return).",
  blRequired: 'Please select a BL of this voyage!',
  onBoardNotAvailable: 'Quantity not available: the loan lends more than this BL has on board, less what its port loadings and loans still plan to load.',
} as const;

const optionalRemarks = textInput()
  .trim()
  .max(255, 'Maximum 255 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const ZLoanWbtNumber = textInput({ error: Messages.wbtRequired }).trim().min(1, Messages.wbtRequired).max(50, 'Maximum 50 characters');

/**
 * The optional delivery of a loan or a loan return (issue 14): `null` (or absent) is the ownership change in place;
 * a delivery sends the cargo by truck on a transfer slip to `toLocationId` (a warehouse, or a delivery location of
 * the receiving party's side), received there by Warehouse Pre In / In or Consignee In into the new owner's ON_HAND.
 */
export const ZLoanDeliveryInput = z.object({
  toLocationId: requiredId(LoanMessages.deliveryDestinationRequired),
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  wbtNumber: ZLoanWbtNumber,
});
export type TLoanDeliveryInput = z.output<typeof ZLoanDeliveryInput>;
const ZMovement = ZLoanDeliveryInput.nullish().transform((v) => v ?? null);

/** What a record with a delivery shows: its transfer slip, where it goes and whether a receipt took it. */
export const ZLoanDelivery = ZSlipDelivery;
export type TLoanDelivery = z.infer<typeof ZLoanDelivery>;

const ZLoanQuantity = z.preprocess((value) => (value === '' || value === null || value === undefined ? undefined : value), z.union([z.string(), z.number()], { error: Messages.quantityPositive }).pipe(ZTonnes));

/** Body of `POST /api/warehouseConsigneeToSm`: the consignee's on-hand position in a warehouse and the quantity lent. */
export const ZConsigneeToSmInput = z.object({
  warehouseId: requiredId(Messages.warehouseRequired),
  siloId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().nullish()).transform((v) => v ?? null),
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  quantity: ZLoanQuantity,
  movement: ZMovement,
  remarks: optionalRemarks,
});
export type TConsigneeToSmInput = z.input<typeof ZConsigneeToSmInput>;
export type TConsigneeToSmValues = z.output<typeof ZConsigneeToSmInput>;

/** Body of `POST /api/consigneeToSm`: the consignee's on-hand position at its delivery location (the open area). */
export const ZConsigneeLocationToSmInput = ZConsigneeToSmInput.omit({ warehouseId: true, siloId: true }).extend({
  locationId: requiredId(ConsigneeDispatchMessages.consigneeLocationRequired),
});
export type TConsigneeLocationToSmInput = z.input<typeof ZConsigneeLocationToSmInput>;
export type TConsigneeLocationToSmValues = z.output<typeof ZConsigneeLocationToSmInput>;

/**
 * Body of `POST /api/warehouseConsigneeToSm/on-board` (issue 14): a loan of cargo still on board. The lender is the
 * BL consignee of `shipmentId` (a BL of a voyage), the borrower its shipment manager; the place is the voyage's port.
 * No stock moves at loan time (ON_BOARD has no owner): the loan reserves part of what the BL can still give, which
 * its `loan` port loadings then load to the shipment manager.
 */
export const ZOnBoardLoanInput = z.object({
  shipmentId: requiredId(LoanMessages.blRequired),
  quantity: ZLoanQuantity,
  remarks: optionalRemarks,
});
export type TOnBoardLoanInput = z.input<typeof ZOnBoardLoanInput>;
export type TOnBoardLoanValues = z.output<typeof ZOnBoardLoanInput>;

/** `GET /api/warehouseConsigneeToSm/on-board?voyageId=`: the BLs of a voyage a consignee may lend on board, with what each can still give. */
export const ZOnBoardLendersQuery = z.object({ voyageId: requiredId(PortLoadingMessages.voyageRequired) });
export const ZOnBoardLender = z.object({
  shipmentId: z.number(),
  blNumber: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  lenderId: z.number(),
  lenderName: z.string(),
  borrowerId: z.number(),
  borrowerName: z.string(),
  cargoTypeName: z.string(),
  onBoard: z.string(),
  /** What a loan (or a `bl` port loading) may still take: on board less the live plans and the open port loans. */
  available: z.string(),
});
export type TOnBoardLender = z.infer<typeof ZOnBoardLender>;
export const ZOnBoardLenders = z.object({ rows: z.array(ZOnBoardLender) });
export type TOnBoardLenders = z.infer<typeof ZOnBoardLenders>;

/**
 * Where a loan return's cargo comes from when it is not the loaned cargo itself: another on-hand position of the
 * borrower of the loan's cargo type (another consignment or vessel, silo, warehouse or consignee location). The
 * lender receives it there, attached to the loan's vessel (the cargo is returned in kind, the attached vessel follows
 * the lender's claim, as a swap's does).
 */
export const ZLoanReturnSource = z.object({
  locationId: requiredId(WarehouseDispatchMessages.positionRequired),
  siloId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().nullish()).transform((v) => v ?? null),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
});
export type TLoanReturnSource = z.output<typeof ZLoanReturnSource>;

/**
 * Body of `POST /api/warehouseSmToConsignee`: the loan returned, the quantity and, to return it from other cargo of
 * the shipment manager than the loaned cargo, that cargo's position (`source`; null or absent: the loan's position).
 */
export const ZSmToConsigneeInput = z.object({
  loanId: requiredId(LoanMessages.loanRequired),
  quantity: ZLoanQuantity,
  source: ZLoanReturnSource.nullish().transform((v) => v ?? null),
  movement: ZMovement,
  remarks: optionalRemarks,
});
export type TSmToConsigneeInput = z.input<typeof ZSmToConsigneeInput>;
export type TSmToConsigneeValues = z.output<typeof ZSmToConsigneeInput>;

/**
 * Where a loan is made: a warehouse (`warehouse/consignee-to-sm`), a consignee location (`consignee/consignee-to-sm`)
 * or on board at the port (`onBoard`, a BL's cargo still on the vessel; listed on the warehouse screen).
 */
export const LOAN_PLACES = ['warehouse', 'consigneeLocation', 'onBoard'] as const;
export type LoanPlace = (typeof LOAN_PLACES)[number];

/** The place, parties and cargo of a loan (and of its returns). */
const loanParties = {
  /** The kind of the loan's place: which screen (and record page) the loan belongs to. */
  place: z.enum(LOAN_PLACES),
  /** The warehouse or consignee location (null on board). */
  warehouseId: z.number().nullable(),
  /** The place's name; on board: the port and the vessel / voyage. */
  warehouseName: z.string(),
  /** The BL lent on board (null at a warehouse or consignee location). */
  shipmentId: z.number().nullable(),
  blNumber: z.string().nullable(),
  siloId: z.number().nullable(),
  siloName: z.string().nullable(),
  lenderId: z.number(),
  lenderName: z.string(),
  borrowerId: z.number(),
  borrowerName: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  voyageId: z.number(),
  attachedVoyageId: z.number(),
};

/** A loan (L): what was issued, returned by live loan returns, and is still outstanding (MT, 3 decimals). */
export const ZLoan = z
  .object({
    id: z.number(),
    ...loanParties,
    quantity: z.string(),
    returned: z.string(),
    outstanding: z.string(),
    loanAt: z.string(),
    /** The truck delivery to the shipment manager's place (null: the loan is in place). */
    delivery: ZLoanDelivery.nullable(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TLoan = z.infer<typeof ZLoan>;
export const ZLoanList = z.object({ rows: z.array(ZLoan), count: z.number(), total: z.string() });
export type TLoanList = z.infer<typeof ZLoanList>;
export const ZLoanSaved = z.object({ message: z.string(), record: ZLoan });
export type TLoanSaved = z.infer<typeof ZLoanSaved>;

/** `GET /api/warehouseSmToConsignee/return-sources?loanId=`: the borrower's other cargo a loan can be returned from. */
export const ZLoanReturnSourcesQuery = z.object({ loanId: requiredId(LoanMessages.loanRequired) });

/** `GET /api/warehouseSmToConsignee/open-loans`: the live loans with something outstanding, at any place (the return form's picker). */
export const ZOpenLoans = z.object({ rows: z.array(ZLoan) });
export type TOpenLoans = z.infer<typeof ZOpenLoans>;

/** A loan return (LR). */
export const ZLoanReturn = z
  .object({
    id: z.number(),
    loanId: z.number(),
    ...loanParties,
    /** The cargo it was returned from when not the loaned cargo (null: the loan's position). */
    source: z
      .object({
        locationId: z.number(),
        locationName: z.string(),
        siloId: z.number().nullable(),
        siloName: z.string().nullable(),
        consignmentId: z.number(),
        lcPoNumber: z.string(),
        voyageId: z.number(),
        attachedVoyageId: z.number(),
      })
      .nullable(),
    quantity: z.string(),
    returnAt: z.string(),
    /** The truck delivery to the lender's place (null: returned in place). */
    delivery: ZLoanDelivery.nullable(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TLoanReturn = z.infer<typeof ZLoanReturn>;
export const ZLoanReturnList = z.object({ rows: z.array(ZLoanReturn), count: z.number(), total: z.string() });
export type TLoanReturnList = z.infer<typeof ZLoanReturnList>;
export const ZLoanReturnSaved = z.object({ message: z.string(), record: ZLoanReturn });
export type TLoanReturnSaved = z.infer<typeof ZLoanReturnSaved>;

const { truckId: _truckId, ...loanListFilters } = WAREHOUSE_LIST_FILTERS;

export const LOAN_SORT_FIELDS = ['loanAt', 'warehouseName', 'lenderName', 'borrowerName', 'quantity', 'outstanding', 'createdAt'] as const;
export type LoanSortField = (typeof LOAN_SORT_FIELDS)[number];

/** Filters of `GET /api/warehouseConsigneeToSm`; `open` keeps the loans with something outstanding. */
export const ZLoanListQuery = z.object({
  ...loanListFilters,
  consignmentId: ZOptionalId,
  lenderId: ZOptionalId,
  borrowerId: ZOptionalId,
  cargoTypeId: ZOptionalId,
  open: z.preprocess(emptyToUndefined, z.enum(['open', 'closed']).optional()),
  ...sortQuery(LOAN_SORT_FIELDS, { field: 'loanAt', order: 'desc' }),
});
export type TLoanListQuery = z.input<typeof ZLoanListQuery>;
export const ZLoanExportQuery = ZLoanListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

export const LOAN_RETURN_SORT_FIELDS = ['returnAt', 'warehouseName', 'lenderName', 'borrowerName', 'quantity', 'createdAt'] as const;
export type LoanReturnSortField = (typeof LOAN_RETURN_SORT_FIELDS)[number];

/** Filters of `GET /api/warehouseSmToConsignee`. */
export const ZLoanReturnListQuery = z.object({
  ...loanListFilters,
  loanId: ZOptionalId,
  consignmentId: ZOptionalId,
  lenderId: ZOptionalId,
  borrowerId: ZOptionalId,
  cargoTypeId: ZOptionalId,
  ...sortQuery(LOAN_RETURN_SORT_FIELDS, { field: 'returnAt', order: 'desc' }),
});
export type TLoanReturnListQuery = z.input<typeof ZLoanReturnListQuery>;
export const ZLoanReturnExportQuery = ZLoanReturnListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

// ---------------------------------------------------------------- the loan balance

/** `GET /api/loan-balance`: filters of the balance (every counterparty pair with live loans; `open` only what is outstanding). */
export const ZLoanBalanceQuery = z.object({
  consignmentId: ZOptionalId,
  lenderId: ZOptionalId,
  borrowerId: ZOptionalId,
  cargoTypeId: ZOptionalId,
  open: z.preprocess(emptyToUndefined, z.enum(['open', 'all']).default('open')),
});
export type TLoanBalanceQuery = z.input<typeof ZLoanBalanceQuery>;
export const ZLoanBalanceExportQuery = ZLoanBalanceQuery.extend({ lang: ZExportLang });

/** One line of the loan balance: a lender, a borrower, a consignment and a cargo type, over their live loans. */
export const ZLoanBalanceRow = z.object({
  lenderId: z.number(),
  lenderName: z.string(),
  borrowerId: z.number(),
  borrowerName: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  cargoTypeId: z.number(),
  cargoTypeName: z.string(),
  loans: z.number(),
  issued: z.string(),
  returned: z.string(),
  outstanding: z.string(),
});
export type TLoanBalanceRow = z.infer<typeof ZLoanBalanceRow>;
export const ZLoanBalance = z.object({ rows: z.array(ZLoanBalanceRow), issued: z.string(), returned: z.string(), outstanding: z.string() });
export type TLoanBalance = z.infer<typeof ZLoanBalance>;

/** `GET /api/loan-balance/movements`: the drill-down of one balance line. */
export const ZLoanMovementsQuery = z.object({
  lenderId: requiredId(LoanMessages.loanRequired),
  borrowerId: requiredId(LoanMessages.loanRequired),
  consignmentId: requiredId(LoanMessages.loanRequired),
  cargoTypeId: requiredId(LoanMessages.loanRequired),
});
/** One movement of a balance line: a loan issued (L) or a loan return (LR), live ones only, oldest first. */
export const ZLoanMovement = z.object({
  kind: z.enum(['loan', 'loanReturn']),
  id: z.number(),
  loanId: z.number(),
  /** The kind of the loan's place (the loan's record page is its screen's). */
  place: z.enum(LOAN_PLACES),
  at: z.string(),
  warehouseName: z.string(),
  siloName: z.string().nullable(),
  quantity: z.string(),
  /** The outstanding of the line after this movement. */
  outstanding: z.string(),
});
export type TLoanMovement = z.infer<typeof ZLoanMovement>;
export const ZLoanMovements = z.object({ rows: z.array(ZLoanMovement) });
export type TLoanMovements = z.infer<typeof ZLoanMovements>;

// ---------------------------------------------------------------- declarations

const loanColumns = [
  { key: 'loanAt', label: 'loans.loanAt', kind: 'dateTime', field: 'loanAt', sort: 'loanAt' },
  { key: 'warehouse', label: 'loans.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'silo', label: 'loans.silo', kind: 'text', field: 'siloName' },
  { key: 'lender', label: 'loans.lender', kind: 'text', field: 'lenderName', sort: 'lenderName' },
  { key: 'borrower', label: 'loans.borrower', kind: 'text', field: 'borrowerName', sort: 'borrowerName' },
  { key: 'lcPo', label: 'loans.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'cargoType', label: 'loans.cargoType', kind: 'text', field: 'cargoTypeName' },
  { key: 'quantity', label: 'loans.issued', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'returned', label: 'loans.returned', kind: 'quantity', field: 'returned' },
  { key: 'outstanding', label: 'loans.outstanding', kind: 'quantity', field: 'outstanding', sort: 'outstanding' },
  { key: 'delivery', label: 'warehouseTransfer.deliveredTo', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** The parties of a loan as list filters: its lender is a consignee, its borrower a shipment manager (marked SM). */
const partyFilters = [
  { kind: 'consignee', param: 'lenderId', label: 'loans.lender', mode: 'consignee' },
  { kind: 'consignee', param: 'borrowerId', label: 'loans.borrower', mode: 'sm' },
] as const;

const loanFilters = [
  { kind: 'location', param: 'warehouseId', label: 'loans.warehouse', places: 'warehouse' },
  ...partyFilters,
  { kind: 'enum', param: 'open', label: 'loans.outstanding', options: ['open', 'closed'], labelPrefix: 'loans.openStates' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'loans.loanAt' },
] as const;

/** Consignee to SM in a warehouse (spec 2.3 `warehouse/consignee-to-sm`): the loan (L), an ownership change in place. */
export const consigneeToSmTransaction = defineTransaction({
  key: 'warehouseConsigneeToSm',
  api: '/warehouseConsigneeToSm',
  route: 'warehouse/consignee-to-sm',
  permissionModule: 'WarehouseConsigneeToSm',
  labels: { title: 'loans.consigneeToSmTitle', add: 'loans.consigneeToSmAdd', total: 'loans.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: { input: ZConsigneeToSmInput, listQuery: ZLoanListQuery, exportQuery: ZLoanExportQuery, row: ZLoan, list: ZLoanList, detail: ZLoan, reverseBody: ZReasonBody },
  sort: { fields: LOAN_SORT_FIELDS, default: { field: 'loanAt', order: 'desc' } },
  routes: { create: { response: ZLoanSaved }, reverse: { response: z.object({ message: z.string() }) } },
  docs: {
    tag: 'loans',
    summaries: {
      list: 'Loans from consignees to their shipment manager in the user’s warehouses (filtered, paged)',
      export: 'Consignee to SM loans as an Excel file',
      get: 'One Consignee to SM loan',
      create: 'Lend cargo on hand in a warehouse to the consignee’s shipment manager in place (ON_HAND consignee -> ON_HAND SM, 409 Quantity not available above usable)',
      reverse: 'Reverse a loan (refused while a Loan Return stands on it)',
    },
  },
  reversal: { message: LoanMessages.loanReversedOk },
  list: { columns: loanColumns, filters: loanFilters, exportFile: 'consignee-to-sm.xlsx' },
});

const consigneeLocationLoanFilters = [
  { kind: 'location', param: 'warehouseId', label: 'loans.consigneeLocation', places: 'consigneeLocation' },
  ...partyFilters,
  { kind: 'enum', param: 'open', label: 'loans.outstanding', options: ['open', 'closed'], labelPrefix: 'loans.openStates' },
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'loans.loanAt' },
] as const;

/**
 * Consignee to SM at a consignee location (spec 2.3 `consignee/consignee-to-sm`): the same loan (L) at the consignee's
 * delivery location (its open area); its `warehouseId` filter and fields name that location. Its returns are made on
 * `warehouse/sm-to-consignee`, the spec's one SM to Consignee screen.
 */
export const consigneeLocationToSmTransaction = defineTransaction({
  key: 'consigneeToSm',
  api: '/consigneeToSm',
  route: 'consignee/consignee-to-sm',
  permissionModule: 'ConsigneeToSm',
  labels: { title: 'loans.consigneeLocationToSmTitle', add: 'loans.consigneeToSmAdd', total: 'loans.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: { input: ZConsigneeLocationToSmInput, listQuery: ZLoanListQuery, exportQuery: ZLoanExportQuery, row: ZLoan, list: ZLoanList, detail: ZLoan, reverseBody: ZReasonBody },
  sort: { fields: LOAN_SORT_FIELDS, default: { field: 'loanAt', order: 'desc' } },
  routes: { create: { response: ZLoanSaved }, reverse: { response: z.object({ message: z.string() }) } },
  docs: {
    tag: 'loans',
    summaries: {
      list: 'Loans from consignees to their shipment manager at the user’s consignee locations (filtered, paged)',
      export: 'Consignee to SM loans at consignee locations as an Excel file',
      get: 'One Consignee to SM loan at a consignee location',
      create: 'Lend cargo on hand at a consignee location to the consignee’s shipment manager in place (409 Quantity not available above usable)',
      reverse: 'Reverse a loan (refused while a Loan Return stands on it)',
    },
  },
  reversal: { message: LoanMessages.loanReversedOk },
  testIds: { page: 'consignee-loan-page', list: 'cloan', row: 'cloan' },
  list: { columns: loanColumns, filters: consigneeLocationLoanFilters, exportFile: 'consignee-location-to-sm.xlsx' },
});

const returnColumns = [
  { key: 'returnAt', label: 'loans.returnAt', kind: 'dateTime', field: 'returnAt', sort: 'returnAt' },
  { key: 'loanId', label: 'loans.loanNumber', kind: 'count', field: 'loanId' },
  { key: 'warehouse', label: 'loans.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'borrower', label: 'loans.borrower', kind: 'text', field: 'borrowerName', sort: 'borrowerName' },
  { key: 'lender', label: 'loans.lender', kind: 'text', field: 'lenderName', sort: 'lenderName' },
  { key: 'lcPo', label: 'loans.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'cargoType', label: 'loans.cargoType', kind: 'text', field: 'cargoTypeName' },
  { key: 'quantity', label: 'loans.returnedQuantity', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'delivery', label: 'warehouseTransfer.deliveredTo', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

const returnFilters = [
  { kind: 'location', param: 'warehouseId', label: 'loans.warehouse', places: 'warehouse' },
  ...partyFilters,
  { kind: 'status', param: 'status', label: 'cargo.status' },
  { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'loans.returnAt' },
] as const;

/** SM to consignee in a warehouse (spec 2.3 `warehouse/sm-to-consignee`): the loan return (LR) in place. */
export const smToConsigneeTransaction = defineTransaction({
  key: 'warehouseSmToConsignee',
  api: '/warehouseSmToConsignee',
  route: 'warehouse/sm-to-consignee',
  permissionModule: 'WarehouseSmToConsignee',
  labels: { title: 'loans.smToConsigneeTitle', add: 'loans.smToConsigneeAdd', total: 'loans.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: { input: ZSmToConsigneeInput, listQuery: ZLoanReturnListQuery, exportQuery: ZLoanReturnExportQuery, row: ZLoanReturn, list: ZLoanReturnList, detail: ZLoanReturn, reverseBody: ZReasonBody },
  sort: { fields: LOAN_RETURN_SORT_FIELDS, default: { field: 'returnAt', order: 'desc' } },
  routes: { create: { response: ZLoanReturnSaved }, reverse: { response: z.object({ message: z.string() }) } },
  docs: {
    tag: 'loans',
    summaries: {
      list: 'Loan returns from shipment managers to consignees in the user’s warehouses (filtered, paged)',
      export: 'SM to Consignee loan returns as an Excel file',
      get: 'One loan return',
      create: 'Return loaned cargo in place (ON_HAND SM -> ON_HAND consignee), never more than the loan’s outstanding',
      reverse: 'Reverse a loan return (the loan’s outstanding grows again)',
    },
  },
  reversal: { message: LoanMessages.loanReturnReversedOk },
  list: { columns: returnColumns, filters: returnFilters, exportFile: 'sm-to-consignee.xlsx' },
});
