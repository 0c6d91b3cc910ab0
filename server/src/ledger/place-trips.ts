import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { postingRowDifferences, rebuildKeptTableStatements, type PostingRowDifference } from './kept-differences';
import type { AccountKey } from './ledger.service';

/*
 * The kept truck postings of the places (`ledger_place_trips`, see place-trips.schema.ts): the rule that makes them
 * from the entries, in one place, for the three writers that must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) writes a posting's rows in its own statement
 *   (`placeTripsCte` below decides from the lines what the select decides from the entries), and a reversal deletes
 *   its original's rows (both are then left out, as a reversal is);
 * - `rebuildPlaceTrips` recomputes them from the entries (the migration that created the table ran the same select;
 *   writers that copy entries set-based, such as the benchmark's seeding, call it afterwards);
 * - `placeTripsDifferences` (npm run ledger:check) compares the kept rows with the recomputation.
 *
 * The rule, per live transaction (neither a reversal nor reversed) and ON_HAND account: an `in` row when the account
 * has an entry > 0 and the transaction an entry < 0 on an IN_TRANSIT account (a truck gave); an `out` row when the
 * account has an entry < 0 and the transaction an entry > 0 on an IN_TRANSIT account (a truck took). `at` is the
 * transaction's business time; the account's key columns are copied; `quantity_kg` is the sum of the account's
 * entries of the direction's sign in the transaction, as a magnitude; `trip_ids` the distinct trips (ascending) of
 * the transaction's IN_TRANSIT entries of the opposite sign. These are exactly the postings `tripDetail` lists for a
 * filter of ON_HAND positions: those with an entry of the direction on a filtered position and a truck on the other
 * side.
 */

const agencyCondition = (column: SQL, agencyId?: number) => (agencyId === undefined ? sql`` : sql` and ${column} = ${agencyId}::integer`);

const LIVE = sql`t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)`;

/** The columns of the table, in its order. */
const COLUMNS = sql.raw(
  'agency_id, transaction_id, account_id, direction, at, location_id, silo_id, owner_company_id, consignment_id, cargo_type_id, voyage_id, attached_voyage_id, quantity_kg, trip_ids',
);

/** The select of every kept row from the entries (columns in the table's order), of one agency or all. */
export function placeTripsFromEntries(agencyId?: number): SQL {
  return sql`select p.agency_id, p.transaction_id, p.account_id, p.direction, p.at, p.location_id, p.silo_id, p.owner_company_id, p.consignment_id, p.cargo_type_id,
           p.voyage_id, p.attached_voyage_id, p.quantity_kg, coalesce(tk.trip_ids, '{}') as trip_ids
      from (
        select e.agency_id, e.transaction_id, e.account_id, case when e.quantity_kg > 0 then 'in' else 'out' end as direction, t.created_at as at,
               a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id, sum(abs(e.quantity_kg))::bigint as quantity_kg
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join ledger_transactions t on t.id = e.transaction_id and ${LIVE}
         where e.quantity_kg <> 0${agencyCondition(sql`e.agency_id`, agencyId)}
         group by e.agency_id, e.transaction_id, e.account_id, 4, t.created_at, a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id) p
      cross join lateral (
        select count(*) as trucks, array_agg(distinct ta.trip_id order by ta.trip_id) filter (where ta.trip_id is not null) as trip_ids
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
         where te.transaction_id = p.transaction_id and case when p.direction = 'in' then te.quantity_kg < 0 else te.quantity_kg > 0 end) tk
     where tk.trucks > 0`;
}

