import {
  ShippingMessages,
  kgToTonnes,
  vesselVoyageLabel,
  type TConsigneeVoyages,
  type TVoyageDetail,
  type TVoyageList,
  type TVoyageListItem,
  type ZConsigneeVoyagesQuery,
  type ZVesselVoyageNumberQuery,
  type ZVoyageListQuery,
  type ZVoyageUpdate,
} from '@tonnage/contracts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { escapeLike } from '../../platform/db/query-helpers';
import { badRequest, notFound } from '../../platform/errors';
import { columnOf } from '../master-data/master-data.schema';
import {
  berthIdColumn,
  berthName,
  berths,
  consignmentScope,
  consignments,
  kg,
  lcPoNumber,
  ledgerAccounts,
  onBoardAccountJoin,
  portIdColumn,
  portName,
  ports,
  shipments,
  vesselIdColumn,
  vesselName,
  vessels,
  voyages,
} from './shipping.queries';
import type { Actor } from './shipping.service';

type VoyageListQuery = z.output<typeof ZVoyageListQuery>;
type VoyageUpdate = z.output<typeof ZVoyageUpdate>;
type ConsigneeVoyagesQuery = z.output<typeof ZConsigneeVoyagesQuery>;
type VesselVoyageNumberQuery = z.output<typeof ZVesselVoyageNumberQuery>;

/** Active shipments of the voyage the user may see: their number and BL total (kilograms as text). */
function shipmentTotals(scope: DataScope) {
  const visible = and(eq(shipments.voyageId, voyages.id), eq(shipments.status, 'Active'), consignmentScope(scope));
  return {
    shipmentCount: sql<number>`(select count(*)::int from ${shipments} join ${consignments} on ${consignments.id} = ${shipments.consignmentId} where ${visible})`,
    totalBlKg: sql<string>`(select coalesce(sum(${shipments.blQuantityKg}), 0)::text from ${shipments} join ${consignments} on ${consignments.id} = ${shipments.consignmentId} where ${visible})`,
  };
}

function voyageQuery(tx: Db, scope: DataScope, where: SQL | undefined) {
  return tx
    .select({
      id: voyages.id,
      vesselId: voyages.vesselId,
      vesselName: sql<string>`${vesselName}`,
      voyageNumber: voyages.voyageNumber,
      portId: voyages.portId,
      portName: sql<string>`${portName}`,
      berthId: voyages.berthId,
      berthName: sql<string | null>`${berthName}`,
      arrivalDate: voyages.arrivalDate,
      completionDate: voyages.completionDate,
      ...shipmentTotals(scope),
    })
    .from(voyages)
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .innerJoin(ports, eq(portIdColumn, voyages.portId))
    .leftJoin(berths, eq(berthIdColumn, voyages.berthId))
    .where(where);
}

type VoyageRow = Awaited<ReturnType<typeof voyageQuery>>[number];

function toVoyage(row: VoyageRow): TVoyageListItem {
  const { totalBlKg, shipmentCount, ...rest } = row;
  return { ...rest, shipmentCount: Number(shipmentCount), totalBlQuantity: kgToTonnes(kg(totalBlKg)) };
}

const searchVesselVoyage = (search: string) => {
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(vesselName, pattern), ilike(voyages.voyageNumber, pattern));
};

