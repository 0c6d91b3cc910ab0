import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { postingRowDifferences, rebuildKeptTableStatements, type PostingRowDifference } from './kept-differences';
import type { AccountKey } from './ledger.service';
import { firstAccountSql, movesOfLines, netMovesFromEntries } from './place-moves';

/*
 * The kept departures of the partner tabs' out-quantity detail (`ledger_place_departures`, see
 * place-departures.schema.ts): the rule that makes them from the entries, in one place, for the three writers that
 * must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) writes a posting's rows in its own statement
 *   (`placeDeparturesCte` below finds from the lines the moves and trucks the select finds from the entries, and both
 *   type them with the same SQL), and a reversal deletes its original's rows;
 * - `rebuildPlaceDepartures` recomputes them from the entries (the migration that created the table ran the same
 *   select; writers that copy entries set-based, such as the benchmark's seeding, call it afterwards);
 * - `placeDeparturesDifferences` (npm run ledger:check) compares the kept rows with the recomputation.
 *
 * The rule, per live transaction (neither a reversal nor reversed): a move is the net change of its ON_HAND entries
 * per place, owner, LC/PO, voyage and cargo type (silos and attached voyages netted); a departure is a move with a
 * net < 0. Its trucks are the transaction's IN_TRANSIT entries > 0 of the same LC/PO, in entry order. With trucks, it
 * is typed by the first truck's slip (the slip tables by trip: 'port' for a loading slip, 'warehouseOut',
 * 'consigneeOut', a transfer slip's kind, 'correction' for a trip without a known slip), and the cargo went to the
 * first truck's owner when another, else to the owner of that slip's destination when another. Without trucks (in
 * place), the counter-position is the first ON_HAND entry > 0 of the transaction for another owner or LC/PO: its
 * owner and LC/PO when others. The row is the move's first account's (lowest id).
 *
 * The slip tables and `locations` are named in SQL rather than imported: the ledger sits below the business modules
 * (as place-moves.ts does). A departing trip's slip is written before the posting that loads it (Warehouse Out,
 * Consignee Out, transfer slips: each inserts its slip, then posts), and a slip whose destination is corrected is
 * posted again (reversal and new posting), so the row's typing is the slip's as it stands.
 */

const TRANSFER_TYPES = ['warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer'];

/** The columns of the table, in its order. */
const COLUMNS = sql.raw(
  'agency_id, transaction_id, account_id, at, posting_type, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, net_kg, slip_type, to_owner_id, to_consignment_id, trips',
);

/**
 * The table's rows from departures found (`d`, a relation with `agency_id`, `transaction_id`, `account_id`, `at`,
 * `posting_type`, the move's key, `net_kg`, `trucks`, `first_trip`, `first_owner`, `counter_owner`,
 * `counter_consignment` and `trips`): the typing of the rule above, one SQL for the select and the posting. The agency
 * conditions are what the row level security gives the posting; the rebuild and the check run as the table owner.
 */
