import { Messages, PortLoadingMessages, SocketEvents, ZApiError, ZLoadingSlip, ZLoadingSlipExportQuery, ZLoadingSlipInput, ZLoadingSlipList, ZLoadingSlipListQuery, ZLoadingSlipPdfQuery, ZPortLoadingDetail, ZPortLoadingExportQuery, ZPortLoadingInput, ZPortLoadingList, ZPortLoadingListQuery, ZPortLoadingReverseBody, ZReasonBody, ZVoyageShipments, hasPermission, permissionFlag, type StatsEvent, ZIdParams, ZRecordIdText } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { dataScopeOfSession } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { forbidden } from '../../platform/errors';
import { sendWorkbook, writeWorkbook } from '../../platform/excel';
import { agencyTimezone } from '../../identity/agency-time-zone';
import type { Db } from '../../platform/db/client';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { renderLoadingSlipPdf } from './loading-slip.pdf';
import { loadingSlipExportColumns, portLoadingExportColumns } from './port-loading.export';
import { createLoadingSlip, forEachLoadingSlip, getLoadingSlip, listLoadingSlips, reverseLoadingSlip, updateLoadingSlip, type Lang } from './loading-slips.service';
import { createPortLoading, forEachPortLoading, getPortLoading, listPortLoadings, reversePortLoading, updatePortLoading, voyageShipments } from './port-loading.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['port loading'];
const VIEW = permissionFlag('PortLoading', 'view');
const ADD = permissionFlag('PortLoading', 'add');
const EDIT = permissionFlag('PortLoading', 'edit');
const REVERSE = permissionFlag('PortLoading', 'reverse');
const SLIPS_VIEW = permissionFlag('LoadingSlips', 'view');
const SLIPS_EXPORT = permissionFlag('LoadingSlips', 'export');

const ZVoyageParams = z.object({ voyageId: ZRecordIdText });
const ZLangQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });
const ZMessage = z.object({ message: z.string() });
const ZSlipCreated = z.object({ message: z.string(), slip: ZLoadingSlip });
const VESSEL_STATS: StatsEvent = { statsUpdated: true, type: 'vessel' };

