import { DeliveryInMessages, ZDeliveryInSlipsQuery, consigneeInTransaction, customerInTransaction, ReceivingMessages, ZInTransitSlips, ZInTransitSlipsQuery, ZOpenPreIns, ZOpenPreInsQuery, warehouseInTransaction, warehousePreInTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import type { WeighingDeps } from '../outbound-weighing/outbound-weighing.service';
import { deliveryInExportColumns, inExportColumns, preInExportColumns } from './receiving.export';
import { createDeliveryIn, deliveryInSlips, deliveryInExportSource, getDeliveryIn, listDeliveryIns, reverseDeliveryIn, updateDeliveryIn } from './delivery-in.service';
import { inTransitSlips, openPreIns, createIn, createPreIn, inExportSource, preInExportSource, getIn, getPreIn, listIns, listPreIns, reverseIn, reversePreIn, updateIn, updatePreIn } from './receiving.service';

/** Receiving (`warehouse-pre-in`, `warehouse-in` screens): the kit's list, export, get, create, update and reverse of both. */
export function registerReceivingRoutes(api: FastifyInstance, context: ModuleContext): void {
  const deps = (): WeighingDeps => ({ weighbridges: context.weighbridges });

  registerTransaction(api, context, warehousePreInTransaction, {
    list: (tx, actor, query) => listPreIns(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => preInExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: preInExportColumns,
    exportSheet: { en: 'Warehouse pre ins', ar: 'ما قبل دخول المستودع' },
    get: (tx, actor, id) => getPreIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: ReceivingMessages.preInCreated, record: await createPreIn(tx, deps(), { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: ReceivingMessages.preInUpdated, record: await updatePreIn(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reversePreIn(tx, { ...actor, id, body }),
  });

  registerTransaction(api, context, warehouseInTransaction, {
    list: (tx, actor, query) => listIns(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => inExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: inExportColumns,
    exportSheet: { en: 'Warehouse ins', ar: 'دخول المستودع' },
    get: (tx, actor, id) => getIn(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: ReceivingMessages.warehouseInCreated, record: await createIn(tx, deps(), { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: ReceivingMessages.warehouseInUpdated, record: await updateIn(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseIn(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehousePreIn/slips',
    permission: { anyOf: [{ module: 'WarehousePreIn', action: 'add' }] },
    tags: ['receiving'],
    summary: 'Slips in transit to a warehouse in the user’s locations, not received and without a live pre in: the pre in form’s picker',
    querystring: ZInTransitSlipsQuery,
    response: ZInTransitSlips,
    work: async (tx, actor, { query }) => ({ rows: await inTransitSlips(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, search: query.search }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseIn/preIns',
    permission: { anyOf: [{ module: 'WarehouseIn', action: 'add' }] },
    tags: ['receiving'],
    summary: 'Open pre ins (no live warehouse in) in the user’s locations: the warehouse in form’s ticket picker',
    querystring: ZOpenPreInsQuery,
    response: ZOpenPreIns,
    work: async (tx, actor, { query }) => ({ rows: await openPreIns(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId }) }),
  });

  for (const [kind, declaration, sheet, created, updated] of [
    ['consigneeIn', consigneeInTransaction, { en: 'Consignee ins', ar: 'دخول المستلم' }, DeliveryInMessages.consigneeInCreated, DeliveryInMessages.consigneeInUpdated],
    ['customerIn', customerInTransaction, { en: 'Customer ins', ar: 'دخول العميل' }, DeliveryInMessages.customerInCreated, DeliveryInMessages.customerInUpdated],
  ] as const) {
    registerTransaction(api, context, declaration, {
      list: (tx, actor, query) => listDeliveryIns(tx, kind, actor, query),
      exportSource: (tx, actor, query) => deliveryInExportSource(tx, kind, actor, query),
      exportColumns: deliveryInExportColumns,
      exportSheet: sheet,
      get: (tx, actor, id) => getDeliveryIn(tx, kind, actor, id),
      create: async (tx, actor, input) => ({ message: created, record: await createDeliveryIn(tx, kind, actor, input) }),
      update: async (tx, actor, id, input) => ({ message: updated, record: await updateDeliveryIn(tx, kind, actor, id, input) }),
      reverse: (tx, actor, id, body) => reverseDeliveryIn(tx, kind, actor, id, body),
    });

    cargoRoute(api, context, {
      method: 'GET',
      url: `${declaration.api}/slips`,
      permission: { anyOf: [{ module: declaration.permissionModule, action: 'add' }] },
      tags: ['receiving'],
      summary: `Slips of every kind (port and warehouse loading slips) in transit to ${kind === 'consigneeIn' ? 'consignee' : 'customer'} locations in the user’s locations, not received: the form’s picker`,
      querystring: ZDeliveryInSlipsQuery,
      response: ZInTransitSlips,
      work: async (tx, actor, { query }) => ({ rows: await deliveryInSlips(tx, kind, actor, query) }),
    });
  }
}
