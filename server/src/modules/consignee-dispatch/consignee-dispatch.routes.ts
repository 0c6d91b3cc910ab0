import {
  ConsigneeDispatchMessages,
  ZConsigneePositionsQuery,
  ZConsigneeSlipView,
  ZIdParams,
  ZStockPositions,
  consigneeLoadingSlipTransaction,
  consigneeOutTransaction,
  operationPermission,
} from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, fileRoute, registerTransaction, runCommand } from '../../kit';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import { consigneeOutExportColumns } from './consignee-dispatch.export';
import { consigneePositions, createConsigneeOut, consigneeOutExportSource, getConsigneeOut, listConsigneeOuts, reverseConsigneeOut, updateConsigneeOut } from './consignee-dispatch.service';
import { renderConsigneeSlipPdf } from './consignee-slip.pdf';

const tags = ['consignee dispatch'];

/**
 * Consignee dispatch (`consignee-out`, `consigneeLoadingSlips` screens): the kit's routes of both declarations, the
 * positions picker of the out form, and the printed slip (view and PDF, English and Arabic side by side).
 */
export function registerConsigneeDispatchRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, consigneeOutTransaction, {
    list: (tx, actor, query) => listConsigneeOuts(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => consigneeOutExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: consigneeOutExportColumns,
    exportSheet: { en: 'Consignee outs', ar: 'خروج المستلم' },
    get: (tx, actor, id) => getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: ConsigneeDispatchMessages.consigneeOutCreated, record: await createConsigneeOut(tx, { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: ConsigneeDispatchMessages.consigneeOutUpdated, record: await updateConsigneeOut(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseConsigneeOut(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consigneeOut/positions',
    permission: { anyOf: [{ module: 'ConsigneeOut', action: 'add' }] },
    tags,
    summary: 'On-hand positions at consignee locations in the user’s scope with on hand, committed and usable quantity: the Consignee Out form’s picker',
    querystring: ZConsigneePositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await consigneePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, locationId: query.locationId, consignmentId: query.consignmentId }) }),
  });

  registerTransaction(api, context, consigneeLoadingSlipTransaction, {
    list: (tx, actor, query) => listConsigneeOuts(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => consigneeOutExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: consigneeOutExportColumns,
    exportSheet: { en: 'Consignee loading slips', ar: 'إيصالات تحميل المستلم' },
    get: (tx, actor, id) => getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id, notFoundMessage: ConsigneeDispatchMessages.slipNotFound }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consigneeLoadingSlips/:id/view',
    permission: operationPermission(consigneeLoadingSlipTransaction, 'get'),
    tags,
    summary: 'The printed consignee loading slip (English and Arabic side by side)',
    params: ZIdParams,
    response: ZConsigneeSlipView,
    work: async (tx, actor, { params }) => {
      const slip = await getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id, notFoundMessage: ConsigneeDispatchMessages.slipNotFound });
      const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, actor.agencyId));
      return { slip, agencyName: agency?.name ?? '', timeZone: await agencyTimezone(tx, actor.agencyId) };
    },
  });

  fileRoute(api, {
    url: '/consigneeLoadingSlips/:id/pdf',
    permission: operationPermission(consigneeLoadingSlipTransaction, 'get'),
    tags,
    summary: 'The consignee loading slip as a PDF, English and Arabic side by side',
    params: ZIdParams,
    send: async (request, reply, { params }) => {
      const data = await runCommand(context, request, async (tx, actor) => {
        const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, actor.agencyId));
        return {
          slip: await getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id, notFoundMessage: ConsigneeDispatchMessages.slipNotFound }),
          agencyName: agency?.name ?? '',
          timeZone: await agencyTimezone(tx, actor.agencyId),
        };
      });
      const pdf = await renderConsigneeSlipPdf(data);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="consignee-loading-slip-${data.slip.slipNumber}.pdf"`).send(pdf);
    },
  });
}
