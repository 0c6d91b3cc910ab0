import { z } from 'zod';
import { requiredId } from './ids';
import { PAGING_KEYS, ZExportLang } from './list-query';
import { defineTransaction } from './transactions/define';
import { ZReasonBody } from './cargo';
import { ConsigneeDispatchMessages } from './consignee-dispatch';
import { OWNERSHIP_TRANSFER_SORT_FIELDS, ZOwnershipTransfer, ZOwnershipTransferInput, ZOwnershipTransferListQuery } from './ownership-transfer';
import { ZLoanDeliveryInput } from './loans';
import { ZSlipDelivery } from './warehouse-transfer';

/*
 * Consignee transfer (issue 14; spec 2.3 `consignee/consignee-transfer`): at a consignee's delivery location (its open
 * area), one consignee's cargo becomes another consignee's, in place: ON_HAND(location, consignee A) ->
 * ON_HAND(location, consignee B). It is an ownership transfer under a narrower rule (the place a consignee location,
 * both owners consignees, never a shipment manager: that is a loan), made by the ownership transfer's service and
 * kept in its table with `kind = 'consigneeTransfer'`, listed, permitted and routed on its own. With a `movement` the
 * cargo leaves by truck instead, on a transfer slip (source `consigneeTransfer`) to a delivery location of consignee B
 * or a warehouse of the agency, arrival owner B, received there by Consignee In (Warehouse Pre In / In).
 */

/** Texts the consignee transfer answers with (Arabic in the web's consigneeTransfer section). */
export const ConsigneeTransferMessages = {
  ownerNotConsignee: 'Only a consignee’s stock can be transferred to another consignee.',
  newConsigneeRequired: 'Please select the new consignee!',
  notFound: 'Consignee Transfer not found',
  alreadyReversed: 'This Consignee Transfer is reversed.',
  created: 'Consignee Transfer created successfully',
  reversed: 'Consignee Transfer reversed successfully',
  inWarehousePreIn: 'This Consignee Transfer delivered on Warehouse Pre In. Please revert Warehouse Pre In transaction first.',
  inWarehouseIn: 'This Consignee Transfer delivered on Warehouse In. Please revert Warehouse In transaction first.',
  inConsigneeIn: 'This Consignee Transfer delivered on Consignee In. Please revert Consignee In transaction first.',
} as const;

/** Body of `POST /api/consigneeTransfer`: consignee A's position at a consignee location (the open area), consignee B, the quantity. */
export const ZConsigneeTransferInput = ZOwnershipTransferInput.omit({ siloId: true, locationId: true, toOwnerCompanyId: true }).extend({
  locationId: requiredId(ConsigneeDispatchMessages.consigneeLocationRequired),
  toOwnerCompanyId: requiredId(ConsigneeTransferMessages.newConsigneeRequired),
  /**
   * null (or absent): in place. Otherwise the truck trip (a transfer slip) to `toLocationId`: a delivery location of
   * the new consignee, or a warehouse of the agency, in the user's locations and other than the place the cargo leaves.
   */
  movement: ZLoanDeliveryInput.nullish().transform((v) => v ?? null),
});
export type TConsigneeTransferInput = z.input<typeof ZConsigneeTransferInput>;
export type TConsigneeTransferValues = z.output<typeof ZConsigneeTransferInput>;

/** A consignee transfer as lists and its record page show it: the ownership transfer's row and its truck delivery (null: in place). */
export const ZConsigneeTransfer = ZOwnershipTransfer.extend({ delivery: ZSlipDelivery.nullable() });
export type TConsigneeTransfer = z.infer<typeof ZConsigneeTransfer>;
export const ZConsigneeTransferList = z.object({ rows: z.array(ZConsigneeTransfer), count: z.number(), total: z.string() });
export type TConsigneeTransferList = z.infer<typeof ZConsigneeTransferList>;
export const ZConsigneeTransferSaved = z.object({ message: z.string(), record: ZConsigneeTransfer });
export type TConsigneeTransferSaved = z.infer<typeof ZConsigneeTransferSaved>;

