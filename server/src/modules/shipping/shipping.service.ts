import {
  COMPANY_TYPE_IDS,
  ErrorCode,
  Messages,
  ShippingMessages,
  kgToTonnes,
  tonnesToKg,
  type TShipment,
  type TShipmentList,
  type TShipmentTotal,
} from '@tonnage/contracts';
import type { z } from 'zod';
import type { ShipmentSortField, ZShipmentExportQuery, ZShipmentFilters, ZShipmentInput, ZShipmentListQuery, ZNewVoyage } from '@tonnage/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { vesselAccount, onBoardAccount } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import type { CommandActor } from '../../kit/actor';
import { recordAudit } from '../../platform/audit/audit';
import type { DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { caseless, orderByAllowed } from '../../platform/db/list-order';
import { escapeLike, uniqueViolation } from '../../platform/db/query-helpers';
import { assertNotConsumed } from '../../platform/consumers';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { columnOf } from '../master-data/master-data.schema';
import { quantityApprovals } from '../vessel-approval/vessel-approval.schema';
import {
  berthIdColumn,
  berthName,
  berths,
  blConsigneeIdColumn,
  blConsigneeName,
  blConsignees,
  cargoTypeIdColumn,
  cargoTypeName,
  cargoTypes,
  consignmentScope,
  consignments,
  creators,
  kg,
  lcPoNumber,
  ledgerAccounts,
  loadedKg,
  onBoardAccountJoin,
  portIdColumn,
  portName,
  ports,
  reversers,
  shipments,
  updaters,
  userName,
  vesselIdColumn,
  vesselName,
  vessels,
  voyages,
} from './shipping.queries';

type ShipmentFilters = z.output<typeof ZShipmentFilters>;
type ShipmentListQuery = z.output<typeof ZShipmentListQuery>;
type ShipmentExportQuery = Omit<z.output<typeof ZShipmentExportQuery>, 'lang'>;
type ShipmentInput = z.output<typeof ZShipmentInput>;
type NewVoyage = z.output<typeof ZNewVoyage>;

/** Who does a change and when; every write takes it with the agency and the user's scope. */
export type Actor = CommandActor;

const LEDGER_TYPE = 'shipping';
const SOURCE_TABLE = 'shipments';

function shipmentSelection() {
  return {
    id: shipments.id,
    voyageId: shipments.voyageId,
    vesselId: voyages.vesselId,
    vesselName: sql<string>`${vesselName}`,
    voyageNumber: voyages.voyageNumber,
    portId: voyages.portId,
    portName: sql<string>`${portName}`,
    berthId: voyages.berthId,
    berthName: sql<string | null>`${berthName}`,
    arrivalDate: voyages.arrivalDate,
    completionDate: voyages.completionDate,
    consignmentId: shipments.consignmentId,
    lcPo: lcPoNumber,
    refNumber: consignments.refNumber,
    cargoTypeId: consignments.cargoTypeId,
    cargoTypeName: sql<string>`${cargoTypeName}`,
    shipmentManagerId: consignments.shipmentManagerId,
    consignmentQuantityKg: consignments.quantityKg,
    blNumber: shipments.blNumber,
    blQuantityKg: shipments.blQuantityKg,
    blConsigneeId: shipments.blConsigneeId,
    blConsigneeName: sql<string>`${blConsigneeName}`,
    blDate: shipments.blDate,
    onBoardKg: sql<string | null>`${ledgerAccounts.balanceKg}::text`,
    loadedKg,
    status: shipments.status,
    createdAt: shipments.createdAt,
    createdBy: userName(creators),
    updatedAt: shipments.updatedAt,
    updatedBy: userName(updaters),
    reversedAt: shipments.reversedAt,
    reversedBy: userName(reversers),
    reverseReason: shipments.reverseReason,
  };
}

/** The shipments query with every join the rows need; `where` narrows it. */
function shipmentQuery(tx: Db, where: SQL | undefined) {
  return tx
    .select(shipmentSelection())
    .from(shipments)
    .innerJoin(voyages, eq(voyages.id, shipments.voyageId))
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .innerJoin(ports, eq(portIdColumn, voyages.portId))
    .leftJoin(berths, eq(berthIdColumn, voyages.berthId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(cargoTypes, eq(cargoTypeIdColumn, consignments.cargoTypeId))
    .innerJoin(blConsignees, eq(blConsigneeIdColumn, shipments.blConsigneeId))
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.agencyId, shipments.agencyId), onBoardAccountJoin(shipments.voyageId, shipments.consignmentId)))
    .innerJoin(creators, eq(creators.id, shipments.createdBy))
    .leftJoin(updaters, eq(updaters.id, shipments.updatedBy))
    .leftJoin(reversers, eq(reversers.id, shipments.reversedBy))
    .where(where);
}

