import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { keptRowDifferences } from './kept-differences';
import type { AccountKey } from './ledger.service';

/*
 * The kept trip rows of the IN/OUT Stats tab (`ledger_trip_dispatches`, `ledger_trip_receipts`, see
 * trip-stats.schema.ts): the rule that makes them from the entries, in one place, for the three writers that must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) writes a posting's rows in its own statement
 *   (`tripStatsCte` below decides from the lines what the select decides from the entries), and a reversal deletes
 *   its original's rows (both are then left out, as a reversal is);
 * - `rebuildTripStats` recomputes them from the entries (the migration that created the tables ran the same selects;
 *   writers that copy entries set-based, such as the benchmark's seeding, call it afterwards);
 * - `tripStatsDifferences` (npm run ledger:check) compares the kept rows with the recomputation.
 *
 * The rule, per live transaction (neither a reversal nor reversed) and IN_TRANSIT account (a truck):
 * - a dispatch when the truck has a positive entry and the posting a negative entry on an ON_BOARD or ON_HAND
 *   account: kg = the sum of the truck's positive entries; the origin = the lowest-id such account (its kind,
 *   location and `coalesce(attached_voyage_id, voyage_id)`);
 * - a receipt per location of the posting's ON_HAND accounts with a positive entry, when the truck has a negative
 *   entry: kg = the sum over the truck's negative entries of (what left the truck less the posting's entries on the
 *   trip's TRANSIT_LOSS: the accounts of that kind with the truck's trip, voyage, consignment, owner and cargo type,
 *   each not null); place_account_id = the lowest id of those ON_HAND accounts at the location, first_place = it is
 *   the lowest of all.
 */

const agencyCondition = (column: SQL, agencyId?: number) => (agencyId === undefined ? sql`` : sql` and ${column} = ${agencyId}::integer`);

const LIVE = sql`t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)`;

/** The select of every dispatch row from the entries (columns in the table's order), of one agency or all. */
export function tripDispatchesFromEntries(agencyId?: number): SQL {
  return sql`select e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, t.created_at,
           o.kind, o.location_id, o.binding_voyage_id, sum(e.quantity_kg)::bigint
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind = 'IN_TRANSIT'
      join ledger_transactions t on t.id = e.transaction_id and ${LIVE}
      cross join lateral (
        select place.kind, place.location_id, coalesce(place.attached_voyage_id, place.voyage_id) as binding_voyage_id
          from ledger_entries pe join ledger_accounts place on place.id = pe.account_id
         where pe.transaction_id = t.id and pe.quantity_kg < 0 and place.kind in ('ON_BOARD', 'ON_HAND')
         order by place.id limit 1) o
      where e.quantity_kg > 0${agencyCondition(sql`e.agency_id`, agencyId)}
      group by e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, t.created_at, o.kind, o.location_id, o.binding_voyage_id`;
}

/** The select of every receipt row from the entries (columns in the table's order), of one agency or all. */
export function tripReceiptsFromEntries(agencyId?: number): SQL {
  return sql`with truck as (
        select e.agency_id, e.transaction_id, e.account_id, -sum(e.quantity_kg) as out_kg, count(*) as entries,
               a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, a.cargo_type_id
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'IN_TRANSIT'
          join ledger_transactions t on t.id = e.transaction_id and ${LIVE}
         where e.quantity_kg < 0${agencyCondition(sql`e.agency_id`, agencyId)}
         group by e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, a.cargo_type_id),
      place as (
        select pe.transaction_id, place.location_id, min(place.id) as place_account_id
          from ledger_entries pe join ledger_accounts place on place.id = pe.account_id and place.kind = 'ON_HAND'
         where pe.quantity_kg > 0 and pe.transaction_id in (select transaction_id from truck)
         group by pe.transaction_id, place.location_id)
    select tr.agency_id, tr.transaction_id, tr.account_id, p.place_account_id, p.location_id,
           p.place_account_id = min(p.place_account_id) over (partition by tr.transaction_id, tr.account_id) as first_place,
           (tr.out_kg - tr.entries * coalesce((
             select sum(le.quantity_kg) from ledger_entries le join ledger_accounts loss on loss.id = le.account_id
              where le.transaction_id = tr.transaction_id and loss.kind = 'TRANSIT_LOSS' and loss.trip_id = tr.trip_id
                and loss.voyage_id = tr.voyage_id and loss.consignment_id = tr.consignment_id
                and loss.owner_company_id = tr.owner_company_id and loss.cargo_type_id = tr.cargo_type_id), 0))::bigint
      from truck tr join place p on p.transaction_id = tr.transaction_id`;
}

