import type { TPartnerInQtyRow, TPartnerStats, ZCustomerDashboardQuery, ZCustomerDetailQuery, ZCustomerTripsQuery } from '@tonnage/contracts';
import type { z } from 'zod';
import type { ReadActor } from '../../kit/actor';
import type { JsonText } from '../../kit/route';
import type { Db } from '../../platform/db/client';
import { partnerInQty, partnerStats, partnerTripsIn, resolvePartner, tripPageOf } from './partner.queries';

/*
 * The Customer tab (spec 2.13 'Customer Stats', 7: `/api/dashboard/customer/...`): the stock at a customer's own
 * delivery locations, the trucks received there and the in-quantity detail (no trips out, no out-quantity: spec
 * 2.13). The reads are partner.queries.ts's, shared with the Consignee tab.
 */

type StatsQuery = z.output<typeof ZCustomerDashboardQuery>;
type DetailQuery = z.output<typeof ZCustomerDetailQuery>;
type TripsQuery = z.output<typeof ZCustomerTripsQuery>;

const resolve = (tx: Db, actor: ReadActor, query: StatsQuery) => resolvePartner(tx, actor, 'customer', query.customerId, query);

/** A detail's location: the schema requires it (400 'Please select a location!'). */
const locationOf = (query: DetailQuery): number => query.locationId ?? 0;

export async function customerStats(tx: Db, actor: ReadActor, query: StatsQuery): Promise<TPartnerStats> {
  return partnerStats(tx, await resolve(tx, actor, query));
}

export async function customerTripsIn(tx: Db, actor: ReadActor, query: TripsQuery): Promise<JsonText> {
  return partnerTripsIn(tx, await resolve(tx, actor, query), locationOf(query), query.type, tripPageOf(query));
}

export async function customerInQty(tx: Db, actor: ReadActor, query: DetailQuery): Promise<TPartnerInQtyRow[]> {
  return partnerInQty(tx, await resolve(tx, actor, query), locationOf(query), query.type);
}
