import {
  ErrorCode,
  Messages,
  PortLoadingMessages,
  ZLoadingSlipListQuery,
  kgToTonnes,
  tonnesToKg,
  truckCapacityExceeded,
  type TLoadingSlip,
  type TLoadingSlipList,
  type TLoadingSlipListQuery,
  type TLoadingSlipValues,
  type TReasonBody,
} from '@tonnage/contracts';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransitAccount, onBoardAccount } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { DataScope } from '../../identity/data-scope';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { escapeLike, uniqueViolation } from '../../platform/db/query-helpers';
import { AppError, badRequest, notFound, runtimeMessage } from '../../platform/errors';
import { forEachBatch } from '../../platform/excel';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import { columnOf, drivers, trucks } from '../master-data/master-data.schema';
import { checkTransportRules, type TransportRuleViolation } from '../master-data/transport-rules';
import { loadingSlips, portLoadings, trips } from './port-loading.schema';
import { loadingSlipSort, portLoadingScope, selectLoadingSlips, slipTotals, toLoadingSlip } from './port-loading.queries';
import { nextNumberStatement } from '../../identity/counters/counters';
import { activeSlipTotal, auditable, lockPortLoading, receivedRefusal, ruleConflict, type Actor } from './port-loading.service';

/*
 * Loading slips: one truck trip of a port loading. Creating one posts ON_BOARD(voyage, consignment) ->
 * IN_TRANSIT(trip, voyage, consignment, owner, cargo type) in the caller's transaction; the database refuses an
 * overdraw of the vessel ('Quantity not available'). Slips of one port loading serialize on its row (locked
 * first), so their sum never passes its quantity; the trucks and drivers are locked next, so the trips-per-day
 * rules hold under concurrent slips too.
 */

const col = columnOf;
export type Lang = 'en' | 'ar';
/** The slip list query without its page: what the export matches. */
export type LoadingSlipFilters = Omit<z.output<typeof ZLoadingSlipListQuery>, 'page' | 'limit'>;

