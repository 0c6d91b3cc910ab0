import { ZMapPointList } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute } from '../../kit/route';
import { mapPoints } from './map.queries';
import { registerVesselDashboardRoutes } from './vessel.routes';
import { registerStatsDashboardRoutes } from './stats.routes';
import { registerWarehouseDashboardRoutes } from './warehouse.routes';
import { registerPartnerDashboardRoutes } from './partners.routes';

const tags = ['dashboard'];

/**
 * The dashboard's calls (spec 2.13 and 7, `/api/dashboard/...`, all GET): one route per call, each behind its tab's
 * permission (spec 6), each reading in the request's agency transaction within the user's data scope. Each tab's
 * reads live in their own `<tab>.queries.ts` beside this file.
 */
export function registerDashboardRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/map',
    permission: { anyOf: [{ module: 'MapDashboard', action: 'view' }] },
    tags,
    summary: 'Map tab: the agency’s customers’ and consignees’ headquarters, their delivery locations and the warehouses, as coloured points',
    response: ZMapPointList,
    work: (tx, actor) => mapPoints(tx, { scope: actor.scope }),
  });
  registerVesselDashboardRoutes(api, context);
  registerStatsDashboardRoutes(api, context);
  registerWarehouseDashboardRoutes(api, context);
  registerPartnerDashboardRoutes(api, context);
}
