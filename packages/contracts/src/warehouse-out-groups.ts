import { z } from 'zod';
import { Messages } from './errors';
import { requiredId } from './ids';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { textInput } from './text';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize, ZTonnes } from './cargo';
import { DISPATCH_DESTINATIONS, WarehouseDispatchMessages } from './warehouse-dispatch';

/*
 * Warehouse Out grouped (spec 2.3 `warehouse-out-grouped`; issue 13): several trucks of one dispatch order handled
 * as one group on one screen. The group fixes the position (warehouse, silo or open area, owner, consignment,
 * cargo, voyage) and the destination once; each truck added is a Pre Out of the group (its commitment), and its
 * "Dispatch" makes the Warehouse Out from the truck's outbound second weight. Both through the single flows'
 * services, with all their checks; the group adds its plan and totals. Permission: the Warehouse Out's flags.
 */

export const GroupedOutMessages = {
  groupNotFound: 'Dispatch group not found',
  groupClosed: 'This dispatch group is closed.',
  truckNotInGroup: 'This truck is not in the dispatch group.',
  noSecondWeight: 'This truck has no Outbound Second Weight to dispatch yet.',
  groupCreated: 'Dispatch group created successfully',
  groupUpdated: 'Dispatch group updated successfully',
  truckAdded: 'Truck added to the dispatch group',
  truckDispatched: 'Truck dispatched successfully',
} as const;

