import { Messages, ZIdParams, ZPortLoanOptions, ZPortLoanOptionsQuery, ZLoadingSlipInput, ZLoadingSlipPdfQuery, ZLoadingSlipSaved, ZRecordIdText, ZVoyageShipments, loadingSlipTransaction, operationPermission, portLoadingTransaction, type PermissionRef } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { cargoRoute, fileRoute, registerTransaction, runCommand } from '../../kit';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { renderLoadingSlipPdf } from './loading-slip.pdf';
import { loadingSlipExportColumns, portLoadingExportColumns } from './port-loading.export';
import { createLoadingSlip, loadingSlipExportSource, getLoadingSlip, listLoadingSlips, reverseLoadingSlip, updateLoadingSlip } from './loading-slips.service';
import { createPortLoading, portLoadingExportSource, getPortLoading, listPortLoadings, portLoanOptions, reversePortLoading, updatePortLoading, voyageShipments } from './port-loading.service';

const tags = ['port loading'];
const ZVoyageParams = z.object({ voyageId: ZRecordIdText });
const ZLangQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });
/** The port loading form's writers: adding or changing a port loading (and its slips). */
const PORT_LOADING_WRITERS: readonly PermissionRef[] = [
  { module: 'PortLoading', action: 'add' },
  { module: 'PortLoading', action: 'edit' },
];

/** Port loadings (`portLoading` screens) and loading slips (`loadingSlips` screen and the printed slip). */
export function registerPortLoadingRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, portLoadingTransaction, {
    list: (tx, actor, query) => listPortLoadings(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => portLoadingExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: portLoadingExportColumns,
    exportSheet: { en: 'Port loadings', ar: 'التحميل من الميناء' },
    get: (tx, actor, id) => getPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: (tx, actor, input) => createPortLoading(tx, { ...actor, input }),
    update: (tx, actor, id, input) => updatePortLoading(tx, { ...actor, id, input }),
    reverse: (tx, actor, id, body) => reversePortLoading(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/portLoading/voyages/:voyageId/shipments',
    permission: { anyOf: PORT_LOADING_WRITERS },
    tags,
    summary: 'Active shipments of a voyage with their LC/PO, BL consignee, cargo, BL quantity and on-board balance',
    params: ZVoyageParams,
    response: ZVoyageShipments,
    work: (tx, actor, { params }) => voyageShipments(tx, { agencyId: actor.agencyId, scope: actor.scope, voyageId: params.voyageId }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/portLoading/loans',
    permission: { anyOf: PORT_LOADING_WRITERS },
    tags,
    summary: 'The live loans of a BL’s cargo on board in the user’s scope a `loan` port loading may name, with what each still leaves to plan',
    querystring: ZPortLoanOptionsQuery,
    response: ZPortLoanOptions,
    work: (tx, actor, { query }) => portLoanOptions(tx, { agencyId: actor.agencyId, scope: actor.scope, shipmentId: query.shipmentId, exceptPortLoadingId: query.exceptPortLoadingId }),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/portLoading/:id/loadingSlips',
    permission: { anyOf: PORT_LOADING_WRITERS },
    tags,
    summary: 'Add a loading slip (one truck trip): posts ON_BOARD -> IN_TRANSIT',
    params: ZIdParams,
    querystring: ZLangQuery,
    body: ZLoadingSlipInput,
    response: ZLoadingSlipSaved,
    event: 'vessel',
    work: async (tx, actor, { params, body }) => {
      const created = await createLoadingSlip(tx, { ...actor, portLoadingId: params.id, input: body });
      const { createdById: _createdById, ...slip } = await getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: created.id });
      return { message: Messages.loadingSlipCreated, slip };
    },
  });

  registerTransaction(api, context, loadingSlipTransaction, {
    list: (tx, actor, query) => listLoadingSlips(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => loadingSlipExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: loadingSlipExportColumns,
    exportSheet: { en: 'Loading slips', ar: 'إيصالات التحميل' },
    get: async (tx, actor, id) => {
      const { createdById: _createdById, ...slip } = await getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id });
      return slip;
    },
    update: async (tx, actor, id, input) => {
      await updateLoadingSlip(tx, { ...actor, id, input });
      const { createdById: _createdById, ...slip } = await getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id });
      return { message: Messages.loadingSlipUpdated, slip };
    },
    reverse: (tx, actor, id, body) => reverseLoadingSlip(tx, { ...actor, id, body }),
  });

  fileRoute(api, {
    url: '/loadingSlips/:id/pdf',
    permission: operationPermission(loadingSlipTransaction, 'get'),
    tags,
    summary: 'The printable loading slip as a PDF (English or Arabic)',
    params: ZIdParams,
    querystring: ZLoadingSlipPdfQuery,
    send: async (request, reply, { params, query }) => {
      const { db } = context.database;
      const data = await runCommand(context, request, async (tx, actor) => {
        const { createdById, ...slip } = await getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id });
        return { slip, createdById, agencyId: actor.agencyId, timezone: await agencyTimezone(tx, actor.agencyId) };
      });
      // The agency's name, and the creator's name when row-level security hid it (a super admin has no agency).
      const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, data.agencyId));
      let createdBy = data.slip.createdBy;
      if (!createdBy) {
        const [creator] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, data.createdById));
        createdBy = creator ? [creator.firstName, creator.lastName].filter(Boolean).join(' ') : '';
      }
      const pdf = await renderLoadingSlipPdf({ slip: data.slip, agencyName: agency?.name ?? '', timezone: data.timezone, createdBy }, query.lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="loading-slip-${data.slip.slipNumber}-${query.lang}.pdf"`)
        .send(pdf);
    },
  });
}