const DISPATCH_COLUMNS = sql.raw(
  'agency_id, transaction_id, account_id, trip_id, voyage_id, consignment_id, owner_company_id, dispatched_at, origin_kind, origin_location_id, origin_binding_voyage_id, kg',
);
const RECEIPT_COLUMNS = sql.raw('agency_id, transaction_id, account_id, place_account_id, location_id, first_place, kg');

/** Replaces the kept trip rows of one agency (or of all) with the recomputation from the entries. */
export async function rebuildTripStats(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildTripStatsStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildTripStats`, for a writer on a bare connection (the benchmark's seeding). */
export function rebuildTripStatsStatements(agencyId?: number): SQL[] {
  const where = agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`;
  return [
    sql`delete from ledger_trip_dispatches${where}`,
    sql`delete from ledger_trip_receipts${where}`,
    sql`insert into ledger_trip_dispatches (${DISPATCH_COLUMNS}) ${tripDispatchesFromEntries(agencyId)}`,
    sql`insert into ledger_trip_receipts (${RECEIPT_COLUMNS}) ${tripReceiptsFromEntries(agencyId)}`,
  ];
}

/** A kept trip row that differs from the recomputation (missing on one side, or with other values). */
export interface TripStatsDifference {
  table: 'ledger_trip_dispatches' | 'ledger_trip_receipts';
  agencyId: number;
  transactionId: number;
  accountId: number;
  /** The row as kept and as recomputed (text of its columns), null when absent. */
  kept: string | null;
  fromEntries: string | null;
}

/** Every kept trip row that differs from the entries (all agencies, as the table owner). */
export async function tripStatsDifferences(db: Db): Promise<TripStatsDifference[]> {
  const differences: TripStatsDifference[] = [];
  const tables = [
    { table: 'ledger_trip_dispatches' as const, columns: DISPATCH_COLUMNS, fresh: tripDispatchesFromEntries() },
    { table: 'ledger_trip_receipts' as const, columns: RECEIPT_COLUMNS, fresh: tripReceiptsFromEntries() },
  ];
  for (const { table, columns, fresh } of tables) {
    for (const { side, row, ...keys } of await keptRowDifferences(db, table, columns, fresh)) {
      differences.push({ table, ...keys, kept: side === 'kept' ? row : null, fromEntries: side === 'fresh' ? row : null });
    }
  }
  return differences;
}

/** A line of a posting, as the posting function holds it. */
interface Line {
  account: AccountKey;
  quantityKg: bigint;
}

const LOSS_DIMENSIONS = ['tripId', 'voyageId', 'consignmentId', 'ownerCompanyId', 'cargoTypeId'] as const;

/** Whether a TRANSIT_LOSS account is the truck's (its five dimensions equal and not null, as SQL's `=` has them). */
function isLossOf(loss: AccountKey, truck: AccountKey): boolean {
  return loss.kind === 'TRANSIT_LOSS' && LOSS_DIMENSIONS.every((d) => truck[d] != null && loss[d] === truck[d]);
}

/**
 * The posting's kept trip rows as more CTEs of its statement (`<prefix>sd`, `<prefix>sr`), read after its
 * transaction's insert (`<prefix>t`: nothing when it wrote nothing). A reversal deletes its original's rows; another
 * posting inserts its dispatches and receipts by the rule above, the accounts' ids read from their upserts (`cteOf`
 * by account, the key text the posting function groups them by). Empty when the posting moves no truck.
 */
