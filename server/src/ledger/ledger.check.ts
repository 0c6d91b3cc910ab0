import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../platform/config';
import { openDatabase, queryRows, type Db } from '../platform/db/client';
import { EmbeddedDatabaseInUseError } from '../platform/db/embedded-lock';
import { movementTotalsDifferences, type MovementTotalsDifference } from './movement-totals';
import { placeMovesDifferences, type PlaceMovesDifference } from './place-moves';
import { placeTripsDifferences, type PlaceTripsDifference } from './place-trips';
import { placeDeparturesDifferences, type PlaceDeparturesDifference } from './place-departures';
import { roadDifferences, type RoadDifference } from './road';
import { tripCardsDifferences, type TripCardDifference } from './trip-cards';
import { tripStatsDifferences, type TripStatsDifference } from './trip-stats';
import { voyageFiguresDifferences, type VoyageFiguresDifference } from './voyage-figures';

/*
 * `npm run ledger:check` (DOMAIN invariants 1 and 4): recomputes every account's balances from its entries,
 * every transaction's sum, the kept movement counters (movement-totals.ts) and the kept per-voyage figures
 * (voyage-figures.ts, against the accounts' balances) and the kept trip rows of the IN/OUT stats (trip-stats.ts) the partner tabs' kept arrivals (place-moves.ts), the places' kept truck postings (place-trips.ts), the places' kept departures (place-departures.ts), the trucks' kept
 * destinations (road.ts) and the trips' kept cards (trip-cards.ts), as the table owner (all agencies), and reports each
 * difference. Exit code 1 if any.
 * With the embedded database, run it while the server is stopped: PGlite opens its files in one process only.
 */

export interface LedgerDifference {
  kind: 'balance' | 'committed' | 'unbalancedTransaction' | 'movementTotals' | 'voyageFigures' | 'tripStats' | 'placeMoves' | 'placeTrips' | 'placeDepartures' | 'road' | 'tripCard';
  agencyId: number;
  /** The account (balance, committed, movementTotals), the transaction (unbalancedTransaction, tripStats, placeTrips, placeDepartures), the voyage (voyageFigures) or the first account or the trip (placeMoves), the truck's account (road), the trip (tripCard). */
  id: number;
  keptKg: bigint;
  fromEntriesKg: bigint;
  /** A movement counter row: its key and its trips, kept and from the entries. */
  counter?: MovementTotalsDifference;
  /** A per-voyage figures row: its voyage and consignment and its four figures, kept and from the accounts. */
  figures?: VoyageFiguresDifference;
  /** A kept trip row of the IN/OUT stats: kept and from the entries. */
  trip?: TripStatsDifference;
  /** A kept arrival row of the partner tabs' in-quantity detail, or a trip the rows would count twice. */
  placeMove?: PlaceMovesDifference;
  /** A kept truck posting of a place: kept and from the entries. */
  placeTrip?: PlaceTripsDifference;
  /** A kept departure of a place: kept and from the entries. */
  placeDeparture?: PlaceDeparturesDifference;
  /** A truck on the road whose kept destination is not its slip's. */
  road?: RoadDifference;
  /** A trip's kept card that is not its slip's. */
  tripCard?: TripCardDifference;
}

interface AccountSums {
  id: number;
  agency_id: number;
  balance_kg: string;
  committed_kg: string;
  entries_kg: string;
  entries_committed_kg: string;
}

/** Every difference between the kept balances and the ledger, and every transaction that does not sum to zero. */
export async function findLedgerDifferences(db: Db): Promise<LedgerDifference[]> {
  // bigints travel as text: the two drivers parse int8 differently.
  const accounts = await queryRows<AccountSums>(
    db,
    sql`select a.id, a.agency_id, a.balance_kg::text as balance_kg, a.committed_kg::text as committed_kg,
          coalesce(e.quantity_kg, 0)::text as entries_kg, coalesce(e.committed_kg, 0)::text as entries_committed_kg
        from ledger_accounts a
        left join (select account_id, sum(quantity_kg) as quantity_kg, sum(committed_kg) as committed_kg
                   from ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance_kg <> coalesce(e.quantity_kg, 0) or a.committed_kg <> coalesce(e.committed_kg, 0)
        order by a.id`,
  );
  const transactions = await queryRows<{ id: number; agency_id: number; sum_kg: string }>(
    db,
    sql`select transaction_id as id, min(agency_id) as agency_id, sum(quantity_kg)::text as sum_kg
        from ledger_entries group by transaction_id having sum(quantity_kg) <> 0 order by transaction_id`,
  );
  const differences: LedgerDifference[] = [];
  for (const a of accounts) {
    const account = { agencyId: Number(a.agency_id), id: Number(a.id) };
    if (a.balance_kg !== a.entries_kg) {
      differences.push({ kind: 'balance', ...account, keptKg: BigInt(a.balance_kg), fromEntriesKg: BigInt(a.entries_kg) });
    }
    if (a.committed_kg !== a.entries_committed_kg) {
      differences.push({ kind: 'committed', ...account, keptKg: BigInt(a.committed_kg), fromEntriesKg: BigInt(a.entries_committed_kg) });
    }
  }
  for (const t of transactions) {
    differences.push({ kind: 'unbalancedTransaction', agencyId: Number(t.agency_id), id: Number(t.id), keptKg: 0n, fromEntriesKg: BigInt(t.sum_kg) });
  }
  for (const c of await movementTotalsDifferences(db)) {
    differences.push({ kind: 'movementTotals', agencyId: c.agencyId, id: c.accountId, keptKg: c.kept.kg, fromEntriesKg: c.fromEntries.kg, counter: c });
  }
  for (const f of await voyageFiguresDifferences(db)) {
    const kept = f.kept.quantityKg + f.kept.remainingKg + f.kept.inTransitKg + f.kept.lossKg;
    const fresh = f.fromAccounts.quantityKg + f.fromAccounts.remainingKg + f.fromAccounts.inTransitKg + f.fromAccounts.lossKg;
    differences.push({ kind: 'voyageFigures', agencyId: f.agencyId, id: f.voyageId, keptKg: kept, fromEntriesKg: fresh, figures: f });
  }
  for (const trip of await tripStatsDifferences(db)) {
    differences.push({ kind: 'tripStats', agencyId: trip.agencyId, id: trip.transactionId, keptKg: 0n, fromEntriesKg: 0n, trip });
  }
  for (const move of await placeMovesDifferences(db)) {
    differences.push({ kind: 'placeMoves', agencyId: move.agencyId, id: move.trip?.tripId ?? move.accountId, keptKg: 0n, fromEntriesKg: 0n, placeMove: move });
  }
  for (const placeTrip of await placeTripsDifferences(db)) {
    differences.push({ kind: 'placeTrips', agencyId: placeTrip.agencyId, id: placeTrip.transactionId, keptKg: 0n, fromEntriesKg: 0n, placeTrip });
  }
  for (const placeDeparture of await placeDeparturesDifferences(db)) {
    differences.push({ kind: 'placeDepartures', agencyId: placeDeparture.agencyId, id: placeDeparture.transactionId, keptKg: 0n, fromEntriesKg: 0n, placeDeparture });
  }
  for (const road of await roadDifferences(db)) {
    differences.push({ kind: 'road', agencyId: road.agencyId, id: road.accountId, keptKg: 0n, fromEntriesKg: 0n, road });
  }
  for (const tripCard of await tripCardsDifferences(db)) {
    differences.push({ kind: 'tripCard', agencyId: tripCard.agencyId, id: tripCard.tripId, keptKg: 0n, fromEntriesKg: 0n, tripCard });
  }
  return differences;
}

