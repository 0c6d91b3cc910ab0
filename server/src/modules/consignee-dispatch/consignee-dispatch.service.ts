import {
  ConsigneeDispatchMessages,
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  PortLoadingMessages,
  kgToTonnes,
  tonnesToKg,
  type TConsigneeOut,
  type TConsigneeOutEditValues,
  type TConsigneeOutList,
  type TConsigneeOutValues,
  type TReasonBody,
  type TStockPosition,
  ZConsigneeOutListQuery,
} from '@tonnage/contracts';
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import type { Position } from '../../ledger/accounts';
import { reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { nextNumber } from '../../identity/counters/counters';
import { inScope } from '../../identity/data-scope';
import { columnOf, locations, trucks } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { checkTripTruckAndDriver } from '../port-loading/loading-slips.service';
import { auditable, between, checkPosition, onHandPositions, plateOrLc, postDeparture, startTrip, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { consigneeOutScope, consigneeOutSort, selectConsigneeOuts, toConsigneeOut } from './consignee-dispatch.queries';
import { consigneeOuts } from './consignee-dispatch.schema';

/*
 * Consignee Out (spec 2.3 `consignee-out`, `consigneeLoadingSlips`; docs/domain.md "Stock is a ledger"): cargo on hand
 * at a consignee's delivery location leaves for a customer's delivery location, ON_HAND -> IN_TRANSIT on a new trip,
 * posted as a Warehouse Out posts (warehouse-dispatch's postDeparture), so the ledger's CHECK refuses more than usable
 * (409 Quantity not available), also when outs race. The truck and driver pass the port loading slip's checks
 * (port-loading's checkTripTruckAndDriver). The out is its consignee loading slip, numbered per agency without gaps
 * (agency_counters, in the same transaction), which a Customer In receives (receiving/slip-sources.ts: the slip kind `consigneeLoadingSlip`).
 */

const col = columnOf;
type Message = (typeof ConsigneeDispatchMessages)[keyof typeof ConsigneeDispatchMessages];
const ruleConflict = (message: Message) => new AppError(409, ErrorCode.BUSINESS_RULE, message);
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
/** The trip kind and ledger transaction type of a Consignee Out. */
const KIND = 'consigneeOut';
const TABLE = 'consignee_outs';

type ListQuery = z.output<typeof ZConsigneeOutListQuery>;
export type ConsigneeOutFilters = Omit<ListQuery, 'page' | 'limit'>;
/** A writer of outs: the command actor and the language of the truck rules' messages. */
export type ConsigneeOutWriter = CommandActor & Pick<Actor, 'lang'>;

// ---------------------------------------------------------------- places and the positions picker

/** An active delivery location of the agency owned by this kind of party, in the user's locations. */
async function isDeliveryLocation(tx: Db, actor: ReadActor, locationId: number, ownerType: 'consignee' | 'customer'): Promise<boolean> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  return !!location && Number(location.kind) === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === ownerType && inScope(actor.scope.locationIds, locationId);
}

/** `GET /api/consigneeOut/positions`: on-hand positions at consignee locations in scope (warehouse dispatch's read). */
export function consigneePositions(tx: Db, actor: ReadActor & { locationId?: number | undefined; consignmentId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { ...actor, place: 'consigneeLocation' });
}

/** The ON_HAND account an out draws on: the consignee location's open area. */
function positionOf(row: { locationId: number; ownerCompanyId: number; consignmentId: number; cargoTypeId: number; voyageId: number; attachedVoyageId: number }): Position {
  return { locationId: row.locationId, siloId: null, ownerCompanyId: row.ownerCompanyId, consignmentId: row.consignmentId, cargoTypeId: row.cargoTypeId, voyageId: row.voyageId, attachedVoyageId: row.attachedVoyageId };
}

// ---------------------------------------------------------------- the trip's checks

/** The truck and driver as the port loading slip checks them (any transporter's), trips counted among today's live outs. */
async function checkTruckAndDriver(tx: Db, actor: ConsigneeOutWriter, params: { truckId: number; driverId: number; quantityKg: bigint; at: Date; exceptId?: number }): Promise<void> {
  const { truckId, driverId } = params;
  await checkTripTruckAndDriver(tx, {
    agencyId: actor.agencyId,
    portLoading: { transporterKind: 'any', transporterId: null },
    truckId,
    driverId,
    quantityKg: params.quantityKg,
    loadedAt: params.at,
    lang: actor.lang,
    tripsToday: async (day) => {
      const [today] = await tx
        .select({
          truck: sql<number>`count(*) filter (where ${consigneeOuts.truckId} = ${truckId})::int`,
          driver: sql<number>`count(*) filter (where ${consigneeOuts.driverId} = ${driverId})::int`,
        })
        .from(consigneeOuts)
        .where(
          and(
            eq(consigneeOuts.agencyId, actor.agencyId),
            eq(consigneeOuts.status, 'Active'),
            or(eq(consigneeOuts.truckId, truckId), eq(consigneeOuts.driverId, driverId)),
            sql`${consigneeOuts.outAt} >= ${day.from}`,
            sql`${consigneeOuts.outAt} < ${day.to}`,
            params.exceptId === undefined ? undefined : sql`${consigneeOuts.id} <> ${params.exceptId}`,
          ),
        );
      return { truck: today?.truck ?? 0, driver: today?.driver ?? 0 };
    },
  });
}

/** A WBT number already on a live Consignee Out of the agency (other than the one edited) is refused, as on port slips. */
async function checkWbt(tx: Db, agencyId: number, wbtNumber: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: consigneeOuts.id })
    .from(consigneeOuts)
    .where(and(eq(consigneeOuts.agencyId, agencyId), eq(consigneeOuts.status, 'Active'), sql`lower(${consigneeOuts.wbtNumber}) = lower(${wbtNumber})`, exceptId === undefined ? undefined : sql`${consigneeOuts.id} <> ${exceptId}`))
    .limit(1);
  if (taken) throw new AppError(409, ErrorCode.CONFLICT, PortLoadingMessages.wbtTaken, { wbtNumber: PortLoadingMessages.wbtTaken });
}

