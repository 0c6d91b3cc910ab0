import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';

/*
 * The kept movement counters (`ledger_movement_totals`, see ledger.schema.ts and docs/domain.md "Movement
 * counters"): the rule that makes them from the entries, in one place, for the three writers that must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) writes a posting's rows in its own statement,
 *   with `countedMovements` below deciding the same trips, places and origins in TypeScript;
 * - `rebuildMovementTotals` recomputes them from the entries (the migration that created the table ran the same
 *   select; writers that copy entries set-based, such as the benchmark's seeding, call it afterwards);
 * - `movementTotalsDifferences` (npm run ledger:check) compares the kept rows with the recomputation.
 *
 * The rule, per posting and account of kind ON_HAND or ON_BOARD with a quantity entry, per sign of the entry:
 * - direction: 'in' for an addition, 'out' for a withdrawal; a reversal counts in the direction of its original, on
 *   its original's business day, with the opposite sign (so a reversed posting and its reversal add up to nothing,
 *   as the read side leaves both out);
 * - trucks: the distinct trips of the posting's IN_TRANSIT entries of the other sign (what the read side's
 *   `tripMovements` joins); `trips` counts them on every such account, `place_trips` only on the posting's first
 *   account (lowest id) at the same place (location of ON_HAND, voyage of ON_BOARD) and sign;
 * - origin: 'none' without a truck; for an addition, 'port' when the first truck (lowest trip id) was loaded in a
 *   port loading (a positive entry of a `portLoading` posting on its account: the warehouse tab's FROM_PORT);
 *   otherwise 'truck';
 * - kg: the absolute sum of the account's entries of that sign in the posting.
 */

/** The select of every counter row from the entries (columns in the table's order), of one agency or all. */
export function movementTotalsFromEntries(agencyId?: number): SQL {
  const agency = agencyId === undefined ? sql`` : sql` and e.agency_id = ${agencyId}::integer`;
  return sql`with m as (
      select e.agency_id, e.account_id, e.transaction_id, a.kind,
             case when a.kind = 'ON_HAND' then a.location_id else a.voyage_id end as place_id,
             t.type as posting_type, case when t.reverses_id is null then 1 else -1 end as factor,
             coalesce(o.created_at, t.created_at) as business_at, sign(e.quantity_kg)::integer as entry_sign,
             sum(abs(e.quantity_kg)) as kg
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind in ('ON_HAND', 'ON_BOARD')
      join ledger_transactions t on t.id = e.transaction_id
      left join ledger_transactions o on o.id = t.reverses_id
      where e.quantity_kg <> 0${agency}
      group by e.agency_id, e.account_id, e.transaction_id, a.kind, a.location_id, a.voyage_id, t.type, t.reverses_id, o.created_at, t.created_at, sign(e.quantity_kg)),
    trucks as (
      select x.transaction_id, x.entry_sign, count(distinct x.trip_id)::integer as trips, min(x.trip_id) as first_trip,
             bool_or(x.from_port) filter (where x.first) as first_from_port
      from (select te.transaction_id, -sign(te.quantity_kg)::integer as entry_sign, ta.trip_id,
                   ta.trip_id = min(ta.trip_id) over (partition by te.transaction_id, sign(te.quantity_kg)) as first,
                   exists (select 1 from ledger_entries pe join ledger_transactions pt on pt.id = pe.transaction_id and pt.type = 'portLoading'
                           where pe.account_id = ta.id and pe.quantity_kg > 0) as from_port
            from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
            where te.quantity_kg <> 0 and te.transaction_id in (select transaction_id from m)) x
      group by x.transaction_id, x.entry_sign),
    counted as (
      select m.agency_id, m.account_id, (m.business_at at time zone ag.timezone)::date as day,
             case when m.entry_sign * m.factor > 0 then 'in' else 'out' end as direction, m.posting_type,
             case when tr.trips is null then 'none' when m.entry_sign * m.factor > 0 and tr.first_from_port then 'port' else 'truck' end as origin,
             m.factor * coalesce(tr.trips, 0) as trips,
             m.factor * case when m.account_id = min(m.account_id) over (partition by m.transaction_id, m.kind, m.place_id, m.entry_sign) then coalesce(tr.trips, 0) else 0 end as place_trips,
             m.factor * m.kg as kg
      from m
      join agencies ag on ag.id = m.agency_id
      left join trucks tr on tr.transaction_id = m.transaction_id and tr.entry_sign = m.entry_sign)
    select agency_id, account_id, day, direction, posting_type, origin, sum(trips)::integer as trips, sum(place_trips)::integer as place_trips, sum(kg)::bigint as kg
    from counted
    group by agency_id, account_id, day, direction, posting_type, origin`;
}

