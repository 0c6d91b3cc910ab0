import type { TPartnerInQtyRow, TPartnerOutQtyRow, TPartnerStats, ZConsigneeDashboardQuery, ZConsigneeDetailQuery, ZConsigneeTripsQuery } from '@tonnage/contracts';
import type { z } from 'zod';
import type { ReadActor } from '../../kit/actor';
import type { JsonText } from '../../kit/route';
import type { Db } from '../../platform/db/client';
import { partnerInQty, partnerOutQty, partnerStats, partnerTripsIn, partnerTripsOut, resolvePartner, tripPageOf } from './partner.queries';

/*
 * The Consignee tab (spec 2.13 'Consignee Stats', 7: `/api/dashboard/consignee/...`): a consignee's (or, with
 * `isShipmentManager`, a shipment manager's) own stock at consignee delivery locations, its trips in and out there,
 * and the quantity details. The reads are partner.queries.ts's, shared with the Customer tab.
 */

type StatsQuery = z.output<typeof ZConsigneeDashboardQuery>;
type DetailQuery = z.output<typeof ZConsigneeDetailQuery>;
type TripsQuery = z.output<typeof ZConsigneeTripsQuery>;

const resolve = (tx: Db, actor: ReadActor, query: StatsQuery) => resolvePartner(tx, actor, 'consignee', query.consigneeId, query);

/** A detail's location: the schema requires it (400 'Please select a location!'). */
const locationOf = (query: DetailQuery): number => query.locationId ?? 0;

export async function consigneeStats(tx: Db, actor: ReadActor, query: StatsQuery): Promise<TPartnerStats> {
  return partnerStats(tx, await resolve(tx, actor, query));
}

export async function consigneeTripsIn(tx: Db, actor: ReadActor, query: TripsQuery): Promise<JsonText> {
  return partnerTripsIn(tx, await resolve(tx, actor, query), locationOf(query), query.type, tripPageOf(query));
}

export async function consigneeTripsOut(tx: Db, actor: ReadActor, query: TripsQuery): Promise<JsonText> {
  return partnerTripsOut(tx, await resolve(tx, actor, query), locationOf(query), query.type, tripPageOf(query));
}

export async function consigneeInQty(tx: Db, actor: ReadActor, query: DetailQuery): Promise<TPartnerInQtyRow[]> {
  return partnerInQty(tx, await resolve(tx, actor, query), locationOf(query), query.type);
}

export async function consigneeOutQty(tx: Db, actor: ReadActor, query: DetailQuery): Promise<TPartnerOutQtyRow[]> {
  return partnerOutQty(tx, await resolve(tx, actor, query), locationOf(query), query.type);
}