// ---------------------------------------------------------------- lists

async function conditions(tx: Db, actor: ReadActor, q: ConsigneeOutFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  const search = q.search === undefined ? undefined : /^\d{1,9}$/.test(q.search) ? or(eq(consigneeOuts.slipNumber, Number(q.search)), plateOrLc(q.search)) : plateOrLc(q.search);
  return and(
    eq(consigneeOuts.agencyId, actor.agencyId),
    consigneeOutScope(actor.scope),
    q.locationId === undefined ? undefined : eq(consigneeOuts.locationId, q.locationId),
    q.toLocationId === undefined ? undefined : eq(consigneeOuts.toLocationId, q.toLocationId),
    q.consignmentId === undefined ? undefined : eq(consigneeOuts.consignmentId, q.consignmentId),
    q.truckId === undefined ? undefined : eq(consigneeOuts.truckId, q.truckId),
    q.received === undefined ? undefined : q.received === 'delivered' ? isNotNull(consigneeOuts.receivedTable) : isNull(consigneeOuts.receivedTable),
    q.status === 'all' ? undefined : eq(consigneeOuts.status, q.status),
    ...between(sql`${consigneeOuts.outAt}`, q, timeZone),
    search,
  );
}

export async function listConsigneeOuts(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TConsigneeOutList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectConsigneeOuts(tx)
    .where(where)
    .orderBy(...orderByAllowed(consigneeOutSort, q, consigneeOuts.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${consigneeOuts.quantityKg}), 0)::text` })
    .from(consigneeOuts)
    .innerJoin(consignments, eq(consignments.id, consigneeOuts.consignmentId))
    .innerJoin(trucks, eq(col(trucks, 'id'), consigneeOuts.truckId))
    .where(where);
  return { rows: rows.map(toConsigneeOut), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function consigneeOutExportSource(tx: Db, actor: ReadActor & { query: ConsigneeOutFilters }): Promise<CursorSource<TConsigneeOut>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectConsigneeOuts(tx).where(where).orderBy(...orderByAllowed(consigneeOutSort, actor.query, consigneeOuts.id)), (_tx, rows) => rows.map(toConsigneeOut));
}

export async function getConsigneeOut(tx: Db, actor: ReadActor & { id: number; notFoundMessage?: Message }): Promise<TConsigneeOut> {
  const [row] = await selectConsigneeOuts(tx).where(and(eq(consigneeOuts.agencyId, actor.agencyId), eq(consigneeOuts.id, actor.id), consigneeOutScope(actor.scope)));
  if (!row) throw notFound(actor.notFoundMessage ?? ConsigneeDispatchMessages.consigneeOutNotFound);
  return toConsigneeOut(row);
}

// ---------------------------------------------------------------- create, edit, reverse

/**
 * Dispatches cargo on hand at a consignee location to a customer location: a new trip, the agency's next consignee
 * loading slip number, and the posting ON_HAND -> IN_TRANSIT (the ledger refuses more than usable: 409 Quantity not
 * available, and the whole transaction, the slip number with it, rolls back).
 */
export async function createConsigneeOut(tx: Db, actor: ConsigneeOutWriter & { input: TConsigneeOutValues }): Promise<TConsigneeOut> {
  const input = actor.input;
  if (!(await isDeliveryLocation(tx, actor, input.locationId, 'consignee'))) throw field('locationId', ConsigneeDispatchMessages.consigneeLocationRequired);
  if (input.toLocationId === input.locationId || !(await isDeliveryLocation(tx, actor, input.toLocationId, 'customer'))) throw field('toLocationId', ConsigneeDispatchMessages.customerLocationRequired);
  const position = positionOf(input);
  await checkPosition(tx, actor, position);
  const quantityKg = tonnesToKg(input.quantity);
  await checkTruckAndDriver(tx, actor, { truckId: input.truckId, driverId: input.driverId, quantityKg, at: actor.now });
  await checkWbt(tx, actor.agencyId, input.wbtNumber);

  const tripId = await startTrip(tx, { agencyId: actor.agencyId, kind: KIND, at: actor.now });
  const slipNumber = await nextNumber(tx, { agencyId: actor.agencyId, name: 'consigneeLoadingSlip' });
  const [row] = await tx
    .insert(consigneeOuts)
    .values({
      agencyId: actor.agencyId,
      slipNumber,
      locationId: input.locationId,
      ownerCompanyId: input.ownerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      toLocationId: input.toLocationId,
      tripId,
      truckId: input.truckId,
      driverId: input.driverId,
      wbtNumber: input.wbtNumber,
      quantityKg,
      outAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('consignee out not written');
  const transactionId = await postDeparture(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, type: KIND, source: { table: TABLE, id: row.id }, position, tripId, destinationLocationId: row.toLocationId, quantityKg });
  await tx.update(consigneeOuts).set({ ledgerTransactionId: transactionId }).where(eq(consigneeOuts.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: KIND, entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/** Locks an out in the agency and the writer's scope (404 otherwise); refuses a reversed one. */
async function lockLiveOut(tx: Db, actor: ReadActor & { id: number }) {
  const [row] = await tx
    .select()
    .from(consigneeOuts)
    .where(and(eq(consigneeOuts.agencyId, actor.agencyId), eq(consigneeOuts.id, actor.id), consigneeOutScope(actor.scope)))
    .for('update');
  if (!row) throw notFound(ConsigneeDispatchMessages.consigneeOutNotFound);
  if (row.status !== 'Active') throw ruleConflict(ConsigneeDispatchMessages.consigneeOutReversed);
  return row;
}

/**
 * Edits an out not yet received (truck, driver, ticket, quantity, remarks): the posting is reversed and posted again
 * on the same trip in this transaction, so the new quantity is checked against usable with the old one returned.
 */
export async function updateConsigneeOut(tx: Db, actor: ConsigneeOutWriter & { id: number; input: TConsigneeOutEditValues }): Promise<TConsigneeOut> {
  const before = await lockLiveOut(tx, actor);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'consigneeLoadingSlip', id: before.id } });
  const input = actor.input;
  const quantityKg = tonnesToKg(input.quantity);
  await checkTruckAndDriver(tx, actor, { truckId: input.truckId, driverId: input.driverId, quantityKg, at: before.outAt, exceptId: before.id });
  await checkWbt(tx, actor.agencyId, input.wbtNumber, before.id);
  let transactionId = before.ledgerTransactionId;
  if (quantityKg !== before.quantityKg) {
    if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: 'Consignee Out edited' });
    transactionId = await postDeparture(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, type: KIND, source: { table: TABLE, id: before.id }, position: positionOf(before), tripId: before.tripId, destinationLocationId: before.toLocationId, quantityKg });
  }
  const [after] = await tx
    .update(consigneeOuts)
    .set({ truckId: input.truckId, driverId: input.driverId, wbtNumber: input.wbtNumber, quantityKg, remarks: input.remarks, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(consigneeOuts.id, before.id))
    .returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: KIND, entityId: before.id, before: auditable(before), after: auditable(after), at: actor.now });
  return getConsigneeOut(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/** Reverses an out with a reason (refused once a Customer In received it): the trip's cargo returns to the position. */
export async function reverseConsigneeOut(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockLiveOut(tx, actor);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'consigneeLoadingSlip', id: before.id } });
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(consigneeOuts).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(consigneeOuts.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: KIND, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
