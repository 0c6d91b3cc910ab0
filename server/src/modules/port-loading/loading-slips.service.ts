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
import { embeddedPost, post, postingError, reverse, type PostParams } from '../../ledger/ledger.service';
import { auditInsertStatement, recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import type { Lang } from '../../kit/actor';
import type { DataScope } from '../../identity/data-scope';
import { queryRows, queryRowsNamed, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { escapeLike, uniqueViolation } from '../../platform/db/query-helpers';
import { AppError, badRequest, notFound, runtimeMessage } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import { consignments } from '../procurement/procurement.schema';
import { columnOf, drivers, transporterRules, trucks } from '../master-data/master-data.schema';
import { checkTransportRules, type TransportRuleViolation } from '../master-data/transport-rules';
import { loadingSlips, portLoadings, trips } from './port-loading.schema';
import { loadingSlipSort, portLoadingScope, selectLoadingSlips, slipTotals, toLoadingSlip } from './port-loading.queries';
import { nextNumberStatement } from '../../identity/counters/counters';
import { activeSlipTotal, auditable, lockPortLoading, ruleConflict, type Actor } from './port-loading.service';

/*
 * Loading slips: one truck trip of a port loading. Creating one posts ON_BOARD(voyage, consignment) ->
 * IN_TRANSIT(trip, voyage, consignment, owner, cargo type) in the caller's transaction; the database refuses an
 * overdraw of the vessel ('Quantity not available'). Slips of one port loading serialize on its row (locked
 * first), so their sum never passes its quantity; the trucks and drivers are locked next, so the trips-per-day
 * rules hold under concurrent slips too.
 */

const col = columnOf;
export type { Lang };
/** The slip list query without its page: what the export matches. */
export type LoadingSlipFilters = Omit<z.output<typeof ZLoadingSlipListQuery>, 'page' | 'limit'>;

/** The local calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function localDay(at: Date, timezone: string): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timezone, format);
  }
  return format.format(at);
}

/** One day formatter per timezone: building one costs more than the rest of a slip's checks in Node. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

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

/** What the checks of a trip need from its locked truck and driver rows (null: not an active row of the agency). */
interface TruckAndDriverRows {
  truckTransporter: number | null;
  truckCapacity: string | null;
  driverTransporter: number | null;
}

/**
 * The checks of a trip's truck and driver on their locked rows: both active rows of the agency, of the port
 * loading's transporter when it names one, and the quantity within the truck's capacity. Returns their transporters.
 */
function checkTruckAndDriverRows(
  found: TruckAndDriverRows,
  params: { portLoading: TripTransporter; quantityKg: bigint; lang: Lang },
): { truckTransporter: number; driverTransporter: number } {
  if (found.truckTransporter == null) throw badRequest(Messages.truckRequired, { truckId: Messages.truckRequired });
  if (found.driverTransporter == null) throw badRequest(Messages.driverRequired, { driverId: Messages.driverRequired });
  const truckTransporter = Number(found.truckTransporter);
  const driverTransporter = Number(found.driverTransporter);
  if (params.portLoading.transporterKind === 'company') {
    if (truckTransporter !== params.portLoading.transporterId) throw ruleConflict(PortLoadingMessages.truckOfOtherTransporter, { truckId: PortLoadingMessages.truckOfOtherTransporter });
    if (driverTransporter !== params.portLoading.transporterId) throw ruleConflict(PortLoadingMessages.driverOfOtherTransporter, { driverId: PortLoadingMessages.driverOfOtherTransporter });
  }
  // A truck carries at most its capacity (master data); a truck without one is not checked.
  if (found.truckCapacity !== null && params.quantityKg > tonnesToKg(found.truckCapacity)) {
    const capacity = kgToTonnes(tonnesToKg(found.truckCapacity));
    const message = truckCapacityExceeded(capacity);
    throw new AppError(422, ErrorCode.BUSINESS_RULE, runtimeMessage(message[params.lang]), { quantity: message[params.lang], capacity, en: message.en, ar: message.ar });
  }
  return { truckTransporter, driverTransporter };
}

/** The conditions matching the active slips of the agency with this truck or driver on a local day. */
function tripsOfDay(params: { agencyId: number; truckId: number; driverId: number; day: string; timezone: string; exceptSlipId?: number | undefined }): SQL | undefined {
  return and(
    eq(loadingSlips.agencyId, params.agencyId),
    eq(loadingSlips.status, 'Active'),
    or(eq(loadingSlips.truckId, params.truckId), eq(loadingSlips.driverId, params.driverId)),
    sql`${loadingSlips.loadedAt} >= ${dayStart(params.day, params.timezone)}`,
    sql`${loadingSlips.loadedAt} < ${dayEnd(params.day, params.timezone)}`,
    params.exceptSlipId === undefined ? undefined : sql`${loadingSlips.id} <> ${params.exceptSlipId}`,
  );
}

/** Refuses the trip with the first truck or driver rule of their transporters it breaks on the day. */
async function checkRules(
  tx: Db,
  params: { agencyId: number; truckId: number; driverId: number; truckTransporter: number; driverTransporter: number; day: string; tripsToday: { truck: number; driver: number }; lang: Lang },
): Promise<void> {
  const { agencyId, truckId, driverId, day, tripsToday } = params;
  const violations = await checkTransportRules(tx, { agencyId, transporterId: params.truckTransporter, truckId, driverId, date: day, tripsToday });
  if (params.driverTransporter !== params.truckTransporter) {
    const driverRules = await checkTransportRules(tx, { agencyId, transporterId: params.driverTransporter, truckId: null, driverId, date: day, tripsToday });
    violations.push(...driverRules.filter((v) => v.subject === 'driver'));
  }
  const [first] = violations;
  if (first) throw violationError(first, params.lang);
}

/** The transporter whose trucks and drivers a trip must take (null: any transporter's). */
export interface TripTransporter {
  transporterKind: string;
  transporterId: number | null;
}

/**
 * Checks the truck and driver of a trip, the rules of a port loading slip, for any flow that starts a truck trip:
 * both active rows of the agency (locked), of the trip's transporter when it names one, the quantity within the
 * truck's capacity, and allowed by the transporters' rules on the trip's local day (blocked, trips per day as the
 * flow counts its trips of that day, documents and licence).
 */
export async function checkTripTruckAndDriver(
  tx: Db,
  params: {
    agencyId: number;
    portLoading: TripTransporter;
    truckId: number;
    driverId: number;
    quantityKg: bigint;
    loadedAt: Date;
    lang: Lang;
    /** The flow's active trips of this truck and of this driver on the local day (bounds as timestamptz SQL). */
    tripsToday: (day: { day: string; timezone: string; from: SQL; to: SQL }) => Promise<{ truck: number; driver: number }>;
  },
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
  const transporters = checkTruckAndDriverRows(
    { truckTransporter: found?.truck_transporter ?? null, truckCapacity: found?.truck_capacity ?? null, driverTransporter: found?.driver_transporter ?? null },
    { portLoading: params.portLoading, quantityKg: params.quantityKg, lang: params.lang },
  );
  const timezone = found?.timezone ?? 'UTC';
  const day = localDay(params.loadedAt, timezone);
  const tripsToday = await params.tripsToday({ day, timezone, from: dayStart(day, timezone), to: dayEnd(day, timezone) });
  await checkRules(tx, { agencyId: params.agencyId, truckId: params.truckId, driverId: params.driverId, ...transporters, day, tripsToday, lang: params.lang });
}

/**
 * Checks the truck and driver of a port loading's slip (checkTripTruckAndDriver), counting the trips of the day as
 * today's active slips without the one being edited.
 */
async function checkTruckAndDriver(
  tx: Db,
  params: { agencyId: number; portLoading: PortLoadingRow; truckId: number; driverId: number; quantityKg: bigint; loadedAt: Date; lang: Lang; exceptSlipId?: number },
): Promise<void> {
  await checkTripTruckAndDriver(tx, {
    ...params,
    tripsToday: async (day) => {
      const [today] = await tx
        .select({
          truck: sql<number>`count(*) filter (where ${loadingSlips.truckId} = ${params.truckId})::int`,
          driver: sql<number>`count(*) filter (where ${loadingSlips.driverId} = ${params.driverId})::int`,
        })
        .from(loadingSlips)
        .where(tripsOfDay({ ...params, day: day.day, timezone: day.timezone }));
      return { truck: today?.truck ?? 0, driver: today?.driver ?? 0 };
    },
  });
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

/** What a slip posts: its quantity from the vessel (ON_BOARD) onto its trip (IN_TRANSIT). */
interface SlipPosting {
  agencyId: number;
  userId: number;
  at: Date;
  slipId: number;
  tripId: number;
  quantityKg: bigint;
  portLoading: { voyageId: number; consignmentId: number; ownerCompanyId: number; toLocationId: number | null };
  cargoTypeId: number;
}

/** The ledger posting of a slip. */
function slipPostParams(params: SlipPosting): PostParams {
  const { voyageId, consignmentId, ownerCompanyId, toLocationId } = params.portLoading;
  return {
    agencyId: params.agencyId,
    type: 'portLoading',
    source: { table: 'loading_slips', id: params.slipId },
    userId: params.userId,
    at: params.at,
    lines: [
      { account: onBoardAccount({ voyageId, consignmentId }), quantityKg: -params.quantityKg },
      {
        account: inTransitAccount({ tripId: params.tripId, voyageId, consignmentId, ownerCompanyId, cargoTypeId: params.cargoTypeId }),
        quantityKg: params.quantityKg,
        ...(toLocationId === null ? {} : { destinationLocationId: toLocationId }),
      },
    ],
  };
}

/** Posts a slip's quantity from the vessel onto its trip. */
function postSlip(tx: Db, params: SlipPosting) {
  return post(tx, slipPostParams(params));
}

/** What a new slip needs of its port loading, locked with its truck and driver. */
interface NewSlipLocks extends TruckAndDriverRows {
  portLoading: PortLoadingRow & { status: string; quantityKg: bigint; voyageId: number; consignmentId: number; ownerCompanyId: number; toLocationId: number | null };
  cargoTypeId: number;
  timezone: string;
  /** Ids taken from their sequences for the new trip, slip and ledger transaction (one round trip fewer each). */
  ids: { trip: number; slip: number; transaction: number };
}

/**
 * One round trip: the port loading (in the user's data scope) locked first, as every slip of it does, then the
 * truck and then the driver (each read only once the one before is locked), and the agency's timezone. 404 when the
 * port loading is not one the user may see.
 */
async function lockForNewSlip(tx: Db, params: { agencyId: number; scope: DataScope; portLoadingId: number; truckId: number; driverId: number }): Promise<NewSlipLocks> {
  const scope = portLoadingScope(params.scope);
  const [row] = await queryRowsNamed<{
    id: number;
    status: string;
    quantity_kg: string;
    transporter_kind: string;
    transporter_id: number | null;
    voyage_id: number;
    consignment_id: number;
    owner_company_id: number;
    to_location_id: number | null;
    cargo_type_id: number;
    truck_transporter: number | null;
    truck_capacity: string | null;
    driver_transporter: number | null;
    timezone: string | null;
    trip_id: number;
    slip_id: number;
    transaction_id: number;
  }>(
    tx,
    'slip_lock',
    sql`with pl as (
          select ${portLoadings.id} as id, ${portLoadings.status} as status, ${portLoadings.quantityKg}::text as quantity_kg,
                 ${portLoadings.transporterKind} as transporter_kind, ${portLoadings.transporterId} as transporter_id, ${portLoadings.voyageId} as voyage_id,
                 ${portLoadings.consignmentId} as consignment_id, ${portLoadings.ownerCompanyId} as owner_company_id, ${portLoadings.toLocationId} as to_location_id,
                 ${consignments.cargoTypeId} as cargo_type_id
          from ${portLoadings} inner join ${consignments} on ${consignments.id} = ${portLoadings.consignmentId}
          where ${portLoadings.agencyId} = ${params.agencyId} and ${portLoadings.id} = ${params.portLoadingId}${scope ? sql` and ${scope}` : sql``}
          for update of ${portLoadings}),
        truck as (
          select ${col(trucks, 'transporterId')} as transporter_id, ${col(trucks, 'capacity')}::text as capacity from ${trucks}
          where ${col(trucks, 'agencyId')} = ${params.agencyId} and ${col(trucks, 'id')} = ${params.truckId} and ${col(trucks, 'isActive')}
            and exists (select 1 from pl)
          for no key update),
        driver as (
          select ${col(drivers, 'transporterId')} as transporter_id from ${drivers}
          where ${col(drivers, 'agencyId')} = ${params.agencyId} and ${col(drivers, 'id')} = ${params.driverId} and ${col(drivers, 'isActive')}
            and exists (select 1 from truck)
          for no key update)
        select pl.*,
               (select transporter_id from truck) as truck_transporter,
               (select capacity from truck) as truck_capacity,
               (select transporter_id from driver) as driver_transporter,
               (select ${agencies.timezone} from ${agencies} where ${agencies.id} = ${params.agencyId}) as timezone,
               nextval(pg_get_serial_sequence('trips', 'id')) as trip_id,
               nextval(pg_get_serial_sequence('loading_slips', 'id')) as slip_id,
               nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as transaction_id
        from pl`,
  );
  if (!row) throw notFound('Port loading not found');
  return {
    portLoading: {
      id: Number(row.id),
      status: row.status,
      quantityKg: BigInt(row.quantity_kg),
      transporterKind: row.transporter_kind,
      transporterId: row.transporter_id === null ? null : Number(row.transporter_id),
      voyageId: Number(row.voyage_id),
      consignmentId: Number(row.consignment_id),
      ownerCompanyId: Number(row.owner_company_id),
      toLocationId: row.to_location_id === null ? null : Number(row.to_location_id),
    },
    cargoTypeId: Number(row.cargo_type_id),
    truckTransporter: row.truck_transporter,
    truckCapacity: row.truck_capacity,
    driverTransporter: row.driver_transporter,
    timezone: row.timezone ?? 'UTC',
    ids: { trip: Number(row.trip_id), slip: Number(row.slip_id), transaction: Number(row.transaction_id) },
  };
}

/** What the checks of a new slip read, in the statement that writes it. */
interface NewSlipChecks {
  tripsToday: { truck: number; driver: number };
  loadedKg: bigint;
  rulesPresent: boolean;
}

/**
 * One round trip, after the locks (so it reads every slip committed before them): reads what the checks need (the
 * truck's and the driver's active slips of the day, what the port loading's active slips already loaded, whether
 * the transporters have any active rule at all) and, only when the slip fits the port loading and no rule is left
 * to check (none present, or `rulesChecked`), writes it: the trip, the agency's next slip number (its counter row
 * locked until the commit, so the numbers have no gaps), the slip (the unique index on live WBT numbers refuses one
 * in use, also against a concurrent slip), the ledger posting ON_BOARD -> IN_TRANSIT (the database refuses an
 * overdraw of the vessel) and the audit row. Each write reads the one before it, so nothing is written when the
 * checks fail. Returns the checks, and the slip number when it was written.
 */
async function writeNewSlip(
  tx: Db,
  params: {
    locked: NewSlipLocks;
    slip: Omit<typeof loadingSlips.$inferInsert, 'slipNumber' | 'tripId' | 'id' | 'ledgerTransactionId'> & { quantityKg: bigint; loadedAt: Date; createdAt: Date; createdBy: number };
    day: string;
    truckTransporter: number;
    driverTransporter: number;
    rulesChecked: boolean;
  },
): Promise<{ checks: NewSlipChecks; slipNumber: number | null }> {
  const { locked, slip, day } = params;
  const { agencyId } = slip;
  const posting = embeddedPost({
    ...slipPostParams({ agencyId, userId: slip.createdBy, at: slip.createdAt, slipId: locked.ids.slip, tripId: locked.ids.trip, quantityKg: slip.quantityKg, portLoading: locked.portLoading, cargoTypeId: locked.cargoTypeId }),
    transactionId: locked.ids.transaction,
    prefix: 'ledger_',
    after: sql.raw('slip'),
  });
  const after = auditable({ ...slip, id: locked.ids.slip, tripId: locked.ids.trip, ledgerTransactionId: locked.ids.transaction });
  const audit = auditInsertStatement(
    { agencyId, userId: slip.createdBy, action: 'create', entity: 'loadingSlip', entityId: locked.ids.slip, after, at: slip.createdAt },
    sql`jsonb_build_object('slipNumber', (select value from counter))`,
    sql.raw('ledger_t'),
  );
  const today = tripsOfDay({ agencyId, truckId: slip.truckId, driverId: slip.driverId, day, timezone: locked.timezone });
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await queryRowsNamed<Record<string, unknown>>(
      tx,
      'slip_write',
      sql`with checks as (
            select today.truck, today.driver, loaded.total as loaded, rules.present as rules_present,
                   (loaded.total + ${slip.quantityKg}::bigint <= ${locked.portLoading.quantityKg}::bigint and (${params.rulesChecked}::boolean or not rules.present)) as ok
            from (select count(*) filter (where ${loadingSlips.truckId} = ${slip.truckId})::int as truck,
                         count(*) filter (where ${loadingSlips.driverId} = ${slip.driverId})::int as driver
                  from ${loadingSlips} where ${today}) as today,
                 (select coalesce(sum(${loadingSlips.quantityKg}), 0) as total
                  from ${loadingSlips} where ${loadingSlips.portLoadingId} = ${slip.portLoadingId} and ${loadingSlips.status} = 'Active') as loaded,
                 (select exists (select 1 from ${transporterRules}
                                 where ${col(transporterRules, 'agencyId')} = ${agencyId} and ${col(transporterRules, 'isActive')}
                                   and ${col(transporterRules, 'transporterId')} in (${params.truckTransporter}, ${params.driverTransporter})) as present) as rules),
          trip as (
            insert into ${trips} (id, agency_id, kind, created_at) overriding system value
            select ${locked.ids.trip}::integer, ${agencyId}::integer, 'loadingSlip', ${slip.createdAt}::timestamptz from checks where ok
            returning id),
          counter as (${nextNumberStatement({ agencyId, name: 'loadingSlip', from: sql.raw('trip') })}),
          slip as (
            insert into ${loadingSlips} (id, agency_id, slip_number, port_loading_id, trip_id, truck_id, driver_id, wbt_number, quantity_kg,
                                         loaded_at, remarks, status, created_by, created_at, ledger_transaction_id) overriding system value
            select ${locked.ids.slip}::integer, ${agencyId}::integer, counter.value, ${slip.portLoadingId}::integer, ${locked.ids.trip}::integer,
                   ${slip.truckId}::integer, ${slip.driverId}::integer, ${slip.wbtNumber}::text, ${slip.quantityKg}::bigint, ${slip.loadedAt}::timestamptz,
                   ${slip.remarks ?? null}::text, ${slip.status ?? 'Active'}::text, ${slip.createdBy}::integer, ${slip.createdAt}::timestamptz, ${locked.ids.transaction}::integer
            from counter
            returning id),
          ${posting.ctes},
          audit as (${audit})
        select checks.truck, checks.driver, checks.loaded::text as loaded, checks.rules_present, (select value from counter) as slip_number, posting.*
        from checks left join (select ${posting.columns} from ${posting.from}) as posting on true`,
    );
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'loading_slips_agency_wbt_unique') throw wbtTaken();
    throw postingError(error);
  }
  if (!row) throw new Error('loading slip statement returned no row');
  const checks = { tripsToday: { truck: Number(row.truck), driver: Number(row.driver) }, loadedKg: BigInt(String(row.loaded)), rulesPresent: row.rules_present === true };
  if (row.slip_number === null || row.slip_number === undefined) return { checks, slipNumber: null };
  await posting.finish(tx, row);
  return { checks, slipNumber: Number(row.slip_number) };
}

export interface CreateLoadingSlipParams {
  agencyId: number;
  userId: number;
  now: Date;
  portLoadingId: number;
  input: TLoadingSlipValues;
  /** The user's data scope (required: a seed or a benchmark passes `UNRESTRICTED` explicitly). */
  scope: DataScope;
  /** The language of rule messages. */
  lang?: Lang;
}


/**
 * Creates one loading slip (a truck trip) of a port loading and posts its quantity ON_BOARD -> IN_TRANSIT, inside
 * the caller's `inAgency` transaction. Refuses a reversed port loading, a truck or driver of another transporter or
 * stopped by a rule, a WBT number in use, slips beyond the port loading's quantity, and (the database) more than
 * is on board.
 */
export async function createLoadingSlip(tx: Db, params: CreateLoadingSlipParams): Promise<{ id: number; slipNumber: number; tripId: number; ledgerTransactionId: number }> {
  const { agencyId, userId, now, input } = params;
  const lang = params.lang ?? 'en';
  const locked = await lockForNewSlip(tx, { agencyId, scope: params.scope, portLoadingId: params.portLoadingId, truckId: input.truckId, driverId: input.driverId });
  const { portLoading } = locked;
  if (portLoading.status !== 'Active') throw ruleConflict(PortLoadingMessages.portLoadingReversed);
  const quantityKg = tonnesToKg(input.quantity);
  const loadedAt = input.loadedAt ? new Date(input.loadedAt) : now;
  const transporters = checkTruckAndDriverRows(locked, { portLoading, quantityKg, lang });
  const day = localDay(loadedAt, locked.timezone);
  const slip = {
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
  };
  const write = { locked, slip, day, ...transporters };
  let written = await writeNewSlip(tx, { ...write, rulesChecked: false });
  if (written.slipNumber === null) {
    // Nothing written: a rule to check (read and checked here, then written), or more than the port loading has left.
    const { checks } = written;
    if (checks.rulesPresent) await checkRules(tx, { agencyId, truckId: input.truckId, driverId: input.driverId, ...transporters, day, tripsToday: checks.tripsToday, lang });
    if (checks.loadedKg + quantityKg > portLoading.quantityKg) {
      throw ruleConflict(PortLoadingMessages.exceedsPortLoading, { quantity: PortLoadingMessages.exceedsPortLoading, remaining: kgToTonnes(portLoading.quantityKg - checks.loadedKg) });
    }
    written = await writeNewSlip(tx, { ...write, rulesChecked: true });
    if (written.slipNumber === null) throw new Error('loading slip was not written after its checks passed');
  }
  return { id: locked.ids.slip, slipNumber: written.slipNumber, tripId: locked.ids.trip, ledgerTransactionId: locked.ids.transaction };
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
  await assertNotConsumed(tx, { agencyId, record: { kind: 'loadingSlip', id: slip.id } });
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
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'loadingSlip', id: slip.id } });
  if (slip.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: slip.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(loadingSlips).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(loadingSlips.id, slip.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'loadingSlip', entityId: slip.id, before: auditable(slip), after: { status: 'Reversed', reason }, at: actor.now });
}