/** A page of the agency's voyages (latest arrival first), filtered by vessel, port and a vessel/voyage search. */
export async function listVoyages(tx: Db, params: { agencyId: number; scope: DataScope; query: VoyageListQuery }): Promise<TVoyageList> {
  const { agencyId, scope, query } = params;
  const where = and(
    eq(voyages.agencyId, agencyId),
    query.vesselId ? eq(voyages.vesselId, query.vesselId) : undefined,
    query.portId ? eq(voyages.portId, query.portId) : undefined,
    query.search ? searchVesselVoyage(query.search) : undefined,
  );
  const rows = await voyageQuery(tx, scope, where)
    .orderBy(sql`${voyages.arrivalDate} desc nulls first`, desc(voyages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(voyages)
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .where(where);
  return { rows: rows.map(toVoyage), count: Number(counted?.count ?? 0) };
}

/** One voyage with its BL total and what is still on board, over the consignments the user may see. */
export async function getVoyage(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<TVoyageDetail> {
  const [row] = await voyageQuery(tx, params.scope, and(eq(voyages.agencyId, params.agencyId), eq(voyages.id, params.id)));
  if (!row) throw notFound('Voyage not found');
  const [onBoard] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceKg}), 0)::text` })
    .from(ledgerAccounts)
    .innerJoin(consignments, eq(consignments.id, ledgerAccounts.consignmentId))
    .where(and(eq(ledgerAccounts.agencyId, params.agencyId), onBoardAccountJoin(params.id, ledgerAccounts.consignmentId), consignmentScope(params.scope)));
  return { ...toVoyage(row), onBoardQuantity: kgToTonnes(kg(onBoard?.total)) };
}

/** Sets a voyage's berth (of its port) and dates. */
export async function updateVoyage(tx: Db, actor: Actor, id: number, input: VoyageUpdate): Promise<TVoyageDetail> {
  const [current] = await tx.select().from(voyages).where(and(eq(voyages.agencyId, actor.agencyId), eq(voyages.id, id))).for('update');
  if (!current) throw notFound('Voyage not found');
  if (input.berthId) {
    const [berth] = await tx.select({ portId: columnOf(berths, 'portId') }).from(berths).where(eq(berthIdColumn, input.berthId));
    if (!berth || Number(berth.portId) !== current.portId) throw badRequest(ShippingMessages.berthNotOfPort, { berthId: ShippingMessages.berthNotOfPort });
  }
  const values = { berthId: input.berthId ?? null, arrivalDate: input.arrivalDate ?? null, completionDate: input.completionDate ?? null };
  await tx.update(voyages).set({ ...values, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(voyages.id, id));
  await recordAudit(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    action: 'update',
    entity: 'voyage',
    entityId: id,
    before: { berthId: current.berthId, arrivalDate: current.arrivalDate, completionDate: current.completionDate },
    after: values,
    at: actor.now,
  });
  return getVoyage(tx, { agencyId: actor.agencyId, scope: actor.scope, id });
}

/**
 * Voyages carrying consignments of a consignee, of shipment managers or of a cargo type (the flows' voyage
 * pickers): one row per voyage and consignment, at most `limit` (10). `withShipment` true keeps only active
 * shipments; false also offers voyages whose shipment of the consignment was reversed.
 */
export async function consigneeVoyages(tx: Db, params: { agencyId: number; scope: DataScope; query: ConsigneeVoyagesQuery }): Promise<TConsigneeVoyages> {
  const { agencyId, scope, query } = params;
  const rows = await tx
    .selectDistinctOn([voyages.id, consignments.id], {
      id: voyages.id,
      vesselName: sql<string>`${vesselName}`,
      voyageNumber: voyages.voyageNumber,
      consignmentId: consignments.id,
      lc: lcPoNumber,
    })
    .from(shipments)
    .innerJoin(voyages, eq(voyages.id, shipments.voyageId))
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(
      and(
        eq(shipments.agencyId, agencyId),
        query.withShipment ? eq(shipments.status, 'Active') : undefined,
        query.consigneeId ? eq(consignments.blConsigneeId, query.consigneeId) : undefined,
        query.smIds && query.smIds.length > 0 ? inArray(consignments.shipmentManagerId, query.smIds) : undefined,
        query.cargoId ? eq(consignments.cargoTypeId, query.cargoId) : undefined,
        query.vesselVoyageSearch ? searchVesselVoyage(query.vesselVoyageSearch) : undefined,
        consignmentScope(scope),
      ),
    )
    .orderBy(desc(voyages.id), asc(consignments.id))
    .limit(query.limit);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      vesselName: row.vesselName,
      voyageNumber: row.voyageNumber,
      vesselVoyage: vesselVoyageLabel(row),
      Consignment: { id: row.consignmentId, LC: row.lc },
    })),
  };
}

/**
 * Voyages whose vessel name or voyage number contains the search (the latest ones without a search), at most 10;
 * with `id` only that voyage. The same voyages as the list and `getVoyage` (a vessel call of the agency, row-level
 * security), so a value chosen from a search is always named again by its id.
 */
export async function vesselVoyageNumbers(tx: Db, params: { agencyId: number; query: VesselVoyageNumberQuery }) {
  const { query } = params;
  const rows = await tx
    .select({ id: voyages.id, vesselName: sql<string>`${vesselName}`, voyageNumber: voyages.voyageNumber })
    .from(voyages)
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .where(
      and(
        eq(voyages.agencyId, params.agencyId),
        query.id === undefined ? undefined : eq(voyages.id, query.id),
        query.search ? searchVesselVoyage(query.search) : undefined,
      ),
    )
    .orderBy(desc(voyages.id))
    .limit(params.query.limit);
  return { rows };
}
