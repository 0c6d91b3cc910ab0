import { z } from 'zod';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZReasonBody, ZRecordStatusFilter, ZRecordTrail, ZTonnes } from './cargo';

/*
 * Swap cargo (spec 2.3 `swapCargo`; issue 14): owner A's cargo at place X for owner B's cargo at place Y (or the same
 * place), one quantity for both sides, in one ledger transaction. Nothing moves physically. A side is an on-hand
 * position (a warehouse's silo or open area, or a consignee location's open area). The posting (four lines):
 * ON_HAND(X, A, ...) -q, ON_HAND(X, B, A's consignment and voyage, B's attached voyage) +q, ON_HAND(Y, B, ...) -q,
 * ON_HAND(Y, A, B's consignment and voyage, A's attached voyage) +q: the goods keep their consignment and voyage,
 * the attached vessel follows the owner's claim. Never above either side's usable quantity.
 */

/** Texts the cargo swap answers with (Arabic in the web's swapCargo section). */
export const SwapCargoMessages = {
  sideARequired: 'Please select the first owner’s stock!',
  sideBRequired: 'Please select the second owner’s stock!',
  sameOwner: 'The two owners of a swap must differ.',
  sameCargoType: 'Swapped cargo must be of the same cargo type.',
  samePosition: 'The two stocks must differ in place, silo, consignment or voyage.',
  notFound: 'Cargo swap not found',
  alreadyReversed: 'This Cargo Swap is reversed.',
  created: 'Cargo Swap created successfully',
  reversed: 'Cargo Swap reversed successfully',
} as const;

/** The places a side of a swap is at. */
export const SWAP_PLACES = ['warehouse', 'consigneeLocation'] as const;
export type SwapPlace = (typeof SWAP_PLACES)[number];

/** A nullable id (the open area is a null silo). */
const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());

/** The fields of one side (an on-hand position as the positions picker gives it), prefixed `a` or `b`. */
function side<P extends 'a' | 'b'>(prefix: P, message: string) {
  return {
    [`${prefix}LocationId`]: requiredId(message),
    [`${prefix}SiloId`]: ZNullableId,
    [`${prefix}OwnerCompanyId`]: requiredId(message),
    [`${prefix}ConsignmentId`]: requiredId(message),
    [`${prefix}CargoTypeId`]: requiredId(message),
    [`${prefix}VoyageId`]: requiredId(message),
    [`${prefix}AttachedVoyageId`]: requiredId(message),
  } as Record<`${P}${'LocationId' | 'OwnerCompanyId' | 'ConsignmentId' | 'CargoTypeId' | 'VoyageId' | 'AttachedVoyageId'}`, ReturnType<typeof requiredId>> & Record<`${P}SiloId`, typeof ZNullableId>;
}