export function tripStatsCte(
  agencyId: number,
  header: { createdAt: Date; reversesId?: number | null },
  lines: readonly Line[],
  accountCte: (account: AccountKey) => SQL,
  name: (suffix: string) => SQL,
): SQL {
  const transaction = name('t');
  if (header.reversesId != null) {
    const original = sql`${header.reversesId}::integer`;
    return sql`,
    ${name('sd')} as (delete from ledger_trip_dispatches where transaction_id = ${original} and exists (select 1 from ${transaction})),
    ${name('sr')} as (delete from ledger_trip_receipts where transaction_id = ${original} and exists (select 1 from ${transaction}))`;
  }
  interface Truck {
    account: AccountKey;
    inKg: bigint;
    outKg: bigint;
    outEntries: bigint;
  }
  const trucks = new Map<SQL, Truck>();
  const origins = new Map<SQL, AccountKey>();
  const places = new Map<SQL, AccountKey>();
  for (const line of lines) {
    const cte = accountCte(line.account);
    const kind = line.account.kind;
    if (kind === 'IN_TRANSIT' && line.quantityKg !== 0n) {
      const truck = trucks.get(cte) ?? { account: line.account, inKg: 0n, outKg: 0n, outEntries: 0n };
      if (line.quantityKg > 0n) truck.inKg += line.quantityKg;
      else {
        truck.outKg -= line.quantityKg;
        truck.outEntries += 1n;
      }
      trucks.set(cte, truck);
    }
    if ((kind === 'ON_BOARD' || kind === 'ON_HAND') && line.quantityKg < 0n) origins.set(cte, line.account);
    if (kind === 'ON_HAND' && line.quantityKg > 0n) places.set(cte, line.account);
  }
  const id = (cte: SQL) => sql`(select id from ${cte})`;
  const parts: SQL[] = [];
  const dispatched = [...trucks].filter(([, truck]) => truck.inKg > 0n);
  if (dispatched.length > 0 && origins.size > 0) {
    const values = sql.join(
      dispatched.map(
        ([cte, { account: a, inKg }]) =>
          sql`(${id(cte)}, ${a.tripId ?? null}::integer, ${a.voyageId ?? null}::integer, ${a.consignmentId ?? null}::integer, ${a.ownerCompanyId ?? null}::integer, ${inKg}::bigint)`,
      ),
      sql`, `,
    );
    const candidates = sql.join(
      [...origins].map(([cte, a]) => sql`(${id(cte)}, ${a.kind}::text, ${a.locationId ?? null}::integer, ${a.attachedVoyageId ?? a.voyageId ?? null}::integer)`),
      sql`, `,
    );
    parts.push(sql`${name('sd')} as (
      insert into ledger_trip_dispatches (${DISPATCH_COLUMNS})
      select ${agencyId}::integer, ${transaction}.id, v.account_id, v.trip_id, v.voyage_id, v.consignment_id, v.owner_company_id, ${header.createdAt}::timestamptz,
             o.kind, o.location_id, o.binding_voyage_id, v.kg
      from ${transaction}, (values ${values}) as v(account_id, trip_id, voyage_id, consignment_id, owner_company_id, kg),
           (select * from (values ${candidates}) as c(id, kind, location_id, binding_voyage_id) order by c.id limit 1) o)`);
  }
  const unloaded = [...trucks].filter(([, truck]) => truck.outEntries > 0n);
  if (unloaded.length > 0 && places.size > 0) {
    const values = sql.join(
      unloaded.map(([cte, truck]) => {
        const loss = lines.filter((l) => isLossOf(l.account, truck.account)).reduce((sum, l) => sum + l.quantityKg, 0n);
        return sql`(${id(cte)}, ${truck.outKg - truck.outEntries * loss}::bigint)`;
      }),
      sql`, `,
    );
    const placeValues = sql.join(
      [...places].map(([cte, a]) => sql`(${id(cte)}, ${a.locationId ?? null}::integer)`),
      sql`, `,
    );
    parts.push(sql`${name('sr')} as (
      insert into ledger_trip_receipts (${RECEIPT_COLUMNS})
      select ${agencyId}::integer, ${transaction}.id, v.account_id, p.place_account_id, p.location_id,
             p.place_account_id = min(p.place_account_id) over (partition by v.account_id), v.kg
      from ${transaction}, (values ${values}) as v(account_id, kg),
           (select location_id, min(id) as place_account_id from (values ${placeValues}) as c(id, location_id) group by location_id) p)`);
  }
  return parts.length === 0 ? sql`` : sql`, ${sql.join(parts, sql`, `)}`;
}