/** The local calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function localDay(at: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return parts;
}

/** Bounds of local days as timestamptz SQL (from the start of `from` to the end of `to`). */
const dayStart = (day: string, timezone: string) => sql`(${day}::date::timestamp at time zone ${timezone})`;
const dayEnd = (day: string, timezone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timezone})`;

interface PortLoadingRow {
  id: number;
  transporterKind: string;
  transporterId: number | null;
}

function violationError(violation: TransportRuleViolation, lang: Lang): AppError {
  const message = violation.message[lang];
  const status = violation.code === 'tripsPerDay' ? 409 : 422;
  return new AppError(status, ErrorCode.BUSINESS_RULE, runtimeMessage(message), { [`${violation.subject}Id`]: message, en: violation.message.en, ar: violation.message.ar });
}

/**
 * Checks the truck and driver of a trip: both active rows of the agency, of the port loading's transporter when
 * it names one, and allowed by the transporter's rules on the slip's local day (blocked, trips per day counting
 * today's active slips without the one being edited, documents and licence). Locks both rows first.
 */
async function checkTruckAndDriver(
  tx: Db,
  params: { agencyId: number; portLoading: PortLoadingRow; truckId: number; driverId: number; quantityKg: bigint; loadedAt: Date; lang: Lang; exceptSlipId?: number },
): Promise<void> {
  // One round trip: both rows locked (truck first, then driver) and the agency's timezone for the local day.
  const [found] = await queryRows<{ truck_transporter: number | null; truck_capacity: string | null; driver_transporter: number | null; timezone: string | null }>(
    tx,
    sql`with truck as (
          select ${col(trucks, 'transporterId')} as transporter_id, ${col(trucks, 'capacity')}::text as capacity from ${trucks}
          where ${col(trucks, 'agencyId')} = ${params.agencyId} and ${col(trucks, 'id')} = ${params.truckId} and ${col(trucks, 'isActive')}
          for no key update),
        driver as (
          select ${col(drivers, 'transporterId')} as transporter_id from ${drivers}
          where ${col(drivers, 'agencyId')} = ${params.agencyId} and ${col(drivers, 'id')} = ${params.driverId} and ${col(drivers, 'isActive')}
          for no key update)
        select (select transporter_id from truck) as truck_transporter,
               (select capacity from truck) as truck_capacity,
               (select transporter_id from driver) as driver_transporter,
               (select ${agencies.timezone} from ${agencies} where ${agencies.id} = ${params.agencyId}) as timezone`,
  );
  if (found?.truck_transporter == null) throw badRequest(Messages.truckRequired, { truckId: Messages.truckRequired });
  if (found.driver_transporter == null) throw badRequest(Messages.driverRequired, { driverId: Messages.driverRequired });
  const truckTransporter = Number(found.truck_transporter);
  const driverTransporter = Number(found.driver_transporter);
  if (params.portLoading.transporterKind === 'company') {
    if (truckTransporter !== params.portLoading.transporterId) throw ruleConflict(PortLoadingMessages.truckOfOtherTransporter, { truckId: PortLoadingMessages.truckOfOtherTransporter });
    if (driverTransporter !== params.portLoading.transporterId) throw ruleConflict(PortLoadingMessages.driverOfOtherTransporter, { driverId: PortLoadingMessages.driverOfOtherTransporter });
  }
  // A truck carries at most its capacity (master data); a truck without one is not checked.
  if (found.truck_capacity !== null && params.quantityKg > tonnesToKg(found.truck_capacity)) {
    const capacity = kgToTonnes(tonnesToKg(found.truck_capacity));
    const message = truckCapacityExceeded(capacity);
    throw new AppError(422, ErrorCode.BUSINESS_RULE, runtimeMessage(message[params.lang]), { quantity: message[params.lang], capacity, en: message.en, ar: message.ar });
  }

  const timezone = found.timezone ?? 'UTC';
  const day = localDay(params.loadedAt, timezone);
  const [today] = await tx
    .select({
      truck: sql<number>`count(*) filter (where ${loadingSlips.truckId} = ${params.truckId})::int`,
      driver: sql<number>`count(*) filter (where ${loadingSlips.driverId} = ${params.driverId})::int`,
    })
    .from(loadingSlips)
    .where(
      and(
        eq(loadingSlips.agencyId, params.agencyId),
        eq(loadingSlips.status, 'Active'),
        or(eq(loadingSlips.truckId, params.truckId), eq(loadingSlips.driverId, params.driverId)),
        sql`${loadingSlips.loadedAt} >= ${dayStart(day, timezone)}`,
        sql`${loadingSlips.loadedAt} < ${dayEnd(day, timezone)}`,
        params.exceptSlipId === undefined ? undefined : sql`${loadingSlips.id} <> ${params.exceptSlipId}`,
      ),
    );
  const tripsToday = { truck: today?.truck ?? 0, driver: today?.driver ?? 0 };
  const violations = await checkTransportRules(tx, { agencyId: params.agencyId, transporterId: truckTransporter, truckId: params.truckId, driverId: params.driverId, date: day, tripsToday });
  if (driverTransporter !== truckTransporter) {
    const driverRules = await checkTransportRules(tx, { agencyId: params.agencyId, transporterId: driverTransporter, truckId: null, driverId: params.driverId, date: day, tripsToday });
    violations.push(...driverRules.filter((v) => v.subject === 'driver'));
  }
  const [first] = violations;
  if (first) throw violationError(first, params.lang);
}

/** A WBT number already on a live slip of the agency (other than the one being edited) is refused. */
async function checkWbt(tx: Db, params: { agencyId: number; wbtNumber: string; exceptSlipId?: number }): Promise<void> {
  const [taken] = await tx
    .select({ id: loadingSlips.id })
    .from(loadingSlips)
    .where(
      and(
        eq(loadingSlips.agencyId, params.agencyId),
        eq(loadingSlips.status, 'Active'),
        sql`lower(${loadingSlips.wbtNumber}) = lower(${params.wbtNumber})`,
        params.exceptSlipId === undefined ? undefined : sql`${loadingSlips.id} <> ${params.exceptSlipId}`,
      ),
    )
    .limit(1);
  if (taken) throw wbtTaken();
}

const wbtTaken = () => new AppError(409, ErrorCode.CONFLICT, PortLoadingMessages.wbtTaken, { wbtNumber: PortLoadingMessages.wbtTaken });

/** The slips of a port loading may not pass its quantity. */
async function checkWithinPortLoading(tx: Db, params: { portLoadingId: number; portLoadingKg: bigint; quantityKg: bigint; exceptSlipId?: number }): Promise<void> {
  const loaded = await activeSlipTotal(tx, { portLoadingId: params.portLoadingId, ...(params.exceptSlipId === undefined ? {} : { exceptSlipId: params.exceptSlipId }) });
  if (loaded + params.quantityKg > params.portLoadingKg) {
    throw ruleConflict(PortLoadingMessages.exceedsPortLoading, { quantity: PortLoadingMessages.exceedsPortLoading, remaining: kgToTonnes(params.portLoadingKg - loaded) });
  }
}

/** Posts a slip's quantity from the vessel onto its trip. */
function postSlip(
  tx: Db,
  params: { agencyId: number; userId: number; at: Date; slipId: number; tripId: number; quantityKg: bigint; portLoading: { voyageId: number; consignmentId: number; ownerCompanyId: number }; cargoTypeId: number },
) {
  const { voyageId, consignmentId, ownerCompanyId } = params.portLoading;
  return post(tx, {
    agencyId: params.agencyId,
    type: 'portLoading',
    source: { table: 'loading_slips', id: params.slipId },
    userId: params.userId,
    at: params.at,
    lines: [
      { account: onBoardAccount({ voyageId, consignmentId }), quantityKg: -params.quantityKg },
      { account: inTransitAccount({ tripId: params.tripId, voyageId, consignmentId, ownerCompanyId, cargoTypeId: params.cargoTypeId }), quantityKg: params.quantityKg },
    ],
  });
}

export interface CreateLoadingSlipParams {
  agencyId: number;
  userId: number;
  now: Date;
  portLoadingId: number;
  input: TLoadingSlipValues;
  /** The user's data scope (unrestricted when absent, e.g. a benchmark). */
  scope?: DataScope;
  /** The language of rule messages. */
  lang?: Lang;
}

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/**
 * Creates one loading slip (a truck trip) of a port loading and posts its quantity ON_BOARD -> IN_TRANSIT, inside
 * the caller's `inAgency` transaction. Refuses a reversed port loading, a truck or driver of another transporter or
 * stopped by a rule, a WBT number in use, slips beyond the port loading's quantity, and (the database) more than
 * is on board.
 */
export async function createLoadingSlip(tx: Db, params: CreateLoadingSlipParams): Promise<{ id: number; slipNumber: number; tripId: number; ledgerTransactionId: number }> {
  const { agencyId, userId, now, input } = params;
  const scope = params.scope ?? UNRESTRICTED;
  const { portLoading, consignment } = await lockPortLoading(tx, { agencyId, scope, id: params.portLoadingId });
  if (portLoading.status !== 'Active') throw ruleConflict(PortLoadingMessages.portLoadingReversed);
  const quantityKg = tonnesToKg(input.quantity);
  const loadedAt = input.loadedAt ? new Date(input.loadedAt) : now;
  await checkTruckAndDriver(tx, { agencyId, portLoading, truckId: input.truckId, driverId: input.driverId, quantityKg, loadedAt, lang: params.lang ?? 'en' });
  await checkWithinPortLoading(tx, { portLoadingId: portLoading.id, portLoadingKg: portLoading.quantityKg, quantityKg });

  const slip = await insertTripAndSlip(tx, {
    agencyId,
    portLoadingId: portLoading.id,
    truckId: input.truckId,
    driverId: input.driverId,
    wbtNumber: input.wbtNumber,
    quantityKg,
    loadedAt,
    remarks: input.remarks,
    status: 'Active',
    createdBy: userId,
    createdAt: now,
  });
  const { transactionId } = await postSlip(tx, { agencyId, userId, at: now, slipId: slip.id, tripId: slip.tripId, quantityKg, portLoading, cargoTypeId: consignment.cargoTypeId });
  // The slip number last: the agency's counter row stays locked until the commit, so other slips of the agency
  // wait only for the statements from here on, and the numbers have no gaps. One statement takes the number and
  // writes it and the posting onto the slip.
  const [numbered] = await queryRows<{ slip_number: number }>(
    tx,
    sql`with counter as (${nextNumberStatement({ agencyId, name: 'loadingSlip' })})
        update ${loadingSlips} set slip_number = counter.value, ledger_transaction_id = ${transactionId}
        from counter where ${loadingSlips.id} = ${slip.id}
        returning ${loadingSlips.slipNumber} as slip_number`,
  );
  if (!numbered) throw new Error('loading slip numbering returned no row');
  const slipNumber = Number(numbered.slip_number);
  await recordAudit(tx, { agencyId, userId, action: 'create', entity: 'loadingSlip', entityId: slip.id, after: auditable({ ...slip, slipNumber, ledgerTransactionId: transactionId }), at: now });
  return { id: slip.id, slipNumber, tripId: slip.tripId, ledgerTransactionId: transactionId };
}

/**
 * Starts the trip and inserts its slip in one statement; the slip carries a placeholder number (minus its trip id,
 * unique) until `createLoadingSlip` numbers it just before the commit. The unique index on live WBT numbers refuses
 * one in use (also against a concurrent slip).
 */
async function insertTripAndSlip(tx: Db, values: Omit<typeof loadingSlips.$inferInsert, 'slipNumber' | 'tripId'>) {
  try {
    const [row] = await queryRows<{ id: number; trip_id: number }>(
      tx,
      sql`with trip as (
            insert into ${trips} (agency_id, kind, created_at) values (${values.agencyId}, 'loadingSlip', ${values.createdAt})
            returning id)
          insert into ${loadingSlips} (agency_id, slip_number, port_loading_id, trip_id, truck_id, driver_id, wbt_number, quantity_kg,
                                       loaded_at, remarks, status, created_by, created_at)
          select ${values.agencyId}, -trip.id, ${values.portLoadingId}, trip.id, ${values.truckId}, ${values.driverId}, ${values.wbtNumber},
                 ${values.quantityKg}::bigint, ${values.loadedAt}, ${values.remarks ?? null}::text, ${values.status ?? 'Active'}, ${values.createdBy}, ${values.createdAt}
          from trip
          returning id, trip_id`,
    );
    if (!row) throw new Error('loading slip insert returned no row');
    return { ...values, id: Number(row.id), tripId: Number(row.trip_id) };
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'loading_slips_agency_wbt_unique') throw wbtTaken();
    throw error;
  }
}

/** A slip of the agency locked with its port loading (port loading first: the same lock order as new slips). */
async function lockSlip(tx: Db, params: { agencyId: number; scope: DataScope; id: number }) {
  const [found] = await tx.select({ portLoadingId: loadingSlips.portLoadingId }).from(loadingSlips).where(and(eq(loadingSlips.agencyId, params.agencyId), eq(loadingSlips.id, params.id)));
  if (!found) throw notFound('Loading slip not found');
  const locked = await lockPortLoading(tx, { agencyId: params.agencyId, scope: params.scope, id: found.portLoadingId }).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) throw notFound('Loading slip not found');
    throw error;
  });
  const [slip] = await tx.select().from(loadingSlips).where(eq(loadingSlips.id, params.id)).for('update');
  if (!slip) throw notFound('Loading slip not found');
  return { ...locked, slip };
}

/**
 * Edits a slip (truck, driver, WBT number, quantity, loading time) by reverse-and-repost in the caller's one
 * transaction: the old posting is reversed, the new quantity checked like a new slip and posted on the same trip.
 */
export async function updateLoadingSlip(tx: Db, actor: Actor & { id: number; input: TLoadingSlipValues; lang: Lang }): Promise<void> {
  const { agencyId, userId, now, input } = actor;
  const { portLoading, consignment, slip } = await lockSlip(tx, { agencyId, scope: actor.scope, id: actor.id });
  if (slip.status !== 'Active') throw ruleConflict(PortLoadingMessages.loadingSlipReversed);
  if (portLoading.status !== 'Active') throw ruleConflict(PortLoadingMessages.portLoadingReversed);
  if (slip.receivedTable !== null) throw receivedRefusal(slip.receivedTable, 'loadingSlip');
  const quantityKg = tonnesToKg(input.quantity);
  const loadedAt = input.loadedAt ? new Date(input.loadedAt) : slip.loadedAt;
  await checkTruckAndDriver(tx, { agencyId, portLoading, truckId: input.truckId, driverId: input.driverId, quantityKg, loadedAt, lang: actor.lang, exceptSlipId: slip.id });
  await checkWithinPortLoading(tx, { portLoadingId: portLoading.id, portLoadingKg: portLoading.quantityKg, quantityKg, exceptSlipId: slip.id });
  await checkWbt(tx, { agencyId, wbtNumber: input.wbtNumber, exceptSlipId: slip.id });
  if (slip.ledgerTransactionId !== null) await reverse(tx, { agencyId, transactionId: slip.ledgerTransactionId, userId, at: now, reason: 'Loading slip edited' });
  const { transactionId } = await postSlip(tx, { agencyId, userId, at: now, slipId: slip.id, tripId: slip.tripId, quantityKg, portLoading, cargoTypeId: consignment.cargoTypeId });
  try {
    const [after] = await tx
      .update(loadingSlips)
      .set({ truckId: input.truckId, driverId: input.driverId, wbtNumber: input.wbtNumber, quantityKg, loadedAt, remarks: input.remarks, ledgerTransactionId: transactionId, updatedBy: userId, updatedAt: now })
      .where(eq(loadingSlips.id, slip.id))
      .returning();
    await recordAudit(tx, { agencyId, userId, action: 'update', entity: 'loadingSlip', entityId: slip.id, before: auditable(slip), after: after && auditable(after), at: now });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'loading_slips_agency_wbt_unique') throw wbtTaken();
    throw error;
  }
}

/** Reverses one slip: refused once received; otherwise its posting is reversed and the slip marked Reversed. */
export async function reverseLoadingSlip(tx: Db, actor: Actor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const { slip } = await lockSlip(tx, { agencyId: actor.agencyId, scope: actor.scope, id: actor.id });
  if (slip.status !== 'Active') throw ruleConflict(PortLoadingMessages.loadingSlipReversed);
  if (slip.receivedTable !== null) throw receivedRefusal(slip.receivedTable, 'loadingSlip');
  if (slip.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: slip.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(loadingSlips).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(loadingSlips.id, slip.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'loadingSlip', entityId: slip.id, before: auditable(slip), after: { status: 'Reversed', reason }, at: actor.now });
}

/** The filtered, paged slips of the agency in the user's scope, with the count and total quantity of the filter. */
export async function listLoadingSlips(tx: Db, params: { agencyId: number; scope: DataScope; query: TLoadingSlipListQuery }): Promise<TLoadingSlipList> {
  const q = ZLoadingSlipListQuery.parse(params.query);
  const where = await loadingSlipConditions(tx, { ...params, q });
  const [rows, [totals]] = await Promise.all([
    selectLoadingSlips(tx)
      .where(where)
      .orderBy(...orderByAllowed(loadingSlipSort, q, loadingSlips.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    slipTotals(tx, where),
  ]);
  return { rows: rows.map(toLoadingSlip), count: totals?.count ?? 0, totalQuantity: kgToTonnes(BigInt(totals?.totalKg ?? '0')) };
}

/** Every slip the list's filters and the user's scope match, in the list's order, in batches (the Excel export). */
export async function forEachLoadingSlip(tx: Db, params: { agencyId: number; scope: DataScope; query: LoadingSlipFilters }, visit: (rows: TLoadingSlip[]) => Promise<void> | void): Promise<void> {
  const q = params.query;
  const where = await loadingSlipConditions(tx, { ...params, q });
  await forEachBatch(async (limit, offset) => (await selectLoadingSlips(tx).where(where).orderBy(...orderByAllowed(loadingSlipSort, q, loadingSlips.id)).limit(limit).offset(offset)).map(toLoadingSlip), visit);
}

/** The WHERE of the slip list and of its export: agency, data scope, filters (days in the agency's timezone). */
async function loadingSlipConditions(tx: Db, params: { agencyId: number; scope: DataScope; q: LoadingSlipFilters }): Promise<SQL | undefined> {
  const { q } = params;
  const timezone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, params.agencyId) : 'UTC';
  const search = q.search === undefined ? undefined : `%${escapeLike(q.search)}%`;
  const conditions: (SQL | undefined)[] = [
    eq(loadingSlips.agencyId, params.agencyId),
    portLoadingScope(params.scope),
    q.voyageId === undefined ? undefined : eq(portLoadings.voyageId, q.voyageId),
    q.consignmentId === undefined ? undefined : eq(portLoadings.consignmentId, q.consignmentId),
    q.portLoadingId === undefined ? undefined : eq(loadingSlips.portLoadingId, q.portLoadingId),
    q.truckId === undefined ? undefined : eq(loadingSlips.truckId, q.truckId),
    q.driverId === undefined ? undefined : eq(loadingSlips.driverId, q.driverId),
    q.transporterId === undefined ? undefined : eq(portLoadings.transporterId, q.transporterId),
    q.toLocationId === undefined ? undefined : eq(portLoadings.toLocationId, q.toLocationId),
    q.status === 'all' ? undefined : eq(loadingSlips.status, q.status),
    q.received === undefined ? undefined : q.received === 'delivered' ? sql`${loadingSlips.receivedTable} is not null` : sql`${loadingSlips.receivedTable} is null`,
    q.fromDate === undefined ? undefined : sql`${loadingSlips.loadedAt} >= ${dayStart(q.fromDate, timezone)}`,
    q.toDate === undefined ? undefined : sql`${loadingSlips.loadedAt} < ${dayEnd(q.toDate, timezone)}`,
    search === undefined ? undefined : or(ilike(loadingSlips.wbtNumber, search), sql`${loadingSlips.slipNumber}::text = ${q.search}`),
  ];
  return and(...conditions);
}

/** One slip of the agency in the user's scope (404 otherwise). */
export async function getLoadingSlip(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<TLoadingSlip & { createdById: number }> {
  const [row] = await selectLoadingSlips(tx).where(and(eq(loadingSlips.agencyId, params.agencyId), eq(loadingSlips.id, params.id), portLoadingScope(params.scope)));
  if (!row) throw notFound('Loading slip not found');
  return { ...toLoadingSlip(row), createdById: row.createdById };
}