/** The language of rule messages: `?lang=`, else the Accept-Language header, else English. */
function requestLang(request: FastifyRequest, explicit: Lang | undefined): Lang {
  if (explicit) return explicit;
  const header = request.headers['accept-language'];
  return typeof header === 'string' && header.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** Port loadings (`portLoading` screens) and loading slips (`loadingSlips` screen and the printed slip). */
export function registerPortLoadingRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const changed = (agencyId: number) => context.realtime.emitToAgency(agencyId, SocketEvents.events, VESSEL_STATS);

  /** Runs agency work with the session's data scope. */
  function scoped<T>(request: FastifyRequest, work: (tx: Db, actor: { agencyId: number; userId: number; now: Date; scope: Awaited<ReturnType<typeof dataScopeOfSession>> }) => Promise<T>): Promise<T> {
    const session = requireSession(request);
    const agencyId = requireAgency(request);
    return inAgency(db, agencyId, async (tx) => work(tx, { agencyId, userId: session.user.id, now: context.clock.now(), scope: await dataScopeOfSession(tx, session) }));
  }

  // ------------------------------------------------------------ port loadings

  r.get(
    '/portLoading',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'Port loadings of the agency (filtered, paged) with loaded, in transit and remaining quantities', querystring: ZPortLoadingListQuery, response: { 200: ZPortLoadingList, ...errors } },
    },
    (request) => scoped(request, (tx, actor) => listPortLoadings(tx, { agencyId: actor.agencyId, scope: actor.scope, query: request.query })),
  );

  r.get(
    '/portLoading/voyages/:voyageId/shipments',
    {
      config: { access: access.permission(`${ADD},${EDIT}`, { agency: 'required' }) },
      schema: { tags, summary: 'Active shipments of a voyage with their LC/PO, BL consignee, cargo, BL quantity and on-board balance', params: ZVoyageParams, response: { 200: ZVoyageShipments, ...errors } },
    },
    (request) => scoped(request, (tx, actor) => voyageShipments(tx, { agencyId: actor.agencyId, scope: actor.scope, voyageId: request.params.voyageId })),
  );

  r.get(
    '/portLoading/export.xlsx',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: "Port loadings in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`", querystring: ZPortLoadingExportQuery },
    },
    (request, reply) => {
      const { lang, ...query } = request.query;
      return sendWorkbook(request, reply, 'port-loadings.xlsx', (stream) =>
        scoped(request, async (tx, actor) => {
          const columns = portLoadingExportColumns(lang, await agencyTimezone(tx, actor.agencyId));
          await writeWorkbook({ stream, lang, sheetName: lang === 'ar' ? 'التحميل من الميناء' : 'Port loadings', columns, rows: (visit) => forEachPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, query }, visit) });
        }),
      );
    },
  );

  r.get(
    '/portLoading/:id',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'One port loading with its loading slips', params: ZIdParams, response: { 200: ZPortLoadingDetail, ...errors } },
    },
    (request) => scoped(request, (tx, actor) => getPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id: request.params.id })),
  );

  r.post(
    '/portLoading',
    {
      config: { access: access.permission(ADD, { agency: 'required' }) },
      schema: { tags, summary: 'Create a port loading', body: ZPortLoadingInput, response: { 200: ZPortLoadingDetail, ...errors } },
    },
    async (request) => {
      const result = await scoped(request, (tx, actor) => createPortLoading(tx, { ...actor, input: request.body }));
      changed(requireAgency(request));
      return result;
    },
  );

  r.put(
    '/portLoading/:id',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: { tags, summary: 'Update a port loading (destination, owner and transporter locked once slips exist)', params: ZIdParams, body: ZPortLoadingInput, response: { 200: ZPortLoadingDetail, ...errors } },
    },
    async (request) => {
      const result = await scoped(request, (tx, actor) => updatePortLoading(tx, { ...actor, id: request.params.id, input: request.body }));
      changed(requireAgency(request));
      return result;
    },
  );

  r.delete(
    '/portLoading/:id/reverse',
    {
      config: { access: access.permission(REVERSE, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Reverse a port loading and its loading slips in transit (refused once a slip was received, or when `slips` does not confirm how many are in transit)',
        params: ZIdParams,
        body: ZPortLoadingReverseBody,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await scoped(request, (tx, actor) => reversePortLoading(tx, { ...actor, id: request.params.id, body: request.body }));
      changed(requireAgency(request));
      return { message: PortLoadingMessages.portLoadingReversedOk };
    },
  );

  // ------------------------------------------------------------ loading slips

  r.post(
    '/portLoading/:id/loadingSlips',
    {
      config: { access: access.permission(`${ADD},${EDIT}`, { agency: 'required' }) },
      schema: { tags, summary: 'Add a loading slip (one truck trip): posts ON_BOARD -> IN_TRANSIT', params: ZIdParams, querystring: ZLangQuery, body: ZLoadingSlipInput, response: { 200: ZSlipCreated, ...errors } },
    },
    async (request) => {
      const lang = requestLang(request, request.query.lang);
      const slip = await scoped(request, async (tx, actor) => {
        const created = await createLoadingSlip(tx, { ...actor, portLoadingId: request.params.id, input: request.body, lang });
        return getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: created.id });
      });
      changed(requireAgency(request));
      return { message: Messages.loadingSlipCreated, slip };
    },
  );

  r.get(
    '/loadingSlips',
    {
      config: { access: access.permission(`${SLIPS_VIEW},${VIEW}`, { agency: 'required' }) },
      schema: { tags, summary: 'Loading slips of the agency (filtered, paged) with the total quantity of the filter', querystring: ZLoadingSlipListQuery, response: { 200: ZLoadingSlipList, ...errors } },
    },
    (request) => scoped(request, (tx, actor) => listLoadingSlips(tx, { agencyId: actor.agencyId, scope: actor.scope, query: request.query })),
  );

  r.get(
    '/loadingSlips/export.xlsx',
    {
      // Exporting is its own flag of the module (LoadingSlips: view, export); the list's view flag is checked too.
      config: { access: access.permission(SLIPS_EXPORT, { agency: 'required' }) },
      schema: { tags, summary: "Loading slips in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`", querystring: ZLoadingSlipExportQuery },
    },
    (request, reply) => {
      if (!hasPermission(requireSession(request), `${SLIPS_VIEW},${VIEW}`)) throw forbidden();
      const { lang, ...query } = request.query;
      return sendWorkbook(request, reply, 'loading-slips.xlsx', (stream) =>
        scoped(request, async (tx, actor) => {
          const columns = loadingSlipExportColumns(lang, await agencyTimezone(tx, actor.agencyId));
          await writeWorkbook({ stream, lang, sheetName: lang === 'ar' ? 'إيصالات التحميل' : 'Loading slips', columns, rows: (visit) => forEachLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, query }, visit) });
        }),
      );
    },
  );

  r.get(
    '/loadingSlips/:id',
    {
      config: { access: access.permission(`${SLIPS_VIEW},${VIEW}`, { agency: 'required' }) },
      schema: { tags, summary: 'One loading slip', params: ZIdParams, response: { 200: ZLoadingSlip, ...errors } },
    },
    async (request) => {
      const { createdById: _createdById, ...slip } = await scoped(request, (tx, actor) => getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: request.params.id }));
      return slip;
    },
  );

  r.put(
    '/loadingSlips/:id',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: { tags, summary: 'Edit a loading slip (reverse-and-repost in one transaction)', params: ZIdParams, querystring: ZLangQuery, body: ZLoadingSlipInput, response: { 200: ZSlipCreated, ...errors } },
    },
    async (request) => {
      const lang = requestLang(request, request.query.lang);
      const slip = await scoped(request, async (tx, actor) => {
        await updateLoadingSlip(tx, { ...actor, id: request.params.id, input: request.body, lang });
        return getLoadingSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: request.params.id });
      });
      changed(requireAgency(request));
      const { createdById: _createdById, ...rest } = slip;
      return { message: Messages.loadingSlipUpdated, slip: rest };
    },
  );

  r.delete(
    '/loadingSlips/:id/reverse',
    {
      config: { access: access.permission(REVERSE, { agency: 'required' }) },
      schema: { tags, summary: 'Reverse a loading slip (refused once received)', params: ZIdParams, body: ZReasonBody, response: { 200: ZMessage, ...errors } },
    },
    async (request) => {
      await scoped(request, (tx, actor) => reverseLoadingSlip(tx, { ...actor, id: request.params.id, body: request.body }));
      changed(requireAgency(request));
      return { message: PortLoadingMessages.loadingSlipReversedOk };
    },
  );

  r.get(
    '/loadingSlips/:id/pdf',
    {
      config: { access: access.permission(`${SLIPS_VIEW},${VIEW}`, { agency: 'required' }) },
      schema: { tags, summary: 'The printable loading slip as a PDF (English or Arabic)', params: ZIdParams, querystring: ZLoadingSlipPdfQuery },
    },
    async (request, reply) => {
      const agencyId = requireAgency(request);
      const data = await scoped(request, async (tx, actor) => {
        const { createdById, ...slip } = await getLoadingSlip(tx, { agencyId, scope: actor.scope, id: request.params.id });
        return { slip, createdById, timezone: await agencyTimezone(tx, agencyId) };
      });
      // The agency's name, and the creator's name when row-level security hid it (a super admin has no agency).
      const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
      let createdBy = data.slip.createdBy;
      if (!createdBy) {
        const [creator] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, data.createdById));
        createdBy = creator ? [creator.firstName, creator.lastName].filter(Boolean).join(' ') : '';
      }
      const pdf = await renderLoadingSlipPdf({ slip: data.slip, agencyName: agency?.name ?? '', timezone: data.timezone, createdBy }, request.query.lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="loading-slip-${data.slip.slipNumber}-${request.query.lang}.pdf"`)
        .send(pdf);
    },
  );
}
