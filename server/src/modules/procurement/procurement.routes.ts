import { ProcurementMessages, SocketEvents, ZApiError, ZConsignment, ZConsignmentExportQuery, ZConsignmentFilters, ZConsignmentInput, ZConsignmentList, ZConsignmentListQuery, ZConsignmentTotal, ZLcPoList, ZLcPoQuery, ZMessageResponse, ZReasonBody, ZSaleOrder, ZSaleOrderInput, ZSaleOrderExportQuery, ZSaleOrderList, ZSaleOrderListQuery, permissionFlag, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { inAgency } from '../../platform/db/tenancy';
import { sendWorkbook, writeWorkbook } from '../../platform/excel';
import { agencyTimezone } from '../../identity/agency-time-zone';
import {
  consignmentOwner,
  consignmentTotal,
  createConsignment,
  forEachConsignment,
  getConsignment,
  lcPoOptions,
  listConsignments,
  reverseConsignment,
  updateConsignment,
} from './consignments.service';
import { registerDocumentRoutes } from './documents.routes';
import { consignmentExportColumns, saleOrderExportColumns } from './procurement.export';
import { createSaleOrder, forEachSaleOrder, getSaleOrder, getSaleOrderIn, listSaleOrders, reverseSaleOrder, updateSaleOrder } from './sale-orders.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError };
const agency = { agency: 'required' } as const;
const so = (action: 'view' | 'add' | 'edit' | 'reverse') => permissionFlag('SaleOrder', action);
const lc = (action: 'view' | 'add' | 'edit' | 'reverse') => permissionFlag('Consignment', action);

/**
 * Procurement (spec 2.3, 5, 7): sale orders under `/api/saleOrder`, consignments (LCs/POs) under
 * `/api/consignments`, and the documents of both. Each write runs in one agency transaction with its audit row;
 * the dashboards are told after it commits.
 */
export function registerProcurementRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const statsChanged = (agencyId: number) => context.realtime.emitToAgency(agencyId, SocketEvents.events, { statsUpdated: true, type: 'vessel' });

  // ------------------------------------------------------------ sale orders
  const soTags = ['sale orders'];

  r.get(
    '/saleOrder',
    {
      config: { access: access.permission(so('view'), agency) },
      schema: { tags: soTags, summary: 'Sale orders: search on number, filters, paging; with consigned and remaining MT', querystring: ZSaleOrderListQuery, response: { 200: ZSaleOrderList, ...errors } },
    },
    (request) => listSaleOrders(db, { agencyId: requireAgency(request), session: requireSession(request), query: request.query }),
  );

  r.get(
    '/saleOrder/export.xlsx',
    {
      config: { access: access.permission(so('view'), agency) },
      schema: { tags: soTags, summary: "Sale orders as an Excel file: every row matching the list's filters and sort, headers in `lang`", querystring: ZSaleOrderExportQuery },
    },
    (request, reply) => {
      const { lang, ...query } = request.query;
      const agencyId = requireAgency(request);
      return sendWorkbook(request, reply, 'sale-orders.xlsx', async (stream) => {
        const columns = saleOrderExportColumns(lang, await inAgency(db, agencyId, (tx) => agencyTimezone(tx, agencyId)));
        await writeWorkbook({ stream, lang, sheetName: lang === 'ar' ? 'أوامر البيع' : 'Sale orders', columns, rows: (visit) => forEachSaleOrder(db, { agencyId, session: requireSession(request), query }, visit) });
      });
    },
  );

  r.get(
    '/saleOrder/:id',
    {
      config: { access: access.permission(so('view'), agency) },
      schema: { tags: soTags, summary: 'One sale order', params: ZIdParams, response: { 200: ZSaleOrder, ...errors } },
    },
    (request) => getSaleOrder(db, { agencyId: requireAgency(request), session: requireSession(request), id: request.params.id }),
  );

  r.post(
    '/saleOrder',
    {
      config: { access: access.permission(so('add'), agency) },
      schema: { tags: soTags, summary: 'Create a sale order', body: ZSaleOrderInput, response: { 201: ZSaleOrder, ...writeErrors } },
    },
    async (request, reply) => {
      const agencyId = requireAgency(request);
      const created = await createSaleOrder(db, { agencyId, session: requireSession(request), now: context.clock.now(), input: request.body });
      statsChanged(agencyId);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/saleOrder/:id',
    {
      config: { access: access.permission(so('edit'), agency) },
      schema: { tags: soTags, summary: 'Change a sale order (not below the sum of its LC quantities)', params: ZIdParams, body: ZSaleOrderInput, response: { 200: ZSaleOrder, ...writeErrors } },
    },
    async (request) => {
      const agencyId = requireAgency(request);
      const updated = await updateSaleOrder(db, { agencyId, session: requireSession(request), now: context.clock.now(), id: request.params.id, input: request.body });
      statsChanged(agencyId);
      return updated;
    },
  );

  r.delete(
    '/saleOrder/:id/reverse',
    {
      config: { access: access.permission(so('reverse'), agency) },
      schema: { tags: soTags, summary: 'Reverse a sale order (refused while it has live consignments)', params: ZIdParams, body: ZReasonBody, response: { 200: ZMessageResponse, ...writeErrors } },
    },
    async (request) => {
      const agencyId = requireAgency(request);
      await reverseSaleOrder(db, { agencyId, session: requireSession(request), now: context.clock.now(), id: request.params.id, reason: request.body.reason });
      statsChanged(agencyId);
      return { message: ProcurementMessages.saleOrderReversed };
    },
  );

  registerDocumentRoutes(api, context, {
    base: '/saleOrder',
    ownerType: 'saleOrder',
    permissionModule: 'SaleOrder',
    tag: 'sale orders',
    findOwner: (tx, { id, session }) => getSaleOrderIn(tx, { id, session }),
  });

  // ------------------------------------------------------------ consignments
  const lcTags = ['consignments'];

  r.get(
    '/consignments',
    {
      config: { access: access.permission(lc('view'), agency) },
      schema: { tags: lcTags, summary: 'Consignments in the user’s scope: search on LC/PO/ref number, filters, paging', querystring: ZConsignmentListQuery, response: { 200: ZConsignmentList, ...errors } },
    },
    (request) => listConsignments(db, { agencyId: requireAgency(request), session: requireSession(request), query: request.query }),
  );

  r.get(
    '/consignments/total-quantity',
    {
      config: { access: access.permission(lc('view'), agency) },
      schema: { tags: lcTags, summary: 'Total quantity (MT) and count of the consignments the filters select', querystring: ZConsignmentFilters, response: { 200: ZConsignmentTotal, ...errors } },
    },
    (request) => consignmentTotal(db, { agencyId: requireAgency(request), session: requireSession(request), query: request.query }),
  );

  r.get(
    '/consignments/export.xlsx',
    {
      config: { access: access.permission(lc('view'), agency) },
      schema: { tags: lcTags, summary: "Consignments in the user’s scope as an Excel file: every row matching the list's filters and sort, headers in `lang`", querystring: ZConsignmentExportQuery },
    },
    (request, reply) => {
      const { lang, ...query } = request.query;
      const viewer = { agencyId: requireAgency(request), session: requireSession(request) };
      return sendWorkbook(request, reply, 'consignments.xlsx', async (stream) => {
        const columns = consignmentExportColumns(lang, await inAgency(db, viewer.agencyId, (tx) => agencyTimezone(tx, viewer.agencyId)));
        await writeWorkbook({ stream, lang, sheetName: lang === 'ar' ? 'الإرساليات' : 'Consignments', columns, rows: (visit) => forEachConsignment(db, { ...viewer, query }, visit) });
      });
    },
  );

  r.get(
    '/consignments/lcPos',
    {
      // The LC/PO picker serves the shipping and port loading screens too: their view flags read it (still scoped).
      config: { access: access.permission(`${lc('view')},${permissionFlag('Shipping', 'view')},${permissionFlag('PortLoading', 'view')}`, agency) },
      schema: { tags: lcTags, summary: 'LC/PO picker: search over 2 characters (10 at most) or consignmentIdList', querystring: ZLcPoQuery, response: { 200: ZLcPoList, ...errors } },
    },
    (request) => lcPoOptions(db, { agencyId: requireAgency(request), session: requireSession(request), query: request.query }),
  );

  r.get(
    '/consignments/:id',
    {
      config: { access: access.permission(lc('view'), agency) },
      schema: { tags: lcTags, summary: 'One consignment in the user’s scope', params: ZIdParams, response: { 200: ZConsignment, ...errors } },
    },
    (request) => getConsignment(db, { agencyId: requireAgency(request), session: requireSession(request), id: request.params.id }),
  );

  r.post(
    '/consignments',
    {
      config: { access: access.permission(lc('add'), agency) },
      schema: { tags: lcTags, summary: 'Create a consignment (an LC or a PO) under a sale order', body: ZConsignmentInput, response: { 201: ZConsignment, ...writeErrors } },
    },
    async (request, reply) => {
      const agencyId = requireAgency(request);
      const created = await createConsignment(db, { agencyId, session: requireSession(request), now: context.clock.now(), input: request.body });
      statsChanged(agencyId);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/consignments/:id',
    {
      config: { access: access.permission(lc('edit'), agency) },
      schema: { tags: lcTags, summary: 'Change a consignment', params: ZIdParams, body: ZConsignmentInput, response: { 200: ZConsignment, ...writeErrors } },
    },
    async (request) => {
      const agencyId = requireAgency(request);
      const updated = await updateConsignment(db, { agencyId, session: requireSession(request), now: context.clock.now(), id: request.params.id, input: request.body });
      statsChanged(agencyId);
      return updated;
    },
  );

  r.delete(
    '/consignments/:id/consignment-reverse',
    {
      config: { access: access.permission(lc('reverse'), agency) },
      schema: { tags: lcTags, summary: 'Reverse a consignment (refused while port loadings or shipments exist)', params: ZIdParams, body: ZReasonBody, response: { 200: ZMessageResponse, ...writeErrors } },
    },
    async (request) => {
      const agencyId = requireAgency(request);
      await reverseConsignment(db, { agencyId, session: requireSession(request), now: context.clock.now(), id: request.params.id, reason: request.body.reason });
      statsChanged(agencyId);
      return { message: ProcurementMessages.consignmentReversed };
    },
  );

  registerDocumentRoutes(api, context, {
    base: '/consignments',
    ownerType: 'consignment',
    permissionModule: 'Consignment',
    tag: 'consignments',
    findOwner: consignmentOwner,
  });
}

