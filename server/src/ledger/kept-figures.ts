import type { SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rebuildMovementTotalsStatements } from './movement-totals';
import { rebuildPlaceMovesStatements } from './place-moves';
import { rebuildPlaceTripsStatements } from './place-trips';
import { rebuildPlaceDeparturesStatements } from './place-departures';
import { rebuildRoadStatements } from './road';
import { rebuildTripCardsStatements } from './trip-cards';
import { rebuildTripStatsStatements } from './trip-stats';
import { rebuildVoyageFiguresStatements } from './voyage-figures';

/*
 * Every figure the ledger keeps beside the balances, written by the posting function in the posting's statement:
 * the movement counters (movement-totals.ts), the per-voyage figures (voyage-figures.ts), the IN/OUT stats'
 * trip rows (trip-stats.ts), the partner tabs' arrivals by place and day (place-moves.ts), the places' truck
 * postings (place-trips.ts) and the trucks' destinations (road.ts); and, kept by the database's triggers from the
 * slips rather than by the posting function, the trips' cards (trip-cards.ts). A writer that puts entries or balances in place
 * past the posting function (the benchmark's set-based seeding, triggers off) rebuilds them all with one call; a new kept table is
 * one more line here.
 */

/** The statements that rebuild every kept figure of one agency (or of all), in order. */
export function rebuildKeptFiguresStatements(agencyId?: number): SQL[] {
  return [...rebuildMovementTotalsStatements(agencyId), ...rebuildVoyageFiguresStatements(agencyId), ...rebuildTripStatsStatements(agencyId), ...rebuildPlaceMovesStatements(agencyId), ...rebuildPlaceTripsStatements(agencyId), ...rebuildPlaceDeparturesStatements(agencyId), ...rebuildRoadStatements(agencyId), ...rebuildTripCardsStatements(agencyId)];
}

/** Rebuilds every kept figure of one agency (or of all) from the ledger. Run as the table owner or inside the agency's transaction. */
export async function rebuildKeptFigures(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildKeptFiguresStatements(agencyId)) await db.execute(statement);
}