type ShipmentRow = Awaited<ReturnType<typeof shipmentQuery>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toShipment(row: ShipmentRow): TShipment {
  const active = row.status === 'Active';
  return {
    id: row.id,
    voyageId: row.voyageId,
    voyage: {
      id: row.voyageId,
      vesselId: row.vesselId,
      vesselName: row.vesselName,
      voyageNumber: row.voyageNumber,
      portId: row.portId,
      portName: row.portName,
      berthId: row.berthId,
      berthName: row.berthName,
      arrivalDate: row.arrivalDate,
      completionDate: row.completionDate,
    },
    consignmentId: row.consignmentId,
    Consignment: {
      id: row.consignmentId,
      LC: { LCPONumber: row.lcPo },
      RefLC: { refNumber: row.refNumber },
      cargoTypeId: row.cargoTypeId,
      cargoTypeName: row.cargoTypeName,
      shipmentManagerId: row.shipmentManagerId,
      quantity: kgToTonnes(row.consignmentQuantityKg),
    },
    blNumber: row.blNumber,
    blQuantity: kgToTonnes(row.blQuantityKg),
    blConsigneeId: row.blConsigneeId,
    blConsigneeName: row.blConsigneeName,
    blDate: row.blDate,
    // A reversed shipment holds nothing on board any more; the account may belong to its successor.
    onBoardQuantity: kgToTonnes(active ? kg(row.onBoardKg) : 0n),
    loadedQuantity: kgToTonnes(active ? kg(row.loadedKg) : 0n),
    status: row.status === 'Reversed' ? 'Reversed' : 'Active',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ?? '',
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
    reversedAt: iso(row.reversedAt),
    reversedBy: row.reversedBy,
    reverseReason: row.reverseReason,
  };
}

/** The WHERE of the list and the total: agency, data scope and every filter, all in SQL. */
function filterConditions(agencyId: number, scope: DataScope, f: ShipmentFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(shipments.agencyId, agencyId), consignmentScope(scope)];
  if (f.status !== 'all') conditions.push(eq(shipments.status, f.status));
  if (f.voyageId) conditions.push(eq(shipments.voyageId, f.voyageId));
  if (f.vesselId) conditions.push(eq(voyages.vesselId, f.vesselId));
  if (f.consignmentId) conditions.push(eq(shipments.consignmentId, f.consignmentId));
  if (f.blConsigneeId) conditions.push(eq(shipments.blConsigneeId, f.blConsigneeId));
  if (f.shipmentManager) conditions.push(eq(consignments.shipmentManagerId, f.shipmentManager));
  if (f.cargoTypeId) conditions.push(eq(consignments.cargoTypeId, f.cargoTypeId));
  if (f.portId) conditions.push(eq(voyages.portId, f.portId));
  if (f.fromDate) conditions.push(gte(voyages.arrivalDate, f.fromDate));
  if (f.toDate) conditions.push(lte(voyages.arrivalDate, f.toDate));
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    conditions.push(or(ilike(shipments.blNumber, pattern), ilike(lcPoNumber, pattern), ilike(vesselName, pattern)));
  }
  return and(...conditions);
}

/** The list's sortable columns (contract `SHIPMENT_SORT_FIELDS`) in SQL: texts without letter case. */
const shipmentSort: Record<ShipmentSortField, SQL | AnyPgColumn> = {
  createdAt: shipments.createdAt,
  blNumber: caseless(shipments.blNumber),
  vesselName: caseless(vesselName),
  voyageNumber: caseless(voyages.voyageNumber),
  arrivalDate: voyages.arrivalDate,
  lcPoNumber: caseless(lcPoNumber),
  blConsigneeName: caseless(blConsigneeName),
  cargoTypeName: caseless(cargoTypeName),
  blQuantity: shipments.blQuantityKg,
  blDate: shipments.blDate,
};

