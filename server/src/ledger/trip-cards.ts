import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import { rebuildKeptTableStatements } from './kept-differences';

/*
 * The kept trip cards (`trip_cards`, trip-cards.schema.ts): for each trip that has a slip, what the dashboard's trips
 * lists show of that slip. The rule is one view of migration 0046, `trip_card_slips`: a loading slip with its port
 * loading (port, destination, owner, LC/PO, voyage) and its LC/PO's cargo type; a Warehouse Out with its Pre Out
 * (warehouse, silo, owner, LC/PO, cargo, voyage, truck); a Consignee Out; a transfer slip (its `source_kind`, the
 * owner on arrival). The three writers that must agree:
 *
 * - the database's statement triggers (migration 0046): any insert, update or delete of a slip, and an update of a
 *   port loading, a Pre Out or an LC/PO's cargo type that changes what a card copies, refreshes the cards of the
 *   trips it touched from the view (`trip_cards_refresh`), in the writer's statement, whatever flow it is;
 * - `rebuildTripCardsStatements` recomputes them from the view (the migration filled the table the same way;
 *   writers that copy slips with triggers off, such as the benchmark's seeding, call it afterwards);
 * - `tripCardsDifferences` (npm run ledger:check) compares the kept cards with the view.
 *
 * The slip tables are named in SQL only, as in road.ts: the ledger sits below the business modules.
 */

/** The columns of the table, in its order. */
const COLUMNS = sql.raw(
  'trip_id, agency_id, kind, slip_number, slipped_at, truck_id, from_port_id, from_location_id, to_location_id, from_owner_id, to_owner_id, consignment_id, voyage_id, cargo_type_id, silo_id, status, received_table',
);

/** Every card as the slips give it (columns in the table's order), of one agency or all. */
export function tripCardsFromSlips(agencyId?: number): SQL {
  return sql`select ${COLUMNS} from trip_card_slips${agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`}`;
}

/** The statements that replace the cards of one agency (or of all) with their recomputation from the slips. */
export function rebuildTripCardsStatements(agencyId?: number): SQL[] {
  return rebuildKeptTableStatements('trip_cards', COLUMNS, tripCardsFromSlips(agencyId), agencyId);
}

/** Replaces the cards of one agency (or of all) with their recomputation from the slips. */
export async function rebuildTripCards(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildTripCardsStatements(agencyId)) await db.execute(statement);
}

/** A kept card that differs from its slip: missing on one side, or with other values (each as the text of its columns). */
export interface TripCardDifference {
  agencyId: number;
  tripId: number;
  kept: string | null;
  fromSlips: string | null;
}

/** Every kept card that differs from the slips (all agencies, as the table owner). */
export async function tripCardsDifferences(db: Db): Promise<TripCardDifference[]> {
  const rows = await queryRows<{ agency_id: number; trip_id: number; kept: string | null; fresh: string | null }>(
    db,
    sql`with kept as (select ${COLUMNS} from trip_cards), fresh as (${tripCardsFromSlips()}),
             only_kept as (select * from kept except all select * from fresh),
             only_fresh as (select * from fresh except all select * from kept)
        select coalesce(k.agency_id, f.agency_id) as agency_id, coalesce(k.trip_id, f.trip_id) as trip_id, case when k.trip_id is null then null else (k.*)::text end as kept,
               case when f.trip_id is null then null else (f.*)::text end as fresh
          from only_kept k full join only_fresh f on f.trip_id = k.trip_id
         order by 2`,
  );
  return rows.map((row) => ({
    agencyId: Number(row.agency_id),
    tripId: Number(row.trip_id),
    kept: row.kept,
    fromSlips: row.fresh,
  }));
}