/** Body of `POST /api/swapCargo`: A's position, B's position, the quantity in MT each side gives. */
export const ZSwapCargoInput = z.object({
  ...side('a', SwapCargoMessages.sideARequired),
  ...side('b', SwapCargoMessages.sideBRequired),
  quantity: ZTonnes,
  remarks: textInput()
    .trim()
    .max(255, 'Maximum 255 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TSwapCargoInput = z.input<typeof ZSwapCargoInput>;
export type TSwapCargoValues = z.output<typeof ZSwapCargoInput>;

export const SWAP_CARGO_SORT_FIELDS = ['swapAt', 'aLocationName', 'aOwnerName', 'bLocationName', 'bOwnerName', 'quantity', 'createdAt'] as const;
export type SwapCargoSortField = (typeof SWAP_CARGO_SORT_FIELDS)[number];

/**
 * Filters of `GET /api/swapCargo`: place (either side), owner (either side), consignment (either side), status, dates,
 * search (LC / PO or owner of either side). The screen filters consignments through the search: the LC/PO picker
 * reads with the consignment, shipping and port loading view flags, which a swap clerk need not have.
 */
export const ZSwapCargoListQuery = z.object({
  locationId: ZOptionalId,
  ownerCompanyId: ZOptionalId,
  consignmentId: ZOptionalId,
  status: ZRecordStatusFilter,
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(SWAP_CARGO_SORT_FIELDS, { field: 'swapAt', order: 'desc' }),
});
export type TSwapCargoListQuery = z.input<typeof ZSwapCargoListQuery>;
export const ZSwapCargoExportQuery = ZSwapCargoListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** One side of a swap as the record shows it. */
export const ZSwapSide = z.object({
  locationId: z.number(),
  locationName: z.string(),
  place: z.enum(SWAP_PLACES),
  siloId: z.number().nullable(),
  siloName: z.string().nullable(),
  ownerCompanyId: z.number(),
  ownerName: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  cargoTypeId: z.number(),
  voyageId: z.number(),
  attachedVoyageId: z.number(),
});
export type TSwapSide = z.infer<typeof ZSwapSide>;

/** A cargo swap as lists and the record show it. */
export const ZSwapCargo = z
  .object({
    id: z.number(),
    a: ZSwapSide,
    b: ZSwapSide,
    cargoTypeName: z.string(),
    /** MT, 3 decimals: what each side gives. */
    quantity: z.string(),
    swapAt: z.string(),
    remarks: z.string().nullable(),
  })
  .extend(ZRecordTrail.shape);
export type TSwapCargo = z.infer<typeof ZSwapCargo>;
export const ZSwapCargoList = z.object({ rows: z.array(ZSwapCargo), count: z.number(), total: z.string() });
export type TSwapCargoList = z.infer<typeof ZSwapCargoList>;
export const ZSwapCargoSaved = z.object({ message: z.string(), record: ZSwapCargo });
export type TSwapCargoSaved = z.infer<typeof ZSwapCargoSaved>;

/** `GET /api/swapCargo/positions?place=&locationId=`: on-hand positions of a place in the user's scope (either side's picker). */
export const ZSwapPositionsQuery = z.object({
  place: z.preprocess(emptyToUndefined, z.enum(SWAP_PLACES).default('warehouse')),
  locationId: ZOptionalId,
});

const columns = [
  { key: 'swapAt', label: 'swapCargo.swapAt', kind: 'dateTime', field: 'swapAt', sort: 'swapAt' },
  { key: 'aPlace', label: 'swapCargo.aPlace', kind: 'custom', sort: 'aLocationName' },
  { key: 'aOwner', label: 'swapCargo.aOwner', kind: 'custom', sort: 'aOwnerName' },
  { key: 'bPlace', label: 'swapCargo.bPlace', kind: 'custom', sort: 'bLocationName' },
  { key: 'bOwner', label: 'swapCargo.bOwner', kind: 'custom', sort: 'bOwnerName' },
  { key: 'cargoType', label: 'swapCargo.cargoType', kind: 'text', field: 'cargoTypeName' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** Swap cargo (spec 2.3 `swapCargo`) through the kit: A's cargo at X for B's cargo at Y, one ledger transaction. */
export const swapCargoTransaction = defineTransaction({
  key: 'swapCargo',
  api: '/swapCargo',
  route: 'swapCargo',
  permissionModule: 'SwapCargo',
  labels: { title: 'swapCargo.title', add: 'swapCargo.add', total: 'swapCargo.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: {
    input: ZSwapCargoInput,
    listQuery: ZSwapCargoListQuery,
    exportQuery: ZSwapCargoExportQuery,
    row: ZSwapCargo,
    list: ZSwapCargoList,
    detail: ZSwapCargo,
    reverseBody: ZReasonBody,
  },
  sort: { fields: SWAP_CARGO_SORT_FIELDS, default: { field: 'swapAt', order: 'desc' } },
  routes: {
    create: { response: ZSwapCargoSaved },
    reverse: { response: z.object({ message: z.string() }) },
  },
  docs: {
    tag: 'swap cargo',
    summaries: {
      list: 'Cargo swaps at places in the user’s scope (filtered, paged)',
      export: 'Cargo swaps as an Excel file',
      get: 'One cargo swap',
      create: 'Swap a quantity of owner A’s position for the same quantity of owner B’s position, one ledger transaction (409 Quantity not available above either usable quantity)',
      reverse: 'Reverse a cargo swap (409 Quantity not available when either received position has moved on)',
    },
  },
  reversal: { message: SwapCargoMessages.reversed },
  testIds: { page: 'swap-cargo-page', list: 'swp', row: 'swp' },
  list: {
    columns,
    filters: [
      { kind: 'search', param: 'search', label: 'swapCargo.search' },
      { kind: 'location', param: 'locationId', label: 'swapCargo.place' },
      { kind: 'consignee', param: 'ownerCompanyId', label: 'swapCargo.owner' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'swapCargo.swapAt' },
    ],
    exportFile: 'cargo-swaps.xlsx',
  },
});
