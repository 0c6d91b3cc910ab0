import {
  WarehouseDispatchMessages,
  ZDispatchableWeights,
  ZDispatchableWeightsQuery,
  ZIdParams,
  ZOpenPreOuts,
  ZOpenPreOutsQuery,
  ZStockPositions,
  ZStockPositionsQuery,
  ZWarehouseSlipView,
  operationPermission,
  warehouseLoadingSlipTransaction,
  warehouseOutTransaction,
  warehousePreOutTransaction,
} from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, fileRoute, registerTransaction, runCommand } from '../../kit';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import { outExportColumns, preOutExportColumns } from './warehouse-dispatch.export';
import {
  createOut,
  createPreOut,
  dispatchableSecondWeights,
  outExportSource,
  preOutExportSource,
  getOut,
  getPreOut,
  listOuts,
  listPreOuts,
  openPreOuts,
  reverseOut,
  reversePreOut,
  updateOut,
  updatePreOut,
  warehousePositions,
} from './warehouse-dispatch.service';
import { renderWarehouseSlipPdf } from './warehouse-slip.pdf';

const tags = ['warehouse dispatch'];

/**
 * Warehouse dispatch (`warehouse-pre-out`, `warehouse-out`, `warehouseLoadingSlips` screens): the kit's routes of the
 * three declarations, the positions picker of the Pre Out form, the open Pre Outs and dispatchable second weights of
 * the Out form, and the printed slip (view and PDF, English and Arabic side by side).
 */
export function registerWarehouseDispatchRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, warehousePreOutTransaction, {
    list: (tx, actor, query) => listPreOuts(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => preOutExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: preOutExportColumns,
    exportSheet: { en: 'Pre Outs', ar: 'ما قبل الخروج' },
    get: (tx, actor, id) => getPreOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: WarehouseDispatchMessages.preOutCreated, record: await createPreOut(tx, { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: WarehouseDispatchMessages.preOutUpdated, record: await updatePreOut(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reversePreOut(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehousePreOut/positions',
    permission: { anyOf: [{ module: 'WarehousePreOut', action: 'add' }, { module: 'WarehousePreOut', action: 'edit' }] },
    tags,
    summary: 'On-hand positions at warehouses in the user’s scope with on hand, committed and usable quantity: the Pre Out form’s picker',
    querystring: ZStockPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await warehousePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, consignmentId: query.consignmentId }) }),
  });

  registerTransaction(api, context, warehouseOutTransaction, {
    list: (tx, actor, query) => listOuts(tx, { ...actor, query }),
    exportSource: (tx, actor, query) => outExportSource(tx, { ...actor, query }),
    exportColumns: outExportColumns,
    exportSheet: { en: 'Warehouse outs', ar: 'خروج المستودع' },
    get: (tx, actor, id) => getOut(tx, { ...actor, id }),
    create: async (tx, actor, input) => ({ message: WarehouseDispatchMessages.warehouseOutCreated, record: await createOut(tx, { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: WarehouseDispatchMessages.warehouseOutUpdated, record: await updateOut(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseOut(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseOut/preOuts',
    permission: { anyOf: [{ module: 'WarehouseOut', action: 'add' }] },
    tags,
    summary: 'Open Pre Outs (no live Warehouse Out) in the user’s scope: the Out form’s picker',
    querystring: ZOpenPreOutsQuery,
    response: ZOpenPreOuts,
    work: async (tx, actor, { query }) => ({ rows: await openPreOuts(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseOut/secondWeights',
    permission: { anyOf: [{ module: 'WarehouseOut', action: 'add' }] },
    tags,
    summary: 'Outbound second weights of a Pre Out’s truck at its warehouse, not on a live Warehouse Out: the Out form’s picker',
    querystring: ZDispatchableWeightsQuery,
    response: ZDispatchableWeights,
    work: async (tx, actor, { query }) => ({ rows: await dispatchableSecondWeights(tx, { agencyId: actor.agencyId, scope: actor.scope, preOutId: query.preOutId }) }),
  });

  registerTransaction(api, context, warehouseLoadingSlipTransaction, {
    list: (tx, actor, query) => listOuts(tx, { ...actor, query }),
    exportSource: (tx, actor, query) => outExportSource(tx, { ...actor, query }),
    exportColumns: outExportColumns,
    exportSheet: { en: 'Warehouse loading slips', ar: 'إيصالات تحميل المستودع' },
    get: (tx, actor, id) => getOut(tx, { ...actor, id, notFoundMessage: WarehouseDispatchMessages.slipNotFound }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseLoadingSlips/:id/view',
    permission: operationPermission(warehouseLoadingSlipTransaction, 'get'),
    tags,
    summary: 'The printed warehouse loading slip (English and Arabic side by side)',
    params: ZIdParams,
    response: ZWarehouseSlipView,
    work: async (tx, actor, { params }) => {
      const slip = await getOut(tx, { ...actor, id: params.id, notFoundMessage: WarehouseDispatchMessages.slipNotFound });
      const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, actor.agencyId));
      return { slip, agencyName: agency?.name ?? '', timeZone: await agencyTimezone(tx, actor.agencyId) };
    },
  });

  fileRoute(api, {
    url: '/warehouseLoadingSlips/:id/pdf',
    permission: operationPermission(warehouseLoadingSlipTransaction, 'get'),
    tags,
    summary: 'The warehouse loading slip as a PDF, English and Arabic side by side',
    params: ZIdParams,
    send: async (request, reply, { params }) => {
      const data = await runCommand(context, request, async (tx, actor) => ({
        slip: await getOut(tx, { ...actor, id: params.id, notFoundMessage: WarehouseDispatchMessages.slipNotFound }),
        agencyId: actor.agencyId,
        timeZone: await agencyTimezone(tx, actor.agencyId),
      }));
      const [agency] = await context.database.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, data.agencyId));
      const pdf = await renderWarehouseSlipPdf({ slip: data.slip, agencyName: agency?.name ?? '', timeZone: data.timeZone });
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="warehouse-loading-slip-${data.slip.slipNumber}.pdf"`).send(pdf);
    },
  });
}
