import { SocketEvents, ZApiError, ZConsigneeVoyages, ZReasonBody, ZShipment, ZShipmentExportQuery, ZShipmentFilters, ZShipmentInput, ZShipmentList, ZShipmentListQuery, ZShipmentTotal, ZVesselVoyageNumberQuery, ZVesselVoyageOptions, ZVoyageDetail, ZVoyageList, ZVoyageListQuery, ZVoyageUpdate, ZConsigneeVoyagesQuery, permissionFlag, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { dataScopeOfSession, type DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { sendWorkbook, writeWorkbook } from '../../platform/excel';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { shipmentExportColumns } from './shipping.export';
import { createShipment, forEachShipment, getShipment, listShipments, reverseShipment, shipmentTotal, updateShipment, type Actor } from './shipping.service';
import { consigneeVoyages, getVoyage, listVoyages, updateVoyage, vesselVoyageNumbers } from './voyage.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const VIEW = permissionFlag('Shipping', 'view');
const ADD = permissionFlag('Shipping', 'add');
const EDIT = permissionFlag('Shipping', 'edit');
const REVERSE = permissionFlag('Shipping', 'reverse');
/** Other screens pick voyages: port loading, vessel quantity approval and the vessel dashboard. */
const VOYAGE_READERS = [
  VIEW,
  permissionFlag('PortLoading', 'view'),
  permissionFlag('VesselQuantityApproval', 'view'),
  permissionFlag('ApprovalVessel', 'view'),
  permissionFlag('Dashboard', 'view'),
].join(',');
const ZSaved = z.object({ id: z.number(), message: z.string() });

/** Shipments (screen `shipping`) and voyages (read by every screen that picks a vessel voyage). */
export function registerShippingRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  /** Runs a read in the request's agency with the user's data scope. */
  const read = <T>(request: FastifyRequest, work: (tx: Db, p: { agencyId: number; scope: DataScope }) => Promise<T>) => {
    const session = requireSession(request);
    const agencyId = requireAgency(request);
    return inAgency(db, agencyId, async (tx) => work(tx, { agencyId, scope: await dataScopeOfSession(tx, session) }));
  };

  /** Runs a change in one agency transaction, then tells the agency's screens the vessel figures changed. */
  const write = async <T>(request: FastifyRequest, work: (tx: Db, actor: Actor) => Promise<T>): Promise<T> => {
    const session = requireSession(request);
    const agencyId = requireAgency(request);
    const result = await inAgency(db, agencyId, async (tx) =>
      work(tx, { agencyId, userId: session.user.id, scope: await dataScopeOfSession(tx, session), now: context.clock.now() }),
    );
    context.realtime.emitToAgency(agencyId, SocketEvents.events, { statsUpdated: true, type: 'vessel' });
    return result;
  };

  const tags = ['shipping'];

  r.get(
    '/shipments',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'Shipments (BLs on voyages), filtered and paged', querystring: ZShipmentListQuery, response: { 200: ZShipmentList, ...errors } },
    },
    (request) => read(request, (tx, p) => listShipments(tx, { ...p, query: request.query })),
  );

  r.get(
    '/shipments/export.xlsx',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: "Shipments in the user's scope as an Excel file: every row matching the list's filters and sort, headers in `lang`", querystring: ZShipmentExportQuery },
    },
    (request, reply) => {
      const { lang, ...query } = request.query;
      return sendWorkbook(request, reply, 'shipments.xlsx', (stream) =>
        read(request, async (tx, p) => {
          const columns = shipmentExportColumns(lang, await agencyTimezone(tx, p.agencyId));
          await writeWorkbook({ stream, lang, sheetName: lang === 'ar' ? 'الشحنات' : 'Shipments', columns, rows: (visit) => forEachShipment(tx, { ...p, query }, visit) });
        }),
      );
    },
  );

  r.get(
    '/shipments/total-quantity',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'Total BL quantity (MT) and count of the shipments the filters match', querystring: ZShipmentFilters, response: { 200: ZShipmentTotal, ...errors } },
    },
    (request) => read(request, (tx, p) => shipmentTotal(tx, { ...p, filters: request.query })),
  );

  r.get(
    '/shipments/:id',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'One shipment', params: ZIdParams, response: { 200: ZShipment, ...errors } },
    },
    (request) => read(request, (tx, p) => getShipment(tx, { ...p, id: request.params.id })),
  );

  r.post(
    '/shipments',
    {
      config: { access: access.permission(ADD, { agency: 'required' }) },
      schema: { tags, summary: 'Create a shipment: posts VESSEL -> ON_BOARD for the BL quantity', body: ZShipmentInput, response: { 200: ZSaved, ...errors } },
    },
    async (request) => {
      const { id } = await write(request, (tx, actor) => createShipment(tx, actor, request.body));
      return { id, message: 'Shipment created successfully' };
    },
  );

  r.put(
    '/shipments/:id',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: { tags, summary: 'Edit a shipment (reverse-and-repost of its ledger posting)', params: ZIdParams, body: ZShipmentInput, response: { 200: ZSaved, ...errors } },
    },
    async (request) => {
      const { id } = await write(request, (tx, actor) => updateShipment(tx, actor, request.params.id, request.body));
      return { id, message: 'Shipment updated successfully' };
    },
  );

  r.delete(
    '/shipments/:id/shipment-reverse',
    {
      config: { access: access.permission(REVERSE, { agency: 'required' }) },
      schema: { tags, summary: 'Reverse a shipment (refused while a port loading uses it)', params: ZIdParams, body: ZReasonBody, response: { 200: ZSaved, ...errors } },
    },
    async (request) => {
      const { id } = await write(request, (tx, actor) => reverseShipment(tx, actor, request.params.id, request.body.reason));
      return { id, message: 'Shipment reversed successfully' };
    },
  );

  // ---------------------------------------------------------------- voyages

  const voyageTags = ['voyages'];

  r.get(
    '/voyage',
    {
      config: { access: access.permission(VOYAGE_READERS, { agency: 'required' }) },
      schema: { tags: voyageTags, summary: 'Voyages, filtered and paged', querystring: ZVoyageListQuery, response: { 200: ZVoyageList, ...errors } },
    },
    (request) => read(request, (tx, p) => listVoyages(tx, { ...p, query: request.query })),
  );

  r.get(
    '/voyage/consignee-voyages',
    {
      config: { access: access.permission(VOYAGE_READERS, { agency: 'required' }) },
      schema: {
        tags: voyageTags,
        summary: 'Voyages carrying a consignee’s, shipment managers’ or cargo type’s consignments (at most 10)',
        querystring: ZConsigneeVoyagesQuery,
        response: { 200: ZConsigneeVoyages, ...errors },
      },
    },
    (request) => read(request, (tx, p) => consigneeVoyages(tx, { ...p, query: request.query })),
  );

  r.get(
    '/voyage/vessel-voyage-number',
    {
      config: { access: access.permission(VOYAGE_READERS, { agency: 'required' }) },
      schema: {
        tags: voyageTags,
        summary: 'Voyages by vessel name or voyage number (search over 2 characters; at most 10)',
        querystring: ZVesselVoyageNumberQuery,
        response: { 200: ZVesselVoyageOptions, ...errors },
      },
    },
    (request) => read(request, (tx, p) => vesselVoyageNumbers(tx, { agencyId: p.agencyId, query: request.query })),
  );

  r.get(
    '/voyage/:id',
    {
      config: { access: access.permission(VOYAGE_READERS, { agency: 'required' }) },
      schema: { tags: voyageTags, summary: 'One voyage with its BL total and on-board balance', params: ZIdParams, response: { 200: ZVoyageDetail, ...errors } },
    },
    (request) => read(request, (tx, p) => getVoyage(tx, { ...p, id: request.params.id })),
  );

  r.put(
    '/voyage/:id',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: { tags: voyageTags, summary: 'Set a voyage’s berth and dates', params: ZIdParams, body: ZVoyageUpdate, response: { 200: ZVoyageDetail, ...errors } },
    },
    (request) => write(request, (tx, actor) => updateVoyage(tx, actor, request.params.id, request.body)),
  );
}