/** The filtered, paged slips of the agency in the user's scope, with the count and total quantity of the filter. */
export async function listLoadingSlips(tx: Db, params: { agencyId: number; scope: DataScope; query: TLoadingSlipListQuery }): Promise<TLoadingSlipList> {
  const q = ZLoadingSlipListQuery.parse(params.query);
  const where = await loadingSlipConditions(tx, { ...params, q });
  const rows = await selectLoadingSlips(tx)
    .where(where)
    .orderBy(...orderByAllowed(loadingSlipSort, q, loadingSlips.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totals] = await slipTotals(tx, where);
  return { rows: rows.map(toLoadingSlip), count: totals?.count ?? 0, totalQuantity: kgToTonnes(BigInt(totals?.totalKg ?? '0')) };
}

/** Every slip the list's filters and the user's scope match, in the list's order, as the Excel export's cursor source. */
export async function loadingSlipExportSource(tx: Db, params: { agencyId: number; scope: DataScope; query: LoadingSlipFilters }): Promise<CursorSource<TLoadingSlip>> {
  const q = params.query;
  const where = await loadingSlipConditions(tx, { ...params, q });
  return cursorSource(selectLoadingSlips(tx).where(where).orderBy(...orderByAllowed(loadingSlipSort, q, loadingSlips.id)), (_tx, rows) => rows.map(toLoadingSlip));
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
