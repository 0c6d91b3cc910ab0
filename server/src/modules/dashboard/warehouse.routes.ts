import {
  WAREHOUSE_DASHBOARD_EXCEL,
  ZConsigneeConsignments,
  ZConsigneeConsignmentsQuery,
  ZConsignmentDetailQuery,
  ZConsignmentOutQtyQuery,
  ZSiloDetail,
  ZSiloDetailQuery,
  ZWarehouseDashboardQuery,
  ZWarehouseDetail,
  ZWarehouseDetailQuery,
  ZWarehouseExcelQuery,
  ZWarehouseInQtyDetail,
  ZWarehouseOutQtyDetail,
  ZWarehouseSiloDetail,
  ZWarehouseStats,
  ZConsignmentTripsQuery,
  ZWarehouseTripsIn,
  ZWarehouseTripsOut,
  hasPermission,
  recordIdText,
  type PermissionRequirement,
} from '@tonnage/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../kit/actor';
import { cargoRoute, fileRoute, runCommand } from '../../kit/route';
import { requireAgency, requireSession } from '../../identity/access';
import { sendWorkbook } from '../../platform/excel';
import { forbidden, notFound } from '../../platform/errors';
import { agencies } from '../../identity/agencies.schema';
import { eq } from 'drizzle-orm';
import type { ModuleContext } from '../module-context';
import {
  consigneeConsignments,
  consignmentInQty,
  consignmentOutQty,
  consignmentTripsIn,
  consignmentTripsOut,
  siloDetail,
  warehouseDetail,
  warehouseSiloDetail,
  warehouseStats,
  type WarehouseFilters,
  type WarehouseReader,
} from './warehouse.queries';
import { writeWarehouseLcExcel, writeWarehouseSummaryExcel } from './warehouse-excel';

const tags = ['dashboard'];

/** canViewWarehouseDashboard (spec 6). */
const TAB: PermissionRequirement = { anyOf: [{ module: 'WarehouseDashboard', action: 'view' }] };
/** The attached-vessel filter's flag (spec 6). */
export const ATTACHED_VESSEL_FLAG = 'canViewWarehouseDashboardAttachedVessel';
/** The Excel export's flag (spec 6). */
export const EXCEL_FLAG = 'canViewWarehouseDashboardExcel';

/** The reader of an actor; refuses the attached-vessel filter without its flag (403, spec 8's message). */
function readerOf(tx: WarehouseReader['tx'], actor: Actor, query: WarehouseFilters): WarehouseReader {
  if (query.bindingVoyageId !== undefined && !actor.can(ATTACHED_VESSEL_FLAG)) throw forbidden();
  return { tx, agencyId: actor.agencyId, scope: actor.scope };
}

/** Narrows a parsed query whose schema required the field (the schema refused it missing with the spec's message). */
function need<Q extends object, K extends keyof Q>(query: Q, ...keys: K[]): Q & { [P in K]-?: Exclude<Q[P], undefined> } {
  for (const key of keys) if (query[key] === undefined) throw new Error(`${String(key)} is required by the query schema`);
  return query as Q & { [P in K]-?: Exclude<Q[P], undefined> };
}

/**
 * The Warehouse tab (spec 2.13, 7): nine GET calls under `/api/dashboard/warehouse/`, behind canViewWarehouseDashboard
 * within the user's data scope, and its two Excel exports under `/api/reports-excel/:agencyId/` (also
 * canViewWarehouseDashboardExcel). Reads in warehouse.queries.ts, sheets in warehouse-excel.ts.
 */