/** Every shipment the list's filters and the user's scope match, in the list's order, as the Excel export's cursor source. */
export function shipmentExportSource(tx: Db, params: { agencyId: number; scope: DataScope; query: ShipmentExportQuery }): CursorSource<TShipment> {
  const { agencyId, scope, query } = params;
  const where = filterConditions(agencyId, scope, query);
  return cursorSource(shipmentQuery(tx, where).orderBy(...orderByAllowed(shipmentSort, query, shipments.id)), (_tx, rows) => rows.map(toShipment));
}

/** A page of shipments matching the filters, sorted (newest first), and their count. */
export async function listShipments(tx: Db, params: { agencyId: number; scope: DataScope; query: ShipmentListQuery }): Promise<TShipmentList> {
  const { agencyId, scope, query } = params;
  const where = filterConditions(agencyId, scope, query);
  const rows = await shipmentQuery(tx, where)
    .orderBy(...orderByAllowed(shipmentSort, query, shipments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted] = await countQuery(tx, where);
  return { rows: rows.map(toShipment), count: Number(counted?.count ?? 0) };
}

function countQuery(tx: Db, where: SQL | undefined) {
  return tx
    .select({ count: sql<number>`count(*)::int`, totalKg: sql<string>`coalesce(sum(${shipments.blQuantityKg}), 0)::text` })
    .from(shipments)
    .innerJoin(voyages, eq(voyages.id, shipments.voyageId))
    .innerJoin(vessels, eq(vesselIdColumn, voyages.vesselId))
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(where);
}

/** The total BL quantity and number of the shipments matching the filters. */
export async function shipmentTotal(tx: Db, params: { agencyId: number; scope: DataScope; filters: ShipmentFilters }): Promise<TShipmentTotal> {
  const [row] = await countQuery(tx, filterConditions(params.agencyId, params.scope, params.filters));
  return { totalQuantity: kgToTonnes(kg(row?.totalKg)), count: Number(row?.count ?? 0) };
}

/** One shipment of the agency within the user's scope (404 otherwise). */
export async function getShipment(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<TShipment> {
  const [row] = await shipmentQuery(tx, and(eq(shipments.agencyId, params.agencyId), eq(shipments.id, params.id), consignmentScope(params.scope)));
  if (!row) throw notFound('Shipment not found');
  return toShipment(row);
}

// ---------------------------------------------------------------- writes

const companyId = columnOf(blConsignees, 'id');
const companyType = columnOf(blConsignees, 'companyTypeId');
const companyActive = columnOf(blConsignees, 'isActive');

/**
 * Locks the consignments (in id order, so two edits touching the same pair cannot deadlock) and returns them.
 * The lock makes the BL-sum check and the insert one step for concurrent shipments of a consignment.
 */
async function lockConsignments(tx: Db, agencyId: number, ids: number[], scope: DataScope) {
  const rows = await tx
    .select({
      id: consignments.id,
      status: consignments.status,
      quantityKg: consignments.quantityKg,
      blConsigneeId: consignments.blConsigneeId,
      inScope: consignmentScope(scope) ?? sql<boolean>`true`,
    })
    .from(consignments)
    .where(and(eq(consignments.agencyId, agencyId), inArray(consignments.id, [...new Set(ids)])))
    .orderBy(asc(consignments.id))
    .for('update');
  return rows;
}

const consignmentUnknown = () => badRequest(ShippingMessages.consignmentRequired, { consignmentId: ShippingMessages.consignmentRequired });

/** Refuses a BL total above the consignment quantity (spec 5: 'LC quantity can not be less than its BL quantity.'). */
async function checkConsignmentSum(tx: Db, p: { consignmentId: number; consignmentKg: bigint; blKg: bigint; exceptShipmentId?: number }) {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${shipments.blQuantityKg}), 0)::text` })
    .from(shipments)
    .where(
      and(
        eq(shipments.consignmentId, p.consignmentId),
        eq(shipments.status, 'Active'),
        p.exceptShipmentId === undefined ? undefined : ne(shipments.id, p.exceptShipmentId),
      ),
    );
  if (kg(row?.total) + p.blKg > p.consignmentKg) {
    throw new AppError(409, ErrorCode.BUSINESS_RULE, Messages.lcBelowBl, { blQuantity: Messages.lcBelowBl });
  }
}

/** Checks a berth belongs to a port (both rows of the agency). */
async function checkBerth(tx: Db, berthId: number | null | undefined, portId: number): Promise<void> {
  if (!berthId) return;
  const [berth] = await tx.select({ portId: columnOf(berths, 'portId') }).from(berths).where(eq(berthIdColumn, berthId));
  if (!berth || Number(berth.portId) !== portId) throw badRequest(ShippingMessages.berthNotOfPort, { berthId: ShippingMessages.berthNotOfPort });
}


/** The voyage a shipment names: an existing one (`voyageId`), or a new one found by vessel + number or created. */
async function resolveVoyage(tx: Db, actor: Actor, input: { voyageId?: number | undefined; voyage?: NewVoyage | undefined }): Promise<number> {
  if (input.voyageId !== undefined) {
    const [found] = await tx.select({ id: voyages.id }).from(voyages).where(and(eq(voyages.agencyId, actor.agencyId), eq(voyages.id, input.voyageId)));
    if (!found) throw badRequest(ShippingMessages.voyageRequired, { voyageId: ShippingMessages.voyageRequired });
    return found.id;
  }
  const voyage = input.voyage;
  if (!voyage) throw badRequest(ShippingMessages.voyageRequired, { voyageId: ShippingMessages.voyageRequired });
  const [vessel] = await tx.select({ id: vesselIdColumn }).from(vessels).where(and(eq(vesselIdColumn, voyage.vesselId), eq(columnOf(vessels, 'isActive'), true)));
  if (!vessel) throw badRequest(ShippingMessages.vesselRequired, { 'voyage.vesselId': ShippingMessages.vesselRequired });
  const [port] = await tx.select({ id: portIdColumn }).from(ports).where(eq(portIdColumn, voyage.portId));
  if (!port) throw badRequest(ShippingMessages.portRequired, { 'voyage.portId': ShippingMessages.portRequired });
  await checkBerth(tx, voyage.berthId, voyage.portId);
  const sameVoyage = and(eq(voyages.agencyId, actor.agencyId), eq(voyages.vesselId, voyage.vesselId), sql`lower(${voyages.voyageNumber}) = lower(${voyage.voyageNumber})`);
  const [existing] = await tx.select({ id: voyages.id }).from(voyages).where(sameVoyage);
  if (existing) return existing.id;
  // A concurrent shipment may create the same voyage: the unique index decides, and we take the winner's row.
  const [created] = await tx
    .insert(voyages)
    .values({
      agencyId: actor.agencyId,
      vesselId: voyage.vesselId,
      voyageNumber: voyage.voyageNumber,
      portId: voyage.portId,
      berthId: voyage.berthId ?? null,
      arrivalDate: voyage.arrivalDate ?? null,
      completionDate: voyage.completionDate ?? null,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .onConflictDoNothing()
    .returning({ id: voyages.id });
  if (created) {
    await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'voyage', entityId: created.id, after: voyage, at: actor.now });
    return created.id;
  }
  const [winner] = await tx.select({ id: voyages.id }).from(voyages).where(sameVoyage);
  if (!winner) throw new Error('voyage neither created nor found');
  return winner.id;
}


/** The BL consignee: the one given (a consignee or shipment manager of the agency), else the consignment's. */
async function resolveBlConsignee(tx: Db, given: number | null | undefined, fallback: number): Promise<number> {
  if (!given) return fallback;
  const [company] = await tx
    .select({ id: companyId })
    .from(blConsignees)
    .where(and(eq(companyId, given), inArray(companyType, [COMPANY_TYPE_IDS.consignee, COMPANY_TYPE_IDS.shipmentManager]), eq(companyActive, true)));
  if (!company) throw badRequest(ShippingMessages.blConsigneeRequired, { blConsigneeId: ShippingMessages.blConsigneeRequired });
  return given;
}

/** Unique indexes of shipments as the 409 the user reads. */
function mapUniqueViolation(error: unknown): never {
  const constraint = uniqueViolation(error)?.constraint;
  if (constraint === 'shipments_voyage_bl_unique') throw conflict(ShippingMessages.blNumberTaken, { blNumber: ShippingMessages.blNumberTaken });
  if (constraint === 'shipments_voyage_consignment_unique') throw conflict(ShippingMessages.consignmentOnVoyage, { consignmentId: ShippingMessages.consignmentOnVoyage });
  throw error;
}

/** Pre-checks of the unique indexes, so the usual duplicate gets its message without aborting the transaction. */
async function checkDuplicates(tx: Db, p: { voyageId: number; consignmentId: number; blNumber: string; exceptShipmentId?: number }) {
  const except = p.exceptShipmentId === undefined ? undefined : ne(shipments.id, p.exceptShipmentId);
  const live = and(eq(shipments.voyageId, p.voyageId), eq(shipments.status, 'Active'), except);
  const [bl] = await tx.select({ id: shipments.id }).from(shipments).where(and(live, sql`lower(${shipments.blNumber}) = lower(${p.blNumber})`)).limit(1);
  if (bl) throw conflict(ShippingMessages.blNumberTaken, { blNumber: ShippingMessages.blNumberTaken });
  const [same] = await tx.select({ id: shipments.id }).from(shipments).where(and(live, eq(shipments.consignmentId, p.consignmentId))).limit(1);
  if (same) throw conflict(ShippingMessages.consignmentOnVoyage, { consignmentId: ShippingMessages.consignmentOnVoyage });
}

function postBl(tx: Db, actor: Actor, p: { shipmentId: number; voyageId: number; consignmentId: number; blKg: bigint }) {
  const key = { voyageId: p.voyageId, consignmentId: p.consignmentId };
  return post(tx, {
    agencyId: actor.agencyId,
    type: LEDGER_TYPE,
    source: { table: SOURCE_TABLE, id: p.shipmentId },
    userId: actor.userId,
    at: actor.now,
    lines: [
      { account: vesselAccount(key), quantityKg: -p.blKg },
      { account: onBoardAccount(key), quantityKg: p.blKg },
    ],
  });
}

const auditView = (row: { voyageId: number; consignmentId: number; blNumber: string; blQuantityKg: bigint; blConsigneeId: number; blDate: string | null; status?: string }) => ({
  voyageId: row.voyageId,
  consignmentId: row.consignmentId,
  blNumber: row.blNumber,
  blQuantity: kgToTonnes(row.blQuantityKg),
  blConsigneeId: row.blConsigneeId,
  blDate: row.blDate,
  ...(row.status ? { status: row.status } : {}),
});

/**
 * Creates a shipment and posts VESSEL -> ON_BOARD for its BL quantity, in the caller's agency transaction. The
 * consignment row is locked first, so the BL-sum rule holds for concurrent shipments of one consignment.
 */
export async function createShipment(tx: Db, actor: Actor, input: ShipmentInput): Promise<{ id: number }> {
  const [consignment] = await lockConsignments(tx, actor.agencyId, [input.consignmentId], actor.scope);
  if (!consignment || !consignment.inScope) throw consignmentUnknown();
  if (consignment.status !== 'Active') throw conflict(ShippingMessages.consignmentNotActive, { consignmentId: ShippingMessages.consignmentNotActive });
  const blKg = tonnesToKg(input.blQuantity);
  await checkConsignmentSum(tx, { consignmentId: consignment.id, consignmentKg: consignment.quantityKg, blKg });
  const voyageId = await resolveVoyage(tx, actor, input);
  const blConsigneeId = await resolveBlConsignee(tx, input.blConsigneeId, consignment.blConsigneeId);
  await checkDuplicates(tx, { voyageId, consignmentId: consignment.id, blNumber: input.blNumber });
  const values = {
    agencyId: actor.agencyId,
    voyageId,
    consignmentId: consignment.id,
    blNumber: input.blNumber,
    blQuantityKg: blKg,
    blConsigneeId,
    blDate: input.blDate ?? null,
    createdBy: actor.userId,
    createdAt: actor.now,
  };
  const [created] = await tx.insert(shipments).values(values).returning({ id: shipments.id }).catch(mapUniqueViolation);
  if (!created) throw new Error('shipment insert returned no row');
  const { transactionId } = await postBl(tx, actor, { shipmentId: created.id, voyageId, consignmentId: consignment.id, blKg });
  await tx.update(shipments).set({ ledgerTransactionId: transactionId }).where(eq(shipments.id, created.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'shipment', entityId: created.id, after: auditView(values), at: actor.now });
  return created;
}

/** The shipment row to change, locked, within the agency and the user's scope (404 otherwise). */
async function lockShipment(tx: Db, actor: Actor, id: number) {
  const [row] = await tx
    .select({ shipment: shipments })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(and(eq(shipments.agencyId, actor.agencyId), eq(shipments.id, id), consignmentScope(actor.scope)))
    .for('update', { of: shipments });
  if (!row) throw notFound('Shipment not found');
  if (row.shipment.status !== 'Active') throw conflict(ShippingMessages.shipmentReversed);
  return row.shipment;
}

/**
 * The refusal to change a BL's stock (reverse it, move it, change its BL quantity) while its out-turn stands: an
 * approved out-turn posted its difference against this BL quantity and account (reversing the out-turn takes it
 * back), a pending one will post it on its final approval. A rejected or reversed out-turn does not stand. The out-turn
 * row is read with a shared lock, so a concurrent edit or decision of it waits for this change, then sees it.
 */
async function outTurnRefusal(tx: Db, shipmentId: number): Promise<AppError | null> {
  const [outTurn] = await tx
    .select({ status: quantityApprovals.status })
    .from(quantityApprovals)
    .where(and(eq(quantityApprovals.shipmentId, shipmentId), ne(quantityApprovals.status, 'Reversed')))
    .for('share');
  if (outTurn?.status === 'Approved') return conflict(ShippingMessages.blOutTurnApproved);
  if (outTurn?.status === 'Pending') return conflict(ShippingMessages.blOutTurnPending);
  return null;
}

/**
 * Edits a shipment by reverse-and-repost in one transaction: the new BL quantity is posted, then the old posting
 * is reversed (in that order, so that an unchanged account only has to cover the difference). When port loadings
 * took more than the new quantity, ON_BOARD would go below zero and the ledger refuses with 'Quantity not available'.
 */
export async function updateShipment(tx: Db, actor: Actor, id: number, input: ShipmentInput): Promise<{ id: number }> {
  const current = await lockShipment(tx, actor, id);
  const locked = await lockConsignments(tx, actor.agencyId, [current.consignmentId, input.consignmentId], actor.scope);
  const consignment = locked.find((c) => c.id === input.consignmentId);
  if (!consignment || !consignment.inScope) throw consignmentUnknown();
  if (consignment.status !== 'Active') throw conflict(ShippingMessages.consignmentNotActive, { consignmentId: ShippingMessages.consignmentNotActive });
  const blKg = tonnesToKg(input.blQuantity);
  await checkConsignmentSum(tx, { consignmentId: consignment.id, consignmentKg: consignment.quantityKg, blKg, exceptShipmentId: id });
  const voyageId = await resolveVoyage(tx, actor, input);
  const moved = voyageId !== current.voyageId || consignment.id !== current.consignmentId;
  if (moved) await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'shipment', id } });
  if (moved || blKg !== current.blQuantityKg) {
    const refusal = await outTurnRefusal(tx, id);
    if (refusal) throw refusal;
  }
  const blConsigneeId = await resolveBlConsignee(tx, input.blConsigneeId, consignment.blConsigneeId);
  await checkDuplicates(tx, { voyageId, consignmentId: consignment.id, blNumber: input.blNumber, exceptShipmentId: id });

  const { transactionId } = await postBl(tx, actor, { shipmentId: id, voyageId, consignmentId: consignment.id, blKg });
  if (current.ledgerTransactionId === null) throw new Error(`shipment ${id} has no ledger transaction`);
  await reverse(tx, { agencyId: actor.agencyId, transactionId: current.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: 'Edited' });
  const values = { voyageId, consignmentId: consignment.id, blNumber: input.blNumber, blQuantityKg: blKg, blConsigneeId, blDate: input.blDate ?? null };
  await tx
    .update(shipments)
    .set({ ...values, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(shipments.id, id))
    .catch(mapUniqueViolation);
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'shipment', entityId: id, before: auditView(current), after: auditView(values), at: actor.now });
  return { id };
}

/**
 * Reverses a shipment: refused while an active port loading uses it ('This shipment has existing Port Loading.') or
 * its out-turn stands (approved or pending); otherwise the ledger posting is reversed and the row kept as Reversed with who, when and why.
 */
export async function reverseShipment(tx: Db, actor: Actor, id: number, reason: string): Promise<{ id: number }> {
  const current = await lockShipment(tx, actor, id);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'shipment', id } });
  const refusal = await outTurnRefusal(tx, id);
  if (refusal) throw refusal;
  if (current.ledgerTransactionId === null) throw new Error(`shipment ${id} has no ledger transaction`);
  await reverse(tx, { agencyId: actor.agencyId, transactionId: current.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx
    .update(shipments)
    .set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason.trim() })
    .where(eq(shipments.id, id));
  await recordAudit(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    action: 'reverse',
    entity: 'shipment',
    entityId: id,
    before: auditView(current),
    after: { status: 'Reversed', reason: reason.trim() },
    at: actor.now,
  });
  return { id };
}