/** One line per difference, for the command's output. */
export function describeDifference(d: LedgerDifference): string {
  if (d.counter) {
    const c = d.counter;
    return `agency ${d.agencyId} account ${d.id}: movement counter ${c.day} ${c.direction} ${c.postingType} ${c.origin} kept ${c.kept.trips} trips (${c.kept.placeTrips} at the place) ${c.kept.kg} kg, entries give ${c.fromEntries.trips} trips (${c.fromEntries.placeTrips}) ${c.fromEntries.kg} kg`;
  }
  if (d.figures) {
    const f = d.figures;
    const four = (x: VoyageFiguresDifference['kept']) => `quantity ${x.quantityKg} remaining ${x.remainingKg} in transit ${x.inTransitKg} loss ${x.lossKg} kg`;
    return `agency ${d.agencyId} voyage ${f.voyageId} consignment ${f.consignmentId}: voyage figures kept ${four(f.kept)}, accounts give ${four(f.fromAccounts)}`;
  }
  if (d.trip) return `agency ${d.agencyId} transaction ${d.id} truck ${d.trip.accountId}: ${d.trip.table} kept ${d.trip.kept ?? 'no row'}, entries give ${d.trip.fromEntries ?? 'no row'}`;
  if (d.placeMove?.trip) {
    const trip = d.placeMove.trip;
    return `agency ${d.agencyId} trip ${trip.tripId}: in ${trip.arrivals} live arrivals of place|LC/PO|voyage|cargo|source ${trip.group}, the kept place moves count it ${trip.arrivals} times`;
  }
  if (d.placeMove) return `agency ${d.agencyId} account ${d.id}: place moves kept ${d.placeMove.kept ?? 'no row'}, entries give ${d.placeMove.fromEntries ?? 'no row'}`;
  if (d.placeTrip) return `agency ${d.agencyId} transaction ${d.id} account ${d.placeTrip.accountId}: place trips kept ${d.placeTrip.kept ?? 'no row'}, entries give ${d.placeTrip.fromEntries ?? 'no row'}`;
  if (d.placeDeparture) return `agency ${d.agencyId} transaction ${d.id} account ${d.placeDeparture.accountId}: place departures kept ${d.placeDeparture.kept ?? 'no row'}, entries give ${d.placeDeparture.fromEntries ?? 'no row'}`;
  if (d.tripCard) return `agency ${d.agencyId} trip ${d.id}: card kept ${d.tripCard.kept ?? 'none'}, its slip gives ${d.tripCard.fromSlips ?? 'none'}`;
  if (d.road) return `agency ${d.agencyId} truck ${d.id} trip ${d.road.tripId ?? 'none'}: destination kept ${d.road.kept ?? 'none'}, its slip gives ${d.road.fromSlips ?? 'none'}`;
  if (d.kind === 'unbalancedTransaction') return `agency ${d.agencyId} transaction ${d.id}: entries sum to ${d.fromEntriesKg} kg, not 0`;
  return `agency ${d.agencyId} account ${d.id}: ${d.kind} kept ${d.keptKg} kg, entries give ${d.fromEntriesKg} kg`;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    const differences = await findLedgerDifferences(database.db);
    for (const d of differences) console.error(describeDifference(d));
    console.info(differences.length ? `ledger:check: ${differences.length} difference(s)` : 'ledger:check: balances, movement counters, voyage figures, trip rows, place moves, place trips, place departures and the road equal the ledger, the trip cards their slips');
    return differences.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof EmbeddedDatabaseInUseError ? `ledger:check: ${error.message}` : error);
      process.exit(2);
    },
  );
}