/**
 * Replaces the counters of one agency (or of all) with the recomputation from the entries. For writers that copy
 * entries past the posting function (the benchmark's set-based seeding) and for an agency whose time zone changed
 * (its business days move). Run as the table owner or inside the agency's transaction.
 */
export async function rebuildMovementTotals(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildMovementTotalsStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildMovementTotals`, for a writer on a bare connection (the benchmark's seeding). */
export function rebuildMovementTotalsStatements(agencyId?: number): SQL[] {
  return [
    sql`delete from ledger_movement_totals${agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`}`,
    sql`insert into ledger_movement_totals (agency_id, account_id, day, direction, posting_type, origin, trips, place_trips, kg)
        ${movementTotalsFromEntries(agencyId)}`,
  ];
}

/** A counter row that differs from the recomputation (a missing row counts as zeros). */
export interface MovementTotalsDifference {
  agencyId: number;
  accountId: number;
  day: string;
  direction: string;
  postingType: string;
  origin: string;
  kept: { trips: number; placeTrips: number; kg: bigint };
  fromEntries: { trips: number; placeTrips: number; kg: bigint };
}

interface DifferenceRow {
  agency_id: number;
  account_id: number;
  day: string | Date;
  direction: string;
  posting_type: string;
  origin: string;
  kept_trips: number | string;
  kept_place_trips: number | string;
  kept_kg: string;
  trips: number | string;
  place_trips: number | string;
  kg: string;
}

/** Every counter row that differs from the entries (all agencies, as the table owner). */
export async function movementTotalsDifferences(db: Db): Promise<MovementTotalsDifference[]> {
  const rows = await queryRows<DifferenceRow>(
    db,
    sql`with fresh as (${movementTotalsFromEntries()})
        select coalesce(k.agency_id, f.agency_id) as agency_id, coalesce(k.account_id, f.account_id) as account_id, coalesce(k.day, f.day)::text as day,
               coalesce(k.direction, f.direction) as direction, coalesce(k.posting_type, f.posting_type) as posting_type, coalesce(k.origin, f.origin) as origin,
               coalesce(k.trips, 0) as kept_trips, coalesce(k.place_trips, 0) as kept_place_trips, coalesce(k.kg, 0)::text as kept_kg,
               coalesce(f.trips, 0) as trips, coalesce(f.place_trips, 0) as place_trips, coalesce(f.kg, 0)::text as kg
        from ledger_movement_totals k
        full join fresh f on f.account_id = k.account_id and f.day = k.day and f.direction = k.direction and f.posting_type = k.posting_type and f.origin = k.origin
        where coalesce(k.trips, 0) <> coalesce(f.trips, 0) or coalesce(k.place_trips, 0) <> coalesce(f.place_trips, 0) or coalesce(k.kg, 0) <> coalesce(f.kg, 0)
           or k.agency_id <> f.agency_id
        order by 2, 3, 4, 5, 6`,
  );
  return rows.map((row) => ({
    agencyId: Number(row.agency_id),
    accountId: Number(row.account_id),
    day: String(row.day).slice(0, 10),
    direction: row.direction,
    postingType: row.posting_type,
    origin: row.origin,
    kept: { trips: Number(row.kept_trips), placeTrips: Number(row.kept_place_trips), kg: BigInt(row.kept_kg) },
    fromEntries: { trips: Number(row.trips), placeTrips: Number(row.place_trips), kg: BigInt(row.kg) },
  }));
}
