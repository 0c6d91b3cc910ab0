import { DeliveryInMessages, ErrorCode, Messages, ReceivingMessages, kgToTonnes, tonnesToKg, type DeliveryInKind, type TDeliveryIn, type TDeliveryInList, type TDeliveryInValues, type TInTransitSlip, type TReasonBody, ZDeliveryInEdit, ZDeliveryInListQuery } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { caseless, orderByAllowed } from '../../platform/db/list-order';
import { tenantSearch } from '../../platform/db/tenant-search';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { inScope, scopeCondition } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, locations, trucks } from '../master-data/master-data.schema';
import { postIn } from './receiving.service';
import { asSlipKind, SLIP_SOURCES, slipColumns, slipJoin, slipsInTransit, slipView, type InTransitSlip } from './slip-sources';
import { consigneeIns, customerIns } from './receiving.schema';
import { slipCargoScope, slipInScope } from './receiving.scope';

/*
 * Consignee In and Customer In (issue 13, spec 2.3 `consignee-in`, `customer-in`): the same core as the warehouse in
 * (receiving.service.ts: the slip's source, the posting), at a delivery location: the received quantity is the
 * delivery's weighbridge ticket (typed: delivery locations have no bridge of ours), all of it ON_HAND in the
 * location's open area, the slip's quantity less it on TRANSIT_LOSS. One table per kind, the same shape.
 */

const col = columnOf;
const TABLES = { consigneeIn: consigneeIns, customerIn: customerIns } as const;
const TABLE_NAMES = { consigneeIn: 'consignee_ins', customerIn: 'customer_ins' } as const;
/** The slip destination each kind receives (a port loading's direct or customer delivery, a warehouse out's consignee or customer). */
const DESTINATION = { consigneeIn: 'consignee', customerIn: 'customer' } as const;
const NOT_FOUND = { consigneeIn: DeliveryInMessages.consigneeInNotFound, customerIn: DeliveryInMessages.customerInNotFound } as const;
const WRONG_DESTINATION = { consigneeIn: DeliveryInMessages.slipNotForConsignee, customerIn: DeliveryInMessages.slipNotForCustomer } as const;

type ListQuery = z.output<typeof ZDeliveryInListQuery>;
export type DeliveryInFilters = Omit<ListQuery, 'page' | 'limit'>;
type Edit = z.output<typeof ZDeliveryInEdit>;

const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const iso = (value: Date | string): string => new Date(value).toISOString();

