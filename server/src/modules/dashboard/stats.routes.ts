import { ZDashboardStats, ZDashboardStatsQuery } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { cargoRoute } from '../../kit/route';
import { forbidden } from '../../platform/errors';
import { localDay } from '../port-loading/loading-slips.service';
import type { ModuleContext } from '../module-context';
import { inOutStats } from './stats.queries';

/** The attached vessel/voyage filter of the IN/OUT stats (spec 6): without it, `bindingVoyageId` is refused. */
export const STATS_ATTACHED_VESSEL_FLAG = 'canViewInOutStatsDashboardAttachedVessel';

/**
 * `GET /api/dashboard/stats` (spec 2.13 "IN/OUT Stats tab", 3, 7): the 12 cards' figures for the filters, behind
 * canViewInOutStatsDashboard, within the user's scope. The period's dates are business days in the agency's time zone;
 * each absent one is today (spec 9) unless the other given date lies on its wrong side (then that date); a period that
 * ends before it starts is a 400.
 */
export function registerStatsDashboardRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/stats',
    permission: { anyOf: [{ module: 'InOutStatsDashboard', action: 'view' }] },
    tags: ['dashboard'],
    summary: 'IN/OUT Stats tab: trips out of the port, warehouses and consignee locations in a period, and what of them was received at warehouses, consignee and customer locations',
    querystring: ZDashboardStatsQuery,
    response: ZDashboardStats,
    work: async (tx, actor, { query }) => {
      if (query.bindingVoyageId !== undefined && !actor.can(STATS_ATTACHED_VESSEL_FLAG)) throw forbidden();
      const timezone = await agencyTimezone(tx, actor.agencyId);
      const today = localDay(actor.now, timezone);
      // An absent date is today; but never so as to end a period before it starts (a start after today alone is
      // that one day, an end before today alone too). Both given out of order: the schema's 400.
      const startDate = query.startDate ?? (query.endDate !== undefined && query.endDate < today ? query.endDate : today);
      const endDate = query.endDate ?? (startDate > today ? startDate : today);
      return inOutStats(tx, actor.agencyId, { scope: actor.scope, filters: query, startDate, endDate, timezone });
    },
  });
}