export const GROUP_STATUSES = ['open', 'closed'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** Where a truck of a group is: committed (its Pre Out), weighed first, weighed second, dispatched (its Out), or its Pre Out reversed. */
export const GROUP_TRUCK_STATES = ['committed', 'firstWeight', 'secondWeight', 'dispatched', 'reversed'] as const;
export type GroupTruckState = (typeof GROUP_TRUCK_STATES)[number];

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const ZNullableId = z.preprocess((value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), z.number().int().positive().nullable());
const ZOptionalTonnes = z.preprocess((value) => (value === '' || value === undefined ? null : value), ZTonnes.nullable());
const ZOptionalCount = z.preprocess((value) => (value === '' || value === undefined ? null : value), z.coerce.number().int().positive().max(1000).nullable());

/** Body of `POST /api/warehouseOutGroup`: the position and destination chosen once, the plan, the remarks. */
export const ZWarehouseOutGroupInput = z.object({
  warehouseId: requiredId(Messages.warehouseRequired),
  siloId: ZNullableId,
  ownerCompanyId: requiredId(WarehouseDispatchMessages.positionRequired),
  consignmentId: requiredId(WarehouseDispatchMessages.positionRequired),
  cargoTypeId: requiredId(WarehouseDispatchMessages.positionRequired),
  voyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  attachedVoyageId: requiredId(WarehouseDispatchMessages.positionRequired),
  destinationType: z.enum(DISPATCH_DESTINATIONS, { error: WarehouseDispatchMessages.destinationRequired }),
  toLocationId: requiredId(WarehouseDispatchMessages.destinationRequired),
  plannedTrucks: ZOptionalCount,
  plannedQuantity: ZOptionalTonnes,
  remarks: optionalText(255),
});
export type TWarehouseOutGroupInput = z.input<typeof ZWarehouseOutGroupInput>;
export type TWarehouseOutGroupValues = z.output<typeof ZWarehouseOutGroupInput>;

/** Body of `PUT /api/warehouseOutGroup/:id`: the plan, the remarks, open or closed (the position and destination stay). */
export const ZWarehouseOutGroupEdit = z.object({
  plannedTrucks: ZOptionalCount,
  plannedQuantity: ZOptionalTonnes,
  remarks: optionalText(255),
  status: z.enum(GROUP_STATUSES),
});
export type TWarehouseOutGroupEdit = z.input<typeof ZWarehouseOutGroupEdit>;

/** Body of `POST /api/warehouseOutGroup/:id/trucks`: a truck row (a Pre Out of the group). */
export const ZGroupTruckInput = z.object({
  truckId: requiredId(Messages.truckRequired),
  driverId: requiredId(Messages.driverRequired),
  quantity: ZTonnes,
  remarks: optionalText(255),
});
export type TGroupTruckInput = z.input<typeof ZGroupTruckInput>;

/** Body of `POST /api/warehouseOutGroup/:id/trucks/:preOutId/dispatch`: the second weight (default: the truck's newest free one). */
export const ZGroupDispatchInput = z.object({ secondWeightId: ZOptionalId, remarks: optionalText(255) });
export type TGroupDispatchInput = z.input<typeof ZGroupDispatchInput>;
export const ZGroupTruckParams = z.object({ id: requiredId(GroupedOutMessages.groupNotFound), preOutId: requiredId(GroupedOutMessages.truckNotInGroup) });

/** A truck row of a group with its live state. */
export const ZGroupTruck = z.object({
  preOutId: z.number(),
  truckId: z.number(),
  truckPlate: z.string(),
  driverId: z.number(),
  driverName: z.string(),
  /** The Pre Out's committed quantity, MT. */
  quantity: z.string(),
  state: z.enum(GROUP_TRUCK_STATES),
  /** The second weight a dispatch would take (state secondWeight), with its net in MT. */
  secondWeightId: z.number().nullable(),
  secondWeightNet: z.string().nullable(),
  /** The live Warehouse Out (state dispatched): its id, slip number and quantity. */
  warehouseOutId: z.number().nullable(),
  slipNumber: z.number().nullable(),
  outQuantity: z.string().nullable(),
  received: z.boolean(),
  preOutAt: z.string(),
});
export type TGroupTruck = z.infer<typeof ZGroupTruck>;

/** A dispatch group as the list shows it, with its totals (MT). */
export const ZWarehouseOutGroup = z.object({
  id: z.number(),
  number: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  siloId: z.number().nullable(),
  siloName: z.string().nullable(),
  ownerCompanyId: z.number(),
  ownerName: z.string(),
  consignmentId: z.number(),
  lcPoNumber: z.string(),
  cargoTypeId: z.number(),
  voyageId: z.number(),
  attachedVoyageId: z.number(),
  destinationType: z.enum(DISPATCH_DESTINATIONS),
  toLocationId: z.number(),
  toLocationName: z.string(),
  plannedTrucks: z.number().nullable(),
  plannedQuantity: z.string().nullable(),
  remarks: z.string().nullable(),
  status: z.enum(GROUP_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Live trucks (Pre Outs not reversed), dispatched trucks. */
  trucks: z.number(),
  dispatchedTrucks: z.number(),
  /** Committed: live Pre Outs not yet dispatched; dispatched: the live Outs' quantity; remaining: planned - both (null without a plan). */
  committed: z.string(),
  dispatched: z.string(),
  remaining: z.string().nullable(),
});
export type TWarehouseOutGroup = z.infer<typeof ZWarehouseOutGroup>;

/** One group with its truck rows and the position's usable quantity (what more trucks can still commit). */
export const ZWarehouseOutGroupDetail = ZWarehouseOutGroup.extend({ usable: z.string(), truckRows: z.array(ZGroupTruck) });
export type TWarehouseOutGroupDetail = z.infer<typeof ZWarehouseOutGroupDetail>;
export const ZWarehouseOutGroupList = z.object({ rows: z.array(ZWarehouseOutGroup), count: z.number() });
export type TWarehouseOutGroupList = z.infer<typeof ZWarehouseOutGroupList>;
export const ZWarehouseOutGroupSaved = z.object({ message: z.string(), record: ZWarehouseOutGroupDetail });
export type TWarehouseOutGroupSaved = z.infer<typeof ZWarehouseOutGroupSaved>;

export const GROUP_SORT_FIELDS = ['createdAt', 'number', 'warehouseName', 'toLocationName'] as const;

/** Filters of `GET /api/warehouseOutGroup`. */
export const ZWarehouseOutGroupListQuery = z.object({
  warehouseId: ZOptionalId,
  toLocationId: ZOptionalId,
  consignmentId: ZOptionalId,
  destinationType: z.preprocess(emptyToUndefined, z.enum(DISPATCH_DESTINATIONS).optional()),
  groupStatus: z.preprocess(emptyToUndefined, z.enum(GROUP_STATUSES).optional()),
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(GROUP_SORT_FIELDS, { field: 'createdAt', order: 'desc' }),
});
export type TWarehouseOutGroupListQuery = z.input<typeof ZWarehouseOutGroupListQuery>;
export const ZWarehouseOutGroupExportQuery = ZWarehouseOutGroupListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** Warehouse Out grouped (spec 2.3 `warehouse-out-grouped`) through the kit: the groups' list, export, detail, create and edit. */
export const warehouseOutGroupTransaction = defineTransaction({
  key: 'warehouseOutGroup',
  api: '/warehouseOutGroup',
  route: 'warehouse-out-grouped',
  permissionModule: 'WarehouseOut',
  labels: { title: 'groupedOut.title', add: 'groupedOut.add', total: 'groupedOut.total' },
  operations: ['list', 'export', 'get', 'create', 'update'],
  schemas: {
    input: ZWarehouseOutGroupInput,
    updateInput: ZWarehouseOutGroupEdit,
    listQuery: ZWarehouseOutGroupListQuery,
    exportQuery: ZWarehouseOutGroupExportQuery,
    row: ZWarehouseOutGroup,
    list: ZWarehouseOutGroupList,
    detail: ZWarehouseOutGroupDetail,
  },
  sort: { fields: GROUP_SORT_FIELDS, default: { field: 'createdAt', order: 'desc' } },
  routes: { create: { response: ZWarehouseOutGroupSaved }, update: { response: ZWarehouseOutGroupSaved } },
  docs: {
    tag: 'warehouse dispatch',
    summaries: {
      list: 'Dispatch groups of the agency in the user’s warehouses, with their totals (filtered, paged)',
      export: 'Dispatch groups as an Excel file',
      get: 'One dispatch group with its trucks and their live state',
      create: 'Open a dispatch group: the position and the destination chosen once, the plan',
      update: 'Change a dispatch group’s plan and remarks, close or reopen it',
    },
  },
  event: 'warehouse',
  testIds: { page: 'warehouse-out-grouped-page', list: 'wog', row: 'wog' },
  list: {
    columns: [
      { key: 'number', label: 'groupedOut.number', kind: 'count', field: 'number', sort: 'number' },
      { key: 'createdAt', label: 'groupedOut.createdAt', kind: 'dateTime', field: 'createdAt', sort: 'createdAt' },
      { key: 'warehouse', label: 'warehouseDispatch.warehouse', kind: 'text', field: 'warehouseName', sort: 'warehouseName' },
      { key: 'lcPo', label: 'warehouseDispatch.lcPo', kind: 'text', field: 'lcPoNumber' },
      { key: 'owner', label: 'warehouseDispatch.owner', kind: 'text', field: 'ownerName' },
      { key: 'destination', label: 'warehouseDispatch.destination', kind: 'text', field: 'toLocationName', sort: 'toLocationName' },
      { key: 'trucks', label: 'groupedOut.trucks', kind: 'count', field: 'trucks' },
      { key: 'planned', label: 'groupedOut.planned', kind: 'quantity', field: 'plannedQuantity' },
      { key: 'committed', label: 'groupedOut.committed', kind: 'quantity', field: 'committed' },
      { key: 'dispatched', label: 'groupedOut.dispatched', kind: 'quantity', field: 'dispatched' },
      { key: 'remaining', label: 'groupedOut.remaining', kind: 'quantity', field: 'remaining' },
      { key: 'groupStatus', label: 'groupedOut.groupStatus', kind: 'custom' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'groupedOut.search' },
      { kind: 'location', param: 'warehouseId', label: 'warehouseDispatch.warehouse' },
      { kind: 'location', param: 'toLocationId', label: 'warehouseDispatch.destination' },
      { kind: 'enum', param: 'destinationType', label: 'warehouseDispatch.destinationType', options: DISPATCH_DESTINATIONS, labelPrefix: 'warehouseDispatch.destinations' },
      { kind: 'enum', param: 'groupStatus', label: 'groupedOut.groupStatus', options: GROUP_STATUSES, labelPrefix: 'groupedOut.statuses' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'groupedOut.createdAt' },
    ],
    exportFile: 'warehouse-out-groups.xlsx',
  },
});