/** Replaces the kept rows of one agency (or of all) with the recomputation from the entries. */
export async function rebuildPlaceTrips(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildPlaceTripsStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildPlaceTrips`, for a writer on a bare connection (the benchmark's seeding). */
export function rebuildPlaceTripsStatements(agencyId?: number): SQL[] {
  return rebuildKeptTableStatements('ledger_place_trips', COLUMNS, placeTripsFromEntries(agencyId), agencyId);
}

/** A kept row that differs from the recomputation (missing on one side, or with other values). */
export type PlaceTripsDifference = PostingRowDifference;

/** Every kept row that differs from the entries (all agencies, as the table owner). */
export async function placeTripsDifferences(db: Db): Promise<PlaceTripsDifference[]> {
  return postingRowDifferences(db, 'ledger_place_trips', COLUMNS, placeTripsFromEntries());
}

/** The distinct trips of the trucks of a side (null trips left out), ascending, as the rebuild's `array_agg` orders them. */
function tripIdsOf(trips: readonly (number | null | undefined)[]): number[] {
  return trips.filter((t): t is number => t != null).sort((a, b) => a - b);
}

/** A line of a posting, as the posting function holds it. */
interface Line {
  account: AccountKey;
  quantityKg: bigint;
}

/**
 * The posting's kept rows as one more CTE of its statement (`<prefix>p`), read after its transaction's insert
 * (`<prefix>t`: nothing when it wrote nothing). A reversal deletes its original's rows; another posting inserts a row
 * per ON_HAND account and direction by the rule above, the accounts' ids read from their upserts (`accountCte`).
 * Empty when the posting moves no truck.
 */
export function placeTripsCte(
  agencyId: number,
  header: { createdAt: Date; reversesId?: number | null },
  lines: readonly Line[],
  accountCte: (account: AccountKey) => SQL,
  name: (suffix: string) => SQL,
): SQL {
  const transaction = name('t');
  if (header.reversesId != null) {
    return sql`,
    ${name('p')} as (delete from ledger_place_trips where transaction_id = ${header.reversesId}::integer and exists (select 1 from ${transaction}))`;
  }
  // The trucks on each side: the trips of the IN_TRANSIT lines that gave (for `in` rows) and took (for `out` rows).
  const trucks = (sign: 1n | -1n) => [...new Set(lines.filter((l) => l.account.kind === 'IN_TRANSIT' && l.quantityKg * sign > 0n).map((l) => l.account.tripId))];
  const gave = trucks(-1n);
  const took = trucks(1n);
  // One row per account and direction, however many lines of that sign the account has: their kilograms summed.
  // (An account is known by its upsert's CTE: the same object for every line of the account.)
  const kept: { cte: SQL; account: AccountKey; direction: 'in' | 'out'; kg: bigint; trips: number[] }[] = [];
  for (const line of lines) {
    const a = line.account;
    if (a.kind !== 'ON_HAND') continue;
    const direction = line.quantityKg > 0n && gave.length > 0 ? 'in' : line.quantityKg < 0n && took.length > 0 ? 'out' : undefined;
    if (direction === undefined) continue;
    const cte = accountCte(a);
    let row = kept.find((k) => k.cte === cte && k.direction === direction);
    if (!row) {
      row = { cte, account: a, direction, kg: 0n, trips: tripIdsOf(direction === 'in' ? gave : took) };
      kept.push(row);
    }
    row.kg += line.quantityKg < 0n ? -line.quantityKg : line.quantityKg;
  }
  const rows = kept.map(
    ({ cte, account: a, direction, kg, trips }) =>
      sql`((select id from ${cte}), ${direction}::text, ${a.locationId ?? null}::integer, ${a.siloId ?? null}::integer, ${a.ownerCompanyId ?? null}::integer,
           ${a.consignmentId ?? null}::integer, ${a.cargoTypeId ?? null}::integer, ${a.voyageId ?? null}::integer, ${a.attachedVoyageId ?? null}::integer,
           ${kg}::bigint, ${`{${trips.join(',')}}`}::integer[])`,
  );
  if (rows.length === 0) return sql``;
  return sql`,
    ${name('p')} as (
      insert into ledger_place_trips (${COLUMNS})
      select ${agencyId}::integer, ${transaction}.id, v.account_id, v.direction, ${header.createdAt}::timestamptz,
             v.location_id, v.silo_id, v.owner_company_id, v.consignment_id, v.cargo_type_id, v.voyage_id, v.attached_voyage_id, v.quantity_kg, v.trip_ids
      from ${transaction}, (values ${sql.join(rows, sql`, `)})
        as v(account_id, direction, location_id, silo_id, owner_company_id, consignment_id, cargo_type_id, voyage_id, attached_voyage_id, quantity_kg, trip_ids))`;
}
