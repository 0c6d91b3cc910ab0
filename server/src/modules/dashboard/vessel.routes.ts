import { ZLcDetail, ZLcDetailQuery, ZPortDetail, ZPortDetailQuery, ZVesselDetail, ZVesselDetailQuery, ZVesselStats, ZVesselStatsQuery } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute } from '../../kit/route';
import { lcDetail, portDetail, vesselDetail, vesselStats } from './vessel.queries';

const tags = ['dashboard'];
/** The VESSEL tab's permission (spec 6: canViewDashboard). */
const permission = { anyOf: [{ module: 'Dashboard', action: 'view' }] } as const;

/**
 * The VESSEL tab's calls (spec 2.13, 7: `/api/dashboard/vessels/...`, all GET): the summary per voyage and LC/PO,
 * then three drill-down levels (vessel detail, a BL's port loadings, a port loading's destinations and
 * transporters), each within the user's data scope (vessel.queries.ts).
 */
export function registerVesselDashboardRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/vessels/get-vessel-stats',
    permission,
    tags,
    summary: 'Vessel tab: per voyage and LC/PO, what the vessel gave, loaded, in transit, delivered and remaining on board; chart of loaded versus remaining per voyage',
    querystring: ZVesselStatsQuery,
    response: ZVesselStats,
    work: (tx, actor, { query }) => vesselStats(tx, { agencyId: actor.agencyId, scope: actor.scope, filters: query }),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/vessels/get-vessel-detail',
    permission,
    tags,
    summary: 'Vessel tab, level 1: a voyage’s stat cards (quantity, on board, loaded, delivered, in transit, loans, difference) and its BLs',
    querystring: ZVesselDetailQuery,
    response: ZVesselDetail,
    work: (tx, actor, { query }) => vesselDetail(tx, { agencyId: actor.agencyId, scope: actor.scope, ...query }),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/vessels/get-lc-detail',
    permission,
    tags,
    summary: 'Vessel tab, level 2: a BL’s port loadings (to its BL consignee, to others, or all): issued, loaded and trips, remaining',
    querystring: ZLcDetailQuery,
    response: ZLcDetail,
    work: (tx, actor, { query }) => lcDetail(tx, { agencyId: actor.agencyId, scope: actor.scope, ...query }),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/vessels/get-port-detail',
    permission,
    tags,
    summary: 'Vessel tab, level 3: a port loading’s loaded, delivered and in-transit cargo per destination and per transporter',
    querystring: ZPortDetailQuery,
    response: ZPortDetail,
    work: (tx, actor, { query }) => portDetail(tx, { agencyId: actor.agencyId, scope: actor.scope, ...query }),
  });
}
