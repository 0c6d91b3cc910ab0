import { z } from 'zod';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';

/*
 * Ownership transfer (spec 2.3 `ownershipTransfer`; issue 14): owner A hands a quantity of one on-hand position to
 * owner B at the same place (a warehouse's silo or open area, or a consignee location). Nothing moves physically:
 * the ledger posts ON_HAND(place, A, consignment, cargo, voyage, attached voyage) -> ON_HAND(place, B, the same
 * consignment ...) in one transaction, never above A's usable quantity. B is a consignee or a shipment manager in
 * the user's scope.
 */

/** Texts the ownership transfer answers with (Arabic in the web's ownershipTransfer section). */
export const OwnershipTransferMessages = {
  positionRequired: 'Please select a stock position!',
  placeRequired: 'Please select a warehouse or a consignee location!',
  newOwnerRequired: 'Please select the new owner!',
  sameOwner: 'The new owner must differ from the current owner.',
  notFound: 'Ownership transfer not found',
  alreadyReversed: 'This Ownership Transfer is reversed.',
  created: 'Ownership Transfer created successfully',
  reversed: 'Ownership Transfer reversed successfully',
} as const;

/** The places an ownership transfer happens at. */
export const OWNERSHIP_PLACES = ['warehouse', 'consigneeLocation'] as const;
export type OwnershipPlace = (typeof OWNERSHIP_PLACES)[number];

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