export function registerWarehouseDashboardRoutes(api: FastifyInstance, context: ModuleContext): void {
  const base = '/dashboard/warehouse';
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-warehouse-stats`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: per warehouse and cargo type the stock on hand, received from the port and the trips in and out of the period, totals and the pie chart',
    querystring: ZWarehouseDashboardQuery,
    response: ZWarehouseStats,
    work: (tx, actor, { query }) => warehouseStats(readerOf(tx, actor, query), query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-warehouse-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: a warehouse’s consignees and cargo types on hand; its silos and their chart for a silo warehouse',
    querystring: ZWarehouseDetailQuery,
    response: ZWarehouseDetail,
    work: (tx, actor, { query }) => warehouseDetail(readerOf(tx, actor, query), need(query, 'locationId'), actor.lang),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-warehouse-silo-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: a warehouse per silo (and open area): quantity, capacity, the consignees in each, the chart',
    querystring: ZWarehouseDetailQuery,
    response: ZWarehouseSiloDetail,
    work: (tx, actor, { query }) => warehouseSiloDetail(readerOf(tx, actor, query), need(query, 'locationId'), actor.lang),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-consignee-consignments`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: a consignee’s LCs/POs at a warehouse (or one silo): on hand, committed, usable, trips in and out',
    querystring: ZConsigneeConsignmentsQuery,
    response: ZConsigneeConsignments,
    work: (tx, actor, { query }) => consigneeConsignments(readerOf(tx, actor, query), need(query, 'locationId', 'consigneeId')),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-consignment-trips-in-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: the trucks that brought an LC/PO’s cargo into the warehouse over the period',
    querystring: ZConsignmentTripsQuery,
    response: ZWarehouseTripsIn,
    work: (tx, actor, { query }) => consignmentTripsIn(readerOf(tx, actor, query), need(query, 'locationId', 'consignmentId')),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-consignment-in-qty-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: what came into an LC/PO’s stock at the warehouse over the period, per source',
    querystring: ZConsignmentDetailQuery,
    response: ZWarehouseInQtyDetail,
    work: (tx, actor, { query }) => consignmentInQty(readerOf(tx, actor, query), need(query, 'locationId', 'consignmentId')),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-consignment-trips-out-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: the trucks that took an LC/PO’s cargo out over the period, and its pending (committed) pre-outs',
    querystring: ZConsignmentTripsQuery,
    response: ZWarehouseTripsOut,
    work: (tx, actor, { query }) => consignmentTripsOut(readerOf(tx, actor, query), need(query, 'locationId', 'consignmentId')),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-consignment-out-qty-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: what left an LC/PO’s stock at the warehouse over the period, per type; handling losses paginated',
    querystring: ZConsignmentOutQtyQuery,
    response: ZWarehouseOutQtyDetail,
    work: (tx, actor, { query }) => consignmentOutQty(readerOf(tx, actor, query), need(query, 'locationId', 'consignmentId')),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: `${base}/get-silo-detail`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab: one silo (quantity, capacity) and the consignees with stock in it',
    querystring: ZSiloDetailQuery,
    response: ZSiloDetail,
    work: (tx, actor, { query }) => siloDetail(readerOf(tx, actor, query), need(query, 'locationId', 'siloId'), actor.lang),
  });

  const ZAgencyParams = z.object({ agencyId: recordIdText() });
  /**
   * The agency in the path: a super admin names any existing agency with it (as with the x-agency-id header); for
   * everyone else it must be the request's agency (403). The user needs the Excel flag, and the attached-vessel
   * flag to filter by it: refused before the download starts (a failure once the file streams is a broken file).
   */
  const checkExport = async (request: FastifyRequest, agencyId: number, filters: WarehouseFilters): Promise<void> => {
    const session = requireSession(request);
    if (session.isSuperAdmin && agencyId !== requireAgency(request)) {
      const [found] = await context.database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
      if (!found) throw notFound();
      request.agencyId = agencyId;
    }
    if (agencyId !== requireAgency(request)) throw forbidden();
    if (!hasPermission(session, EXCEL_FLAG)) throw forbidden();
    if (filters.bindingVoyageId !== undefined && !hasPermission(session, ATTACHED_VESSEL_FLAG)) throw forbidden();
  };
  fileRoute(api, {
    url: `/reports-excel/:agencyId/${WAREHOUSE_DASHBOARD_EXCEL.summary}`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab as Excel: per warehouse and cargo type, with totals (canViewWarehouseDashboardExcel)',
    params: ZAgencyParams,
    querystring: ZWarehouseExcelQuery,
    send: async (request, reply, { params, query }) => {
      const { lang, ...filters } = query;
      await checkExport(request, params.agencyId, filters);
      return sendWorkbook(request, reply, WAREHOUSE_DASHBOARD_EXCEL.summary, (stream) =>
        runCommand(context, request, async (tx, actor) => writeWarehouseSummaryExcel(stream, readerOf(tx, actor, filters), filters, lang)),
      );
    },
  });
  fileRoute(api, {
    url: `/reports-excel/:agencyId/${WAREHOUSE_DASHBOARD_EXCEL.lc}`,
    permission: TAB,
    tags,
    summary: 'Warehouse tab as Excel: per warehouse, consignee and LC/PO (canViewWarehouseDashboardExcel)',
    params: ZAgencyParams,
    querystring: ZWarehouseExcelQuery,
    send: async (request, reply, { params, query }) => {
      const { lang, ...filters } = query;
      await checkExport(request, params.agencyId, filters);
      return sendWorkbook(request, reply, WAREHOUSE_DASHBOARD_EXCEL.lc, (stream) =>
        runCommand(context, request, async (tx, actor) => writeWarehouseLcExcel(stream, readerOf(tx, actor, filters), filters, lang)),
      );
    },
  });
}