function typedDepartures(d: SQL): SQL {
  const transfer = sql.join(
    TRANSFER_TYPES.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`select d.agency_id, d.transaction_id, d.account_id, d.at, d.posting_type, d.location_id, d.owner_company_id, d.consignment_id, d.voyage_id, d.cargo_type_id, d.net_kg,
           case when d.trucks > 0 then coalesce(slip.type, 'correction') end as slip_type,
           case when d.trucks = 0 then (case when d.counter_owner <> d.owner_company_id then d.counter_owner end)
                when d.first_owner <> d.owner_company_id then d.first_owner
                when destination.owner_id <> d.owner_company_id then destination.owner_id end as to_owner_id,
           case when d.trucks = 0 and d.counter_consignment <> d.consignment_id then d.counter_consignment end as to_consignment_id,
           d.trips
      from (${d}) d
      left join lateral (
        select x.type, x.to_location_id from (
          select 'port' as type, p.to_location_id from loading_slips s join port_loadings p on p.id = s.port_loading_id where s.trip_id = d.first_trip and s.agency_id = d.agency_id
          union all select 'warehouseOut', o.to_location_id from warehouse_outs o where o.trip_id = d.first_trip and o.agency_id = d.agency_id
          union all select 'consigneeOut', o.to_location_id from consignee_outs o where o.trip_id = d.first_trip and o.agency_id = d.agency_id
          union all select case when t.source_kind in (${transfer}) then t.source_kind else 'correction' end, t.to_location_id
            from transfer_slips t where t.trip_id = d.first_trip and t.agency_id = d.agency_id) x
        limit 1) slip on d.trucks > 0
      left join lateral (select coalesce(l.consignee_id, l.customer_id) as owner_id from locations l where l.id = slip.to_location_id and l.agency_id = d.agency_id) destination on true`;
}

/**
 * Departures (`moves`: a select of `agency_id`, `transaction_id`, `account_id`, `at`, `posting_type`, the move's
 * place, owner, LC/PO, voyage and cargo type and `net_kg` < 0, one row per departure) with their trucks and, in place,
 * their counter-positions, from the entries of their transactions: the relation `typedDepartures` reads.
 */
function departuresWithTrucks(moves: SQL): SQL {
  return sql`select m.*, tk.trucks, tk.first_trip, tk.first_owner, counter.owner_company_id as counter_owner, counter.consignment_id as counter_consignment, coalesce(tk.trips, '{}') as trips
      from (${moves}) m
      cross join lateral (
        select count(*)::integer as trucks, (array_agg(ta.trip_id order by te.id))[1] as first_trip, (array_agg(ta.owner_company_id order by te.id))[1] as first_owner,
               array_agg(ta.trip_id order by te.id) filter (where ta.trip_id is not null) as trips
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' and ta.consignment_id = m.consignment_id
         where te.transaction_id = m.transaction_id and te.agency_id = m.agency_id and te.quantity_kg > 0) tk
      left join lateral (
        select ca.owner_company_id, ca.consignment_id
          from ledger_entries ce join ledger_accounts ca on ca.id = ce.account_id and ca.kind = 'ON_HAND'
         where ce.transaction_id = m.transaction_id and ce.agency_id = m.agency_id and ce.quantity_kg > 0
           and (ca.owner_company_id is distinct from m.owner_company_id or ca.consignment_id is distinct from m.consignment_id)
         order by ce.id limit 1) counter on tk.trucks = 0`;
}

/** The select of every kept row from the entries (columns in the table's order), of one agency or all. */
export function placeDeparturesFromEntries(agencyId?: number): SQL {
  return typedDepartures(departuresWithTrucks(netMovesFromEntries('departures', agencyId)));
}

/**
 * Departures found by a reader (`moves`, the columns of `departuresWithTrucks`: the net changes of filtered positions
 * only, say) typed by the rule: the table's columns. The partner tabs read it when a silo or attached-voyage filter
 * changes what a move is.
 */
export function typedDeparturesOf(moves: SQL): SQL {
  return typedDepartures(departuresWithTrucks(moves));
}

/** Replaces the kept departures of one agency (or of all) with the recomputation from the entries. */
export async function rebuildPlaceDepartures(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildPlaceDeparturesStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildPlaceDepartures`, for a writer on a bare connection (the benchmark's seeding). */
export function rebuildPlaceDeparturesStatements(agencyId?: number): SQL[] {
  return rebuildKeptTableStatements('ledger_place_departures', COLUMNS, placeDeparturesFromEntries(agencyId), agencyId);
}

/** A kept row that differs from the recomputation (missing on one side, or with other values). */
export type PlaceDeparturesDifference = PostingRowDifference;

/** Every kept row that differs from the entries (all agencies, as the table owner). */
export async function placeDeparturesDifferences(db: Db): Promise<PlaceDeparturesDifference[]> {
  return postingRowDifferences(db, 'ledger_place_departures', COLUMNS, placeDeparturesFromEntries());
}

/** A line of a posting, as the posting function holds it. */
interface Line {
  account: AccountKey;
  quantityKg: bigint;
}

/**
 * The posting's kept departures as one more CTE of its statement (`<prefix>d`), read after its transaction's insert
 * (`<prefix>t`: nothing when it wrote nothing). A reversal deletes its original's rows; another posting inserts a row
 * per departure of its lines by the rule above (the lines are its entries, in entry order), the first account's id
 * read from the accounts' upserts (`accountCte`), typed by the same SQL as the select. Empty when no position gives.
 */
export function placeDeparturesCte(
  agencyId: number,
  header: { type: string; createdAt: Date; reversesId?: number | null },
  lines: readonly Line[],
  accountCte: (account: AccountKey) => SQL,
  name: (suffix: string) => SQL,
): SQL {
  const transaction = name('t');
  if (header.reversesId != null) {
    return sql`,
    ${name('d')} as (delete from ledger_place_departures where transaction_id = ${header.reversesId}::integer and exists (select 1 from ${transaction}))`;
  }
  const rows: SQL[] = [];
  for (const move of movesOfLines(lines, 1n, accountCte)) {
    if (move.netKg >= 0n) continue;
    const a = move.account;
    // The trucks of the same LC/PO that took (as SQL's `=`, a null LC/PO has none), in entry order.
    const trucks = lines.filter((l) => l.account.kind === 'IN_TRANSIT' && l.quantityKg > 0n && a.consignmentId != null && l.account.consignmentId === a.consignmentId);
    const trips = trucks.flatMap((l) => (l.account.tripId == null ? [] : [l.account.tripId]));
    const first = trucks[0]?.account;
    const counter =
      trucks.length === 0
        ? lines.find((l) => l.account.kind === 'ON_HAND' && l.quantityKg > 0n && ((l.account.ownerCompanyId ?? null) !== (a.ownerCompanyId ?? null) || (l.account.consignmentId ?? null) !== (a.consignmentId ?? null)))?.account
        : undefined;
    rows.push(
      sql`(${firstAccountSql(move)}, ${a.locationId ?? null}::integer, ${a.ownerCompanyId ?? null}::integer, ${a.consignmentId ?? null}::integer, ${a.voyageId ?? null}::integer,
           ${a.cargoTypeId ?? null}::integer, ${move.netKg}::bigint, ${trucks.length}::integer, ${first?.tripId ?? null}::integer, ${first?.ownerCompanyId ?? null}::integer,
           ${counter?.ownerCompanyId ?? null}::integer, ${counter?.consignmentId ?? null}::integer, ${`{${trips.join(',')}}`}::integer[])`,
    );
  }
  if (rows.length === 0) return sql``;
  const found = sql`select ${agencyId}::integer as agency_id, ${transaction}.id as transaction_id, v.account_id, ${header.createdAt}::timestamptz as at, ${header.type}::text as posting_type,
           v.location_id, v.owner_company_id, v.consignment_id, v.voyage_id, v.cargo_type_id, v.net_kg, v.trucks, v.first_trip, v.first_owner, v.counter_owner, v.counter_consignment, v.trips
      from ${transaction}, (values ${sql.join(rows, sql`, `)})
        as v(account_id, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, net_kg, trucks, first_trip, first_owner, counter_owner, counter_consignment, trips)`;
  return sql`,
    ${name('d')} as (insert into ledger_place_departures (${COLUMNS}) ${typedDepartures(found)})`;
}