function selectOf(tx: Db, kind: DeliveryInKind) {
  const t = TABLES[kind];
  return tx
    .select({
      id: t.id,
      slipKind: t.slipKind,
      slipId: t.slipId,
      slipNumber: slipColumns.number,
      truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
      locationId: t.locationId,
      locationName: sql<string>`${col(locations, 'name')}`,
      wbtNumber: t.wbtNumber,
      slipKg: t.slipKg,
      receivedKg: t.receivedKg,
      receivedAt: t.receivedAt,
      remarks: t.remarks,
      status: t.status,
      createdAt: t.createdAt,
      createdByName: userName(createdUsers),
      updatedAt: t.updatedAt,
      updatedByName: userName(updatedUsers),
      reversedAt: t.reversedAt,
      reversedByName: userName(reversedUsers),
      reverseReason: t.reverseReason,
    })
    .from(t)
    .innerJoin(slipView, slipJoin(t.slipKind, t.slipId))
    .innerJoin(trucks, sql`${col(trucks, 'id')} = slip.truck_id`)
    .innerJoin(locations, eq(col(locations, 'id'), t.locationId))
    .innerJoin(createdUsers, eq(createdUsers.id, t.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, t.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, t.reversedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOf>['where']>>[number];

function toDeliveryIn(row: Row): TDeliveryIn {
  return {
    id: row.id,
    slipKind: asSlipKind(row.slipKind),
    slipId: row.slipId,
    slipNumber: String(row.slipNumber),
    truckPlate: String(row.truckPlate),
    locationId: row.locationId,
    locationName: String(row.locationName),
    wbtNumber: row.wbtNumber,
    slipQuantity: kgToTonnes(row.slipKg),
    receivedKg: row.receivedKg,
    receivedQuantity: kgToTonnes(row.receivedKg),
    transitLoss: kgToTonnes(row.slipKg - row.receivedKg),
    receivedAt: iso(row.receivedAt),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

/** The data scope of a delivery receipt: its location (spec 6) and its slip's cargo (receiving.scope.ts). */
const scopeOf = (kind: DeliveryInKind, actor: ReadActor) =>
  and(scopeCondition(actor.scope, { location: TABLES[kind].locationId }), slipCargoScope(actor.scope, { kind: TABLES[kind].slipKind, id: TABLES[kind].slipId }));

function sortOf(kind: DeliveryInKind) {
  const t = TABLES[kind];
  return { receivedAt: sql`${t.receivedAt}`, locationName: caseless(col(locations, 'name')), receivedKg: sql`${t.receivedKg}`, createdAt: sql`${t.createdAt}` };
}

async function conditions(tx: Db, kind: DeliveryInKind, actor: ReadActor, q: DeliveryInFilters): Promise<SQL | undefined> {
  const t = TABLES[kind];
  const timeZone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, actor.agencyId) : 'UTC';
  const plate = q.search === undefined ? undefined : tenantSearch({ id: col(trucks, 'id'), columns: [col(trucks, 'plateNumber')], search: q.search });
  return and(
    eq(t.agencyId, actor.agencyId),
    scopeOf(kind, actor),
    q.locationId === undefined ? undefined : eq(t.locationId, q.locationId),
    q.status === 'all' ? undefined : eq(t.status, q.status),
    q.fromDate === undefined ? undefined : sql`${t.receivedAt} >= (${q.fromDate}::date::timestamp at time zone ${timeZone})`,
    q.toDate === undefined ? undefined : sql`${t.receivedAt} < ((${q.toDate}::date + 1)::timestamp at time zone ${timeZone})`,
    plate === undefined ? undefined : q.search !== undefined && /^\d{1,9}$/.test(q.search) ? sql`(slip.slip_number = ${Number(q.search)} or ${plate})` : plate,
  );
}

export async function listDeliveryIns(tx: Db, kind: DeliveryInKind, actor: ReadActor, query: ListQuery): Promise<TDeliveryInList> {
  const where = await conditions(tx, kind, actor, query);
  const t = TABLES[kind];
  const rows = await selectOf(tx, kind).where(where).orderBy(...orderByAllowed(sortOf(kind), query, t.id)).limit(query.limit).offset((query.page - 1) * query.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(t)
    .innerJoin(slipView, slipJoin(t.slipKind, t.slipId))
    .innerJoin(trucks, sql`${col(trucks, 'id')} = slip.truck_id`)
    .where(where);
  return { rows: rows.map(toDeliveryIn), count: total?.count ?? 0 };
}

export async function deliveryInExportSource(tx: Db, kind: DeliveryInKind, actor: ReadActor, query: DeliveryInFilters): Promise<CursorSource<TDeliveryIn>> {
  const where = await conditions(tx, kind, actor, query);
  return cursorSource(selectOf(tx, kind).where(where).orderBy(...orderByAllowed(sortOf(kind), query, TABLES[kind].id)), (_tx, rows) => rows.map(toDeliveryIn));
}

export async function getDeliveryIn(tx: Db, kind: DeliveryInKind, actor: ReadActor, id: number): Promise<TDeliveryIn> {
  const t = TABLES[kind];
  const [row] = await selectOf(tx, kind).where(and(eq(t.agencyId, actor.agencyId), eq(t.id, id), scopeOf(kind, actor)));
  if (!row) throw notFound(NOT_FOUND[kind]);
  return toDeliveryIn(row);
}

/** The slip still in transit to a location of this kind in the user's scope, locked. */
async function lockSlip(tx: Db, kind: DeliveryInKind, actor: ReadActor, slipKind: TDeliveryInValues['slipKind'], slipId: number): Promise<InTransitSlip> {
  const slip = await SLIP_SOURCES[slipKind].lock(tx, actor.agencyId, slipId);
  if (!slip || !inScope(actor.scope.locationIds, slip.toLocationId) || !(await slipInScope(tx, actor.scope, slipKind, slipId))) throw field('slipId', ReceivingMessages.slipRequired);
  if (slip.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, ReceivingMessages.slipNotInTransit);
  if (slip.received) throw new AppError(409, ErrorCode.BUSINESS_RULE, ReceivingMessages.slipAlreadyReceived);
  if (slip.destination !== DESTINATION[kind]) throw new AppError(422, ErrorCode.BUSINESS_RULE, WRONG_DESTINATION[kind], { slipId: WRONG_DESTINATION[kind] });
  return slip;
}

const shareOf = (kg: bigint) => [{ siloId: null, kg }];

/** Receives a slip at its delivery location: posted, the slip marked received. */
export async function createDeliveryIn(tx: Db, kind: DeliveryInKind, actor: CommandActor, input: TDeliveryInValues): Promise<TDeliveryIn> {
  const slip = await lockSlip(tx, kind, actor, input.slipKind, input.slipId);
  const receivedKg = tonnesToKg(input.quantity);
  const t = TABLES[kind];
  const [row] = await tx
    .insert(t)
    .values({ agencyId: actor.agencyId, slipKind: slip.kind, slipId: slip.id, locationId: slip.toLocationId, wbtNumber: input.wbtNumber, receivedKg: Number(receivedKg), slipKg: Number(slip.quantityKg), receivedAt: actor.now, remarks: input.remarks, status: 'Active', createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('delivery in insert returned no row');
  const transactionId = await postIn(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, inId: row.id, slip, warehouseId: slip.toLocationId, shares: shareOf(receivedKg), type: kind, table: TABLE_NAMES[kind] });
  await tx.update(t).set({ ledgerTransactionId: transactionId }).where(eq(t.id, row.id));
  await SLIP_SOURCES[slip.kind].markReceived(tx, slip.id, { table: TABLE_NAMES[kind], id: row.id, at: actor.now });
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: kind, entityId: row.id, after: row, at: actor.now });
  return getDeliveryIn(tx, kind, actor, row.id);
}

async function lockRow(tx: Db, kind: DeliveryInKind, actor: ReadActor, id: number) {
  const t = TABLES[kind];
  const [row] = await tx.select().from(t).where(and(eq(t.agencyId, actor.agencyId), eq(t.id, id), scopeOf(kind, actor))).for('update');
  if (!row) throw notFound(NOT_FOUND[kind]);
  if (row.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, DeliveryInMessages.deliveryInReversed);
  const slip = await SLIP_SOURCES[asSlipKind(row.slipKind)].lock(tx, actor.agencyId, row.slipId);
  if (!slip) throw new Error('delivery in without its slip');
  return { row, slip };
}

/** Changes the ticket, the received quantity (reverse and repost) and the remarks. */
export async function updateDeliveryIn(tx: Db, kind: DeliveryInKind, actor: CommandActor, id: number, input: Edit): Promise<TDeliveryIn> {
  const { row: before, slip } = await lockRow(tx, kind, actor, id);
  if (before.ledgerTransactionId === null) throw new Error('delivery in without its posting');
  await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: 'Receipt updated' });
  const receivedKg = tonnesToKg(input.quantity);
  const transactionId = await postIn(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, inId: before.id, slip: { ...slip, quantityKg: BigInt(before.slipKg) }, warehouseId: before.locationId, shares: shareOf(receivedKg), type: kind, table: TABLE_NAMES[kind] });
  const t = TABLES[kind];
  const [after] = await tx.update(t).set({ wbtNumber: input.wbtNumber, receivedKg: Number(receivedKg), remarks: input.remarks, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now }).where(eq(t.id, before.id)).returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: kind, entityId: before.id, before, after, at: actor.now });
  return getDeliveryIn(tx, kind, actor, before.id);
}

/** Reverses a receipt with a reason: the cargo back in transit (409 'Quantity not available' when it has moved on), the slip open again. */
export async function reverseDeliveryIn(tx: Db, kind: DeliveryInKind, actor: CommandActor, id: number, body: TReasonBody): Promise<void> {
  const reason = body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const { row: before } = await lockRow(tx, kind, actor, id);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await SLIP_SOURCES[asSlipKind(before.slipKind)].markReceived(tx, before.slipId, null);
  const t = TABLES[kind];
  await tx.update(t).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(t.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: kind, entityId: before.id, before, after: { status: 'Reversed', reason }, at: actor.now });
}

/** The slips of every kind in transit to this kind's locations in the user's scope (optionally one location): the form's picker. */
export function deliveryInSlips(tx: Db, kind: DeliveryInKind, actor: ReadActor, query: { locationId?: number | undefined; search?: string | undefined }): Promise<TInTransitSlip[]> {
  return slipsInTransit(tx, { agencyId: actor.agencyId, scope: actor.scope, destination: DESTINATION[kind], locationId: query.locationId, search: query.search });
}