/** Filters of `GET /api/consigneeTransfer`: the ownership transfer's, without the place type (always a consignee location). */
export const ZConsigneeTransferListQuery = ZOwnershipTransferListQuery.omit({ place: true });
export type TConsigneeTransferListQuery = z.input<typeof ZConsigneeTransferListQuery>;
export const ZConsigneeTransferExportQuery = ZConsigneeTransferListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

const columns = [
  { key: 'transferAt', label: 'consigneeTransfer.transferAt', kind: 'dateTime', field: 'transferAt', sort: 'transferAt' },
  { key: 'location', label: 'consigneeTransfer.location', kind: 'text', field: 'locationName', sort: 'locationName' },
  { key: 'fromOwner', label: 'consigneeTransfer.fromConsignee', kind: 'text', field: 'fromOwnerName', sort: 'fromOwnerName' },
  { key: 'toOwner', label: 'consigneeTransfer.toConsignee', kind: 'text', field: 'toOwnerName', sort: 'toOwnerName' },
  { key: 'lcPo', label: 'consigneeTransfer.lcPo', kind: 'text', field: 'lcPoNumber' },
  { key: 'quantity', label: 'cargo.quantityMt', kind: 'quantity', field: 'quantity', sort: 'quantity' },
  { key: 'delivery', label: 'warehouseTransfer.deliveredTo', kind: 'custom' },
  { key: 'status', label: 'cargo.status', kind: 'status', field: 'status' },
] as const;

/** Consignee transfer (spec 2.3 `consignee/consignee-transfer`): ON_HAND(consignee A) -> ON_HAND(consignee B) at a consignee location. */
export const consigneeTransferTransaction = defineTransaction({
  key: 'consigneeTransfer',
  api: '/consigneeTransfer',
  route: 'consignee/consignee-transfer',
  permissionModule: 'ConsigneeTransfer',
  labels: { title: 'consigneeTransfer.title', add: 'consigneeTransfer.add', total: 'consigneeTransfer.total' },
  operations: ['list', 'export', 'get', 'create', 'reverse'],
  schemas: {
    input: ZConsigneeTransferInput,
    listQuery: ZConsigneeTransferListQuery,
    exportQuery: ZConsigneeTransferExportQuery,
    row: ZConsigneeTransfer,
    list: ZConsigneeTransferList,
    detail: ZConsigneeTransfer,
    reverseBody: ZReasonBody,
  },
  sort: { fields: OWNERSHIP_TRANSFER_SORT_FIELDS, default: { field: 'transferAt', order: 'desc' } },
  routes: { create: { response: ZConsigneeTransferSaved }, reverse: { response: z.object({ message: z.string() }) } },
  docs: {
    tag: 'consignee transfer',
    summaries: {
      list: 'Consignee transfers at the user’s consignee locations (filtered, paged)',
      export: 'Consignee transfers as an Excel file',
      get: 'One consignee transfer',
      create: 'Hand a quantity of a consignee’s stock at a consignee location to another consignee, in place or delivered by truck on a transfer slip (409 Quantity not available above usable)',
      reverse: 'Reverse a consignee transfer (409 Quantity not available when the new consignee’s stock has moved on)',
    },
  },
  reversal: { message: ConsigneeTransferMessages.reversed },
  testIds: { page: 'consignee-transfer-page', list: 'ctr', row: 'ctr' },
  list: {
    columns,
    filters: [
      { kind: 'search', param: 'search', label: 'consigneeTransfer.search' },
      { kind: 'location', param: 'locationId', label: 'consigneeTransfer.location', places: 'consigneeLocation' },
      { kind: 'consignee', param: 'fromOwnerCompanyId', label: 'consigneeTransfer.fromConsignee' },
      { kind: 'consignee', param: 'toOwnerCompanyId', label: 'consigneeTransfer.toConsignee' },
      { kind: 'status', param: 'status', label: 'cargo.status' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'consigneeTransfer.transferAt' },
    ],
    exportFile: 'consignee-transfers.xlsx',
  },
});
