import {
  GroupedOutMessages,
  ZGroupDispatchInput,
  ZGroupTruckInput,
  ZGroupTruckParams,
  ZIdParams,
  ZStockPositions,
  ZStockPositionsQuery,
  ZWarehouseOutGroupSaved,
  operationPermission,
  warehouseOutGroupTransaction,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { groupExportColumns } from './grouped-out.export';
import { addGroupTruck, createGroup, dispatchGroupTruck, groupExportSource, getGroup, listGroups, updateGroup } from './grouped-out.service';
import { warehousePositions } from './warehouse-dispatch.service';

const tags = ['warehouse dispatch'];

/**
 * Warehouse Out grouped (`warehouse-out-grouped`): the kit's routes of the groups, the positions picker of the group
 * form, and the two actions of a truck row: add (a Pre Out of the group) and dispatch (its Warehouse Out). All with
 * the Warehouse Out's flags: view to read, add to open a group, add a truck and dispatch, edit to change the plan.
 */
export function registerGroupedOutRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, warehouseOutGroupTransaction, {
    list: (tx, actor, query) => listGroups(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => groupExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: groupExportColumns,
    exportSheet: { en: 'Dispatch groups', ar: 'مجموعات الإرسال' },
    get: (tx, actor, id) => getGroup(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: GroupedOutMessages.groupCreated, record: await createGroup(tx, { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: GroupedOutMessages.groupUpdated, record: await updateGroup(tx, { ...actor, id, input }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseOutGroup/positions',
    permission: operationPermission(warehouseOutGroupTransaction, 'create'),
    tags,
    summary: 'On-hand positions at warehouses in the user’s scope with their usable quantity: the group form’s picker',
    querystring: ZStockPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await warehousePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, consignmentId: query.consignmentId }) }),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/warehouseOutGroup/:id/trucks',
    permission: operationPermission(warehouseOutGroupTransaction, 'create'),
    tags,
    summary: 'Add a truck to an open group: a Pre Out of the group’s position (409 Quantity not available when usable is short)',
    params: ZIdParams,
    body: ZGroupTruckInput,
    response: ZWarehouseOutGroupSaved,
    event: 'warehouse',
    work: async (tx, actor, { params, body }) => ({ message: GroupedOutMessages.truckAdded, record: await addGroupTruck(tx, { ...actor, id: params.id, input: body }) }),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/warehouseOutGroup/:id/trucks/:preOutId/dispatch',
    permission: operationPermission(warehouseOutGroupTransaction, 'create'),
    tags,
    summary: 'Dispatch a truck of the group: its Warehouse Out from the truck’s outbound second weight, to the group’s destination',
    params: ZGroupTruckParams,
    body: ZGroupDispatchInput,
    response: ZWarehouseOutGroupSaved,
    event: 'warehouse',
    work: async (tx, actor, { params, body }) => ({ message: GroupedOutMessages.truckDispatched, record: await dispatchGroupTruck(tx, { ...actor, id: params.id, preOutId: params.preOutId, input: body }) }),
  });
}
