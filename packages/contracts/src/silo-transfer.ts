import { z } from 'zod';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { Messages } from './errors';
import { refineStorage, storageShape, STORAGE_CHOICES, withoutSilos, ZReceivedShare } from './receiving';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';

/*
 * Silo transfer (spec 2.3 `siloTransfer`; issue 14): a quantity of one on-hand position of a warehouse (a silo or the
 * open area) moves to other silos of the same warehouse, split as a warehouse in splits its cargo ('Must be equal to
 * Cargo Quantity!'), or from a silo to the open area; the owner, consignment, cargo and voyages stay. One ledger
 * posting: ON_HAND(silo a) -> ON_HAND(silo b, ...). From the open area to the open area is refused with the spec's
 * wording; silo capacity and cargo control hold.
 */

/** Texts the silo transfer answers with (Arabic in the web's siloTransfer section). */
export const SiloTransferMessages = {
  openAreaToOpenArea: 'cannot transfer from open area to open area',
  sameSilo: 'A silo cannot be transferred to itself.',
  positionRequired: 'Please select a stock position!',
  notFound: 'Silo transfer not found',
  alreadyReversed: 'This Silo Transfer is reversed.',
  created: 'Silo Transfer created successfully',
  reversed: 'Silo Transfer reversed successfully',
} as const;

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

/** Body of `POST /api/siloTransfer`: the source position, the quantity (MT), and where it goes (silos with their shares, or the open area). */
export const ZSiloTransferInput = z
  .object({
    warehouseId: requiredId(Messages.warehouseRequired),
    siloId: ZNullableId,
    ownerCompanyId: requiredId(SiloTransferMessages.positionRequired),
    consignmentId: requiredId(SiloTransferMessages.positionRequired),
    cargoTypeId: requiredId(SiloTransferMessages.positionRequired),
    voyageId: requiredId(SiloTransferMessages.positionRequired),
    attachedVoyageId: requiredId(SiloTransferMessages.positionRequired),
    quantity: ZTonnes,
    ...storageShape,
    remarks: textInput()
      .trim()
      .max(255, 'Maximum 255 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine(refineStorage)
  .transform(withoutSilos);
export type TSiloTransferInput = z.input<typeof ZSiloTransferInput>;
export type TSiloTransferValues = z.output<typeof ZSiloTransferInput>;

export const SILO_TRANSFER_SORT_FIELDS = ['transferAt', 'warehouseName', 'quantity', 'createdAt'] as const;
export type SiloTransferSortField = (typeof SILO_TRANSFER_SORT_FIELDS)[number];

/** Filters of `GET /api/siloTransfer`. */
export const ZSiloTransferListQuery = z.object({
  warehouseId: ZOptionalId,
  consignmentId: ZOptionalId,
  storage: z.preprocess(emptyToUndefined, z.enum(STORAGE_CHOICES).optional()),
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(SILO_TRANSFER_SORT_FIELDS, { field: 'transferAt', order: 'desc' }),
});
export type TSiloTransferListQuery = z.input<typeof ZSiloTransferListQuery>;
export const ZSiloTransferExportQuery = ZSiloTransferListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A silo transfer: the source (silo or open area), and its shares (silos, or the open area). */
export const ZSiloTransfer = z
  .object({
    id: z.number(),
    warehouseId: z.number(),
    warehouseName: z.string(),
    fromSiloId: z.number().nullable(),
    fromSiloName: z.string().nullable(),
    ownerCompanyId: z.number(),
    ownerName: z.string(),
    consignmentId: z.number(),
    lcPoNumber: z.string(),
    cargoTypeId: z.number(),
    voyageId: z.number(),
    attachedVoyageId: z.number(),
    storage: z.enum(STORAGE_CHOICES),
    shares: z.array(ZReceivedShare),
    quantity: z.string(),
    transferAt: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TSiloTransfer = z.infer<typeof ZSiloTransfer>;
export const ZSiloTransferList = z.object({ rows: z.array(ZSiloTransfer), count: z.number(), total: z.string() });
export type TSiloTransferList = z.infer<typeof ZSiloTransferList>;
export const ZSiloTransferSaved = z.object({ message: z.string(), record: ZSiloTransfer });
export type TSiloTransferSaved = z.infer<typeof ZSiloTransferSaved>;

const columns = [
  { key: 'transferAt', label: 'siloTransfer.transferAt', kind: 'dateTime', field: 'transferAt', sort: 'transferAt' },
  { key: 'warehouse', label: 'siloTransfer.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
  { key: 'from', label: 'siloTransfer.from', kind: 'custom' },
  { key: 'to', label: 'siloTransfer.to', kind: 'custom' },
  { key: 'owner', label: 'siloTransfer.owner', kind: 'text', field: 'ownerName' },
  { key: 'lcPo', label: 'siloTransfer.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** Silo transfer (spec 2.3 `siloTransfer`) through the kit: ON_HAND(silo a) -> ON_HAND(silos b...) in one warehouse. */
export const siloTransferTransaction = defineTransaction({
  key: 'siloTransfer',
  api: '/siloTransfer',
  route: 'siloTransfer',
  permissionModule: 'SiloTransfer',
  labels: { title: 'siloTransfer.title', add: 'siloTransfer.add', total: 'siloTransfer.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: {
    input: ZSiloTransferInput,
    listQuery: ZSiloTransferListQuery,
    exportQuery: ZSiloTransferExportQuery,
    row: ZSiloTransfer,
    list: ZSiloTransferList,
    detail: ZSiloTransfer,
    reverseBody: ZReasonBody,
  },
  sort: { fields: SILO_TRANSFER_SORT_FIELDS, default: { field: 'transferAt', order: 'desc' } },
  routes: {
    create: { response: ZSiloTransferSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'silo transfer',
    summaries: {
      list: 'Silo transfers in the user’s warehouses (filtered, paged)',
      export: 'Silo transfers as an Excel file',
      get: 'One silo transfer',
      create: 'Move a quantity of a silo or the open area to other silos (shares adding up) or the open area of the same warehouse',
      reverse: 'Reverse a silo transfer (409 Quantity not available when the target’s stock has moved on)',
    },
  },
  reversal: { message: SiloTransferMessages.reversed },
  testIds: { page: 'silo-transfer-page', list: 'str', row: 'str' },
  list: {
    columns,
    filters: [
      { kind: 'search', param: 'search', label: 'siloTransfer.search' },
      { kind: 'location', param: 'warehouseId', label: 'siloTransfer.warehouse', places: 'warehouse' },
      { kind: 'enum', param: 'storage', label: 'siloTransfer.to', options: STORAGE_CHOICES, labelPrefix: 'siloTransfer.storages' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'siloTransfer.transferAt' },
    ],
    exportFile: 'silo-transfers.xlsx',
  },
});
