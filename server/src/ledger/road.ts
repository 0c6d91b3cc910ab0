import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';

/*
 * The road: where each truck on it goes, kept on its IN_TRANSIT account (`ledger_accounts.destination_location_id`,
 * beside the key), so the partner tabs read the trucks going to a place as one range of `ledger_accounts_road_idx`
 * instead of looking up each live truck's slip (npm run bench, section 10d). The rule, in one place for the three
 * writers that must agree:
 *
 * - the flow that loads a truck gives its destination on the posting's IN_TRANSIT line (`destinationLocationId` of
 *   `PostingLine`); the posting statement writes it with the account, and a line that gives another destination
 *   (a Warehouse Out corrected to another place) replaces it; lines without one (unloading, reversals) leave it;
 * - `rebuildRoadStatements` sets it from the slips (the migration that added the column ran the same select; writers
 *   that copy accounts set-based, such as the benchmark's seeding, call it afterwards);
 * - `roadDifferences` (npm run ledger:check) compares it with the slips for every truck on the road.
 *
 * The rule: a trip's destination is its slip's (one slip per trip, trip ids being shared by every flow): a loading
 * slip's port loading's `to_location_id`, a Warehouse Out's, a Consignee Out's or a transfer slip's own; none for a
 * trip without a slip. It is checked only while the truck carries something: a port loading's destination may change
 * once all its slips are reversed, and those trucks are off the road.
 *
 * The slip tables are named in SQL, as in place-moves.ts: the ledger sits below the business modules.
 */

/** Every trip's destination (`agency_id`, `trip_id`, `to_location_id`), of one agency or all. */
export function tripDestinationsSql(agencyId?: number): SQL {
  const only = (column: string) => (agencyId === undefined ? sql`` : sql` where ${sql.raw(column)} = ${agencyId}::integer`);
  return sql`select s.agency_id, s.trip_id, p.to_location_id from loading_slips s join port_loadings p on p.id = s.port_loading_id${only('s.agency_id')}
    union all select o.agency_id, o.trip_id, o.to_location_id from warehouse_outs o${only('o.agency_id')}
    union all select o.agency_id, o.trip_id, o.to_location_id from consignee_outs o${only('o.agency_id')}
    union all select t.agency_id, t.trip_id, t.to_location_id from transfer_slips t${only('t.agency_id')}`;
}

/** Sets every truck's kept destination of one agency (or of all) from the slips, writing only the rows that differ. */
export function rebuildRoadStatements(agencyId?: number): SQL[] {
  const agency = agencyId === undefined ? sql`` : sql` and a.agency_id = ${agencyId}::integer`;
  return [
    sql`update ledger_accounts a set destination_location_id = d.to_location_id
          from (${tripDestinationsSql(agencyId)}) d
         where a.kind = 'IN_TRANSIT' and a.trip_id = d.trip_id and a.agency_id = d.agency_id${agency}
           and a.destination_location_id is distinct from d.to_location_id`,
    sql`update ledger_accounts a set destination_location_id = null
         where a.kind = 'IN_TRANSIT' and a.destination_location_id is not null${agency}
           and not exists (select 1 from (${tripDestinationsSql(agencyId)}) d where d.trip_id = a.trip_id and d.agency_id = a.agency_id)`,
  ];
}

/** Sets the kept destinations of one agency (or of all) from the slips. */
export async function rebuildRoad(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildRoadStatements(agencyId)) await db.execute(statement);
}

/** A truck on the road whose kept destination is not its slip's. */
export interface RoadDifference {
  agencyId: number;
  accountId: number;
  tripId: number | null;
  kept: number | null;
  fromSlips: number | null;
}

/** Every truck on the road (all agencies, as the table owner) whose kept destination differs from its slip's. */
export async function roadDifferences(db: Db): Promise<RoadDifference[]> {
  const rows = await queryRows<{ agency_id: number; id: number; trip_id: number | null; kept: number | null; from_slips: number | null }>(
    db,
    sql`select a.agency_id, a.id, a.trip_id, a.destination_location_id as kept, d.to_location_id as from_slips
          from ledger_accounts a left join (${tripDestinationsSql()}) d on d.trip_id = a.trip_id and d.agency_id = a.agency_id
         where a.kind = 'IN_TRANSIT' and a.balance_kg <> 0 and a.destination_location_id is distinct from d.to_location_id
         order by a.id`,
  );
  const id = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((r) => ({ agencyId: Number(r.agency_id), accountId: Number(r.id), tripId: id(r.trip_id), kept: id(r.kept), fromSlips: id(r.from_slips) }));
}
