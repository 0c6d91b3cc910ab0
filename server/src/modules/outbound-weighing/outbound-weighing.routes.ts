import {
  OutboundWeighingMessages,
  ZIdParams,
  ZMachineParams,
  ZOpenFirstWeights,
  ZOpenFirstWeightsQuery,
  ZWeighTicketView,
  ZWeighbridgeLive,
  operationPermission,
  outboundFirstWeightTransaction,
  outboundSecondWeightTransaction,
  type PermissionRef,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, Committed, fileRoute, registerTransaction, runCommand } from '../../kit';
import { renderTicketPdf } from '../weighing/ticket-pdf';
import { firstWeightExportColumns, secondWeightExportColumns } from './outbound-weighing.export';
import {
  createFirstWeight,
  createSecondWeight,
  firstWeightExportSource,
  secondWeightExportSource,
  getFirstWeight,
  getSecondWeight,
  listFirstWeights,
  listSecondWeights,
  liveWeight,
  openFirstWeights,
  reverseFirstWeight,
  reverseSecondWeight,
  updateFirstWeight,
  updateSecondWeight,
  type WeighingDeps,
} from './outbound-weighing.service';
import { weighTicket } from './outbound-weighing.ticket';
import { pictureKeys, withPictureBytes } from './outbound-weighing.ticket-pictures';

const tags = ['outbound weighing'];
/** Who takes weights: the live weight of a bridge is for them. */
const WEIGHERS: readonly PermissionRef[] = [
  { module: 'OutboundFirstWeight', action: 'add' },
  { module: 'OutboundSecondWeight', action: 'add' },
  // The receiving flows weigh trucks too (modules/receiving).
  { module: 'WarehousePreIn', action: 'add' },
  { module: 'WarehouseIn', action: 'add' },
];

/**
 * Outbound weighing (`outbound-first-weight`, `outbound-second-weight` screens): the kit's list, export, get, create
 * (the capture), update and reverse of both, the open first weights picker, the live weight of a weighbridge and the
 * ticket. After a capture commits, the cameras' snapshots are stored against it in a short transaction of their own;
 * a camera never fails the weighing.
 */
export function registerOutboundWeighingRoutes(api: FastifyInstance, context: ModuleContext): void {
  // Read at each request: the gateway may attach its hub after the routes are registered.
  const deps = (): WeighingDeps => ({ weighbridges: context.weighbridges });

  /**
   * Takes the cameras' pictures of a capture (after the weighing's commit; never throws): the cameras module records
   * each shot, picture or failure, in captured_images with the weighing's kind and id, where the ticket finds them.
   */
  const pictures = (kind: 'outboundFirstWeight' | 'outboundSecondWeight', record: { id: number; machineId: number; manual: boolean }, agencyId: number, userId: number) => async () => {
    if (record.manual) return;
    try {
      await context.cameras.atCapture({ agencyId, machineId: record.machineId, userId, weighing: { kind, id: record.id } });
    } catch (error) {
      api.log.warn({ err: error, kind, weighingId: record.id }, 'weighing pictures not stored');
    }
  };

  registerTransaction(api, context, outboundFirstWeightTransaction, {
    list: (tx, actor, query) => listFirstWeights(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => firstWeightExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: firstWeightExportColumns,
    exportSheet: { en: 'Outbound first weights', ar: 'الأوزان الأولى للخروج' },
    get: (tx, actor, id) => getFirstWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => {
      const record = await createFirstWeight(tx, deps(), { ...actor, input });
      return new Committed({ message: OutboundWeighingMessages.firstWeightCreated, record }, { afterCommit: pictures('outboundFirstWeight', record, actor.agencyId, actor.userId) });
    },
    update: async (tx, actor, id, input) => ({ message: OutboundWeighingMessages.firstWeightUpdated, record: await updateFirstWeight(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseFirstWeight(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/outboundFirstWeight/open',
    permission: { anyOf: [{ module: 'OutboundSecondWeight', action: 'add' }] },
    tags,
    summary: 'Open first weights (no live second weight) in the user’s locations: the second weight form’s picker',
    querystring: ZOpenFirstWeightsQuery,
    response: ZOpenFirstWeights,
    work: async (tx, actor, { query }) => ({ rows: await openFirstWeights(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, search: query.search }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/outboundFirstWeight/:id/ticket',
    permission: operationPermission(outboundFirstWeightTransaction, 'get'),
    tags,
    summary: 'The weighbridge ticket of a first weight (English and Arabic, with its pictures)',
    params: ZIdParams,
    response: ZWeighTicketView,
    work: (tx, actor, { params }) => weighTicket(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'outboundFirstWeight', id: params.id }),
  });

  registerTransaction(api, context, outboundSecondWeightTransaction, {
    list: (tx, actor, query) => listSecondWeights(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => secondWeightExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: secondWeightExportColumns,
    exportSheet: { en: 'Outbound second weights', ar: 'الأوزان الثانية للخروج' },
    get: (tx, actor, id) => getSecondWeight(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => {
      const record = await createSecondWeight(tx, deps(), { ...actor, input });
      return new Committed({ message: OutboundWeighingMessages.secondWeightCreated, record }, { afterCommit: pictures('outboundSecondWeight', record, actor.agencyId, actor.userId) });
    },
    update: async (tx, actor, id, input) => ({ message: OutboundWeighingMessages.secondWeightUpdated, record: await updateSecondWeight(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseSecondWeight(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/outboundSecondWeight/:id/ticket',
    permission: operationPermission(outboundSecondWeightTransaction, 'get'),
    tags,
    summary: 'The weighbridge ticket of a second weight (first, second, net; English and Arabic, with the pictures)',
    params: ZIdParams,
    response: ZWeighTicketView,
    work: (tx, actor, { params }) => weighTicket(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'outboundSecondWeight', id: params.id }),
  });

  // The printed ticket as a PDF (English and Arabic side by side, the pictures embedded), for both kinds.
  for (const [kind, declaration] of [
    ['outboundFirstWeight', outboundFirstWeightTransaction],
    ['outboundSecondWeight', outboundSecondWeightTransaction],
  ] as const) {
    fileRoute(api, {
      url: `/${kind}/:id/ticket.pdf`,
      permission: operationPermission(declaration, 'get'),
      tags,
      summary: 'The weighbridge ticket as a PDF (English and Arabic side by side, with the cameras’ pictures)',
      params: ZIdParams,
      send: async (request, reply, { params }) => {
        const { view, keys } = await runCommand(context, request, async (tx, actor) => {
          const ticket = await weighTicket(tx, { agencyId: actor.agencyId, scope: actor.scope, kind, id: params.id });
          return { view: ticket, keys: await pictureKeys(tx, ticket) };
        });
        const pdf = await renderTicketPdf(await withPictureBytes(context.storage, view, keys));
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="weighbridge-ticket-${view.ticketNumber}.pdf"`)
          .send(pdf);
      },
    });
  }

  cargoRoute(api, context, {
    method: 'GET',
    url: '/weighbridge/:machineId/live',
    permission: { anyOf: WEIGHERS },
    tags,
    summary: 'The live weight of a weighbridge in the user’s locations and whether the capture rules allow taking it now (with the reason when not)',
    params: ZMachineParams,
    response: ZWeighbridgeLive,
    work: (tx, actor, { params }) => liveWeight(tx, deps(), { agencyId: actor.agencyId, scope: actor.scope, machineId: params.machineId, now: actor.now }),
  });
}
