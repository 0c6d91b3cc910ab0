import {
  ZConsigneeDashboardQuery,
  ZConsigneeDetailQuery,
  ZConsigneeTripsQuery,
  ZCustomerDashboardQuery,
  ZCustomerDetailQuery,
  ZCustomerTripsQuery,
  ZPartnerInQtyList,
  ZPartnerOutQtyList,
  ZPartnerStats,
  ZPartnerTripList,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute } from '../../kit/route';
import { consigneeInQty, consigneeOutQty, consigneeStats, consigneeTripsIn, consigneeTripsOut } from './consignee.queries';
import { customerInQty, customerStats, customerTripsIn } from './customer.queries';

const tags = ['dashboard'];
const consigneeTab = { anyOf: [{ module: 'ConsigneeDashboard', action: 'view' as const }] };
const customerTab = { anyOf: [{ module: 'CustomerDashboard', action: 'view' as const }] };

/**
 * The Consignee and Customer tabs' calls (spec 2.13 and 7, all GET): behind canViewConsigneeDashboard /
 * canViewCustomerDashboard, within the user's data scope; a consignee or customer outside it answers 404.
 */
export function registerPartnerDashboardRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/consignee/get-consignee-stats',
    permission: consigneeTab,
    tags,
    summary: 'Consignee tab: the consignee’s locations with stock on hand, trips in and out over the period, in transit; the chart and totals by kind of place',
    querystring: ZConsigneeDashboardQuery,
    response: ZPartnerStats,
    work: (tx, actor, { query }) => consigneeStats(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/consignee/get-consignee-trips-in-detail',
    permission: consigneeTab,
    tags,
    summary: 'Consignee tab, level 1: the trucks received at a location with the consignee’s cargo, and those on their way (pending)',
    querystring: ZConsigneeTripsQuery,
    response: ZPartnerTripList,
    work: (tx, actor, { query }) => consigneeTripsIn(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/consignee/get-consignee-trips-out-detail',
    permission: consigneeTab,
    tags,
    summary: 'Consignee tab, level 1: the trucks that left a location with the consignee’s cargo (pending until received)',
    querystring: ZConsigneeTripsQuery,
    response: ZPartnerTripList,
    work: (tx, actor, { query }) => consigneeTripsOut(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/consignee/get-consignee-in-qty-detail',
    permission: consigneeTab,
    tags,
    summary: 'Consignee tab, level 2: what reached the consignee’s stock at a location, by source, LC/PO and voyage',
    querystring: ZConsigneeDetailQuery,
    response: ZPartnerInQtyList,
    work: (tx, actor, { query }) => consigneeInQty(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/consignee/get-consignee-out-qty-detail',
    permission: consigneeTab,
    tags,
    summary: 'Consignee tab, level 2: what left the consignee’s stock at a location, by type, LC/PO and receiving party',
    querystring: ZConsigneeDetailQuery,
    response: ZPartnerOutQtyList,
    work: (tx, actor, { query }) => consigneeOutQty(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/customer/get-customer-stats',
    permission: customerTab,
    tags,
    summary: 'Customer tab: the customer’s delivery locations with stock on hand, trips in and out over the period, in transit; the chart and totals by kind of place',
    querystring: ZCustomerDashboardQuery,
    response: ZPartnerStats,
    work: (tx, actor, { query }) => customerStats(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/customer/get-customer-trips-in-detail',
    permission: customerTab,
    tags,
    summary: 'Customer tab, level 1: the trucks received at one of the customer’s locations, and those on their way (pending)',
    querystring: ZCustomerTripsQuery,
    response: ZPartnerTripList,
    work: (tx, actor, { query }) => customerTripsIn(tx, actor, query),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/dashboard/customer/get-customer-in-qty-detail',
    permission: customerTab,
    tags,
    summary: 'Customer tab, level 2: what reached the stock at one of the customer’s locations, by source, LC/PO and voyage',
    querystring: ZCustomerDetailQuery,
    response: ZPartnerInQtyList,
    work: (tx, actor, { query }) => customerInQty(tx, actor, query),
  });
}