/** Body of `POST /api/ownershipTransfer`: A's on-hand position (as the positions picker gives it), B, the quantity in MT. */
export const ZOwnershipTransferInput = z.object({
  locationId: requiredId(OwnershipTransferMessages.placeRequired),
  siloId: ZNullableId,
  ownerCompanyId: requiredId(OwnershipTransferMessages.positionRequired),
  consignmentId: requiredId(OwnershipTransferMessages.positionRequired),
  cargoTypeId: requiredId(OwnershipTransferMessages.positionRequired),
  voyageId: requiredId(OwnershipTransferMessages.positionRequired),
  attachedVoyageId: requiredId(OwnershipTransferMessages.positionRequired),
  toOwnerCompanyId: requiredId(OwnershipTransferMessages.newOwnerRequired),
  quantity: ZTonnes,
  remarks: textInput()
    .trim()
    .max(255, 'Maximum 255 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TOwnershipTransferInput = z.input<typeof ZOwnershipTransferInput>;
export type TOwnershipTransferValues = z.output<typeof ZOwnershipTransferInput>;

export const OWNERSHIP_TRANSFER_SORT_FIELDS = ['transferAt', 'locationName', 'fromOwnerName', 'toOwnerName', 'quantity', 'createdAt'] as const;
export type OwnershipTransferSortField = (typeof OWNERSHIP_TRANSFER_SORT_FIELDS)[number];

/** Filters of `GET /api/ownershipTransfer`: place, either owner, consignment, status, dates, LC / PO search. */
export const ZOwnershipTransferListQuery = z.object({
  locationId: ZOptionalId,
  fromOwnerCompanyId: ZOptionalId,
  toOwnerCompanyId: ZOptionalId,
  consignmentId: ZOptionalId,
  place: z.preprocess(emptyToUndefined, z.enum(OWNERSHIP_PLACES).optional()),
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(OWNERSHIP_TRANSFER_SORT_FIELDS, { field: 'transferAt', order: 'desc' }),
});
export type TOwnershipTransferListQuery = z.input<typeof ZOwnershipTransferListQuery>;
export const ZOwnershipTransferExportQuery = ZOwnershipTransferListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** An ownership transfer as lists and the detail show it. */
export const ZOwnershipTransfer = z
  .object({
    id: z.number(),
    locationId: z.number(),
    locationName: z.string(),
    place: z.enum(OWNERSHIP_PLACES),
    siloId: z.number().nullable(),
    siloName: z.string().nullable(),
    fromOwnerCompanyId: z.number(),
    fromOwnerName: z.string(),
    toOwnerCompanyId: z.number(),
    toOwnerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
    voyageId: z.number(),
    attachedVoyageId: z.number(),
    /** MT, 3 decimals. */
    quantity: z.string(),
    transferAt: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TOwnershipTransfer = z.infer<typeof ZOwnershipTransfer>;
export const ZOwnershipTransferList = z.object({ rows: z.array(ZOwnershipTransfer), count: z.number(), total: z.string() });
export type TOwnershipTransferList = z.infer<typeof ZOwnershipTransferList>;
export const ZOwnershipTransferSaved = z.object({ message: z.string(), record: ZOwnershipTransfer });
export type TOwnershipTransferSaved = z.infer<typeof ZOwnershipTransferSaved>;

/** `GET /api/ownershipTransfer/positions?place=`: A's positions (the Pre Out picker's rows) at warehouses or consignee locations. */
export const ZOwnershipPositionsQuery = z.object({
  place: z.preprocess(emptyToUndefined, z.enum(OWNERSHIP_PLACES).default('warehouse')),
  locationId: ZOptionalId,
});

/** `GET /api/ownershipTransfer/owners`: who may become the owner (consignees and shipment managers in scope). */
export const ZNewOwner = z.object({ id: z.number(), name: z.string(), isShipmentManager: z.boolean() });
export type TNewOwner = z.infer<typeof ZNewOwner>;
export const ZNewOwners = z.object({ rows: z.array(ZNewOwner) });
export type TNewOwners = z.infer<typeof ZNewOwners>;

const columns = [
  { key: 'transferAt', label: 'ownershipTransfer.transferAt', kind: 'dateTime', field: 'transferAt', sort: 'transferAt' },
  { key: 'location', label: 'ownershipTransfer.place', kind: 'text', field: 'locationName', sort: 'locationName' },
  { key: 'silo', label: 'ownershipTransfer.silo', kind: 'custom' },
  { key: 'fromOwner', label: 'ownershipTransfer.fromOwner', kind: 'text', field: 'fromOwnerName', sort: 'fromOwnerName' },
  { key: 'toOwner', label: 'ownershipTransfer.toOwner', kind: 'text', field: 'toOwnerName', sort: 'toOwnerName' },
  { key: 'lcPo', label: 'ownershipTransfer.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** Ownership transfer (spec 2.3 `ownershipTransfer`) through the kit: ON_HAND(A) -> ON_HAND(B) at one place. */
export const ownershipTransferTransaction = defineTransaction({
  key: 'ownershipTransfer',
  api: '/ownershipTransfer',
  route: 'ownershipTransfer',
  permissionModule: 'OwnershipTransfer',
  labels: { title: 'ownershipTransfer.title', add: 'ownershipTransfer.add', total: 'ownershipTransfer.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: {
    input: ZOwnershipTransferInput,
    listQuery: ZOwnershipTransferListQuery,
    exportQuery: ZOwnershipTransferExportQuery,
    row: ZOwnershipTransfer,
    list: ZOwnershipTransferList,
    detail: ZOwnershipTransfer,
    reverseBody: ZReasonBody,
  },
  sort: { fields: OWNERSHIP_TRANSFER_SORT_FIELDS, default: { field: 'transferAt', order: 'desc' } },
  routes: {
    create: { response: ZOwnershipTransferSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'ownership transfer',
    summaries: {
      list: 'Ownership transfers at places in the user’s scope (filtered, paged)',
      export: 'Ownership transfers as an Excel file',
      get: 'One ownership transfer',
      create: 'Hand a quantity of an on-hand position from its owner to another at the same place (409 Quantity not available above the usable quantity)',
      reverse: 'Reverse an ownership transfer (409 Quantity not available when the new owner’s stock has moved on)',
    },
  },
  reversal: { message: OwnershipTransferMessages.reversed },
  testIds: { page: 'ownership-transfer-page', list: 'otr', row: 'otr' },
  list: {
    columns,
    filters: [
      { kind: 'search', param: 'search', label: 'ownershipTransfer.search' },
      { kind: 'location', param: 'locationId', label: 'ownershipTransfer.place' },
      { kind: 'consignee', param: 'fromOwnerCompanyId', label: 'ownershipTransfer.fromOwner', mode: 'both' },
      { kind: 'consignee', param: 'toOwnerCompanyId', label: 'ownershipTransfer.toOwner', mode: 'both' },
      { kind: 'enum', param: 'place', label: 'ownershipTransfer.placeType', options: OWNERSHIP_PLACES, labelPrefix: 'ownershipTransfer.places' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'ownershipTransfer.transferAt' },
    ],
    exportFile: 'ownership-transfers.xlsx',
  },
});
