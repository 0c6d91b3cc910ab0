import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import type { AccountKey } from './ledger.service';

/*
 * The kept arrivals of the partner tabs' in-quantity detail (`ledger_place_moves`, see place-moves.schema.ts): the
 * rule that makes them from the entries, in one place, for the three writers that must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) adds a posting's rows in its own statement
 *   (`placeMovesCte` below decides from the lines what the select decides from the entries); a reversal subtracts
 *   its original's rows on its original's day, so both are then left out, as the live read leaves them out;
 * - `rebuildPlaceMoves` recomputes them from the entries (the migration that created the table ran the same select;
 *   writers that copy entries set-based, such as the benchmark's seeding, call it afterwards);
 * - `placeMovesDifferences` (npm run ledger:check) compares the kept rows with the recomputation, and proves the
 *   reader's one assumption (a trip in at most one live arrival of a place, LC/PO, voyage, cargo type and source).
 *
 * The rule, per live transaction (neither a reversal nor reversed): a move is the net change of its ON_HAND entries
 * per place, owner, LC/PO, voyage and cargo type (silos and attached voyages netted: a silo transfer is no move); an
 * arrival is a move with a net > 0. Its trucks are the transaction's IN_TRANSIT accounts of the same LC/PO with a
 * negative entry: `quantity_kg` what left them (their kilograms before the loss), or the net without trucks; `trips`
 * their distinct trips; `source` the slip type of the lowest trip (the slip tables by trip: 'port' for a loading
 * slip, 'warehouseOut', 'consigneeOut', a transfer slip's kind, 'correction' for a trip without a known slip), ''
 * without a trip. Rows add up per the move's first account (lowest id), the transaction's business day in the
 * agency's time zone, posting type and source.
 *
 * The slip tables are named in SQL rather than imported: the ledger sits below the business modules (as the data
 * scope names `companies` and `consignments`, ledger.scope.ts). A trip's slip is written with its dispatch, before
 * any posting unloads it, and its type never changes.
 */

const agencyCondition = (column: SQL, agencyId?: number) => (agencyId === undefined ? sql`` : sql` and ${column} = ${agencyId}::integer`);

const LIVE = sql`t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)`;

const SLIP_TYPES = ['port', 'warehouseOut', 'consigneeOut', 'warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer'];

/**
 * The source of a move by its first trip (`trip` a column or value of the outer query) in its agency (`agency`): its
 * slip's type, '' without a trip (the partner tabs' live in-quantity types its arrivals with it too). The agency condition is what the row level security gives the posting and the
 * reader; the rebuild and the check run as the table owner, and must not see another agency's slip of a trip id.
 */
export function slipSourceSql(trip: SQL, agency: SQL): SQL {
  return sql`case when ${trip} is null then '' else coalesce((select case when x.type in (${sql.join(
    SLIP_TYPES.map((k) => sql`${k}`),
    sql`, `,
  )}) then x.type else 'correction' end
      from (select 'port' as type from loading_slips s where s.trip_id = ${trip} and s.agency_id = ${agency}
            union all select 'warehouseOut' from warehouse_outs o where o.trip_id = ${trip} and o.agency_id = ${agency}
            union all select 'consigneeOut' from consignee_outs o where o.trip_id = ${trip} and o.agency_id = ${agency}
            union all select t.source_kind from transfer_slips t where t.trip_id = ${trip} and t.agency_id = ${agency}
            limit 1) x), 'correction') end`;
}

/**
 * The moves of every live transaction from the entries (of one agency or all), the rule above: `agency_id`,
 * `transaction_id`, `account_id` (the move's first account), `at`, `posting_type`, the move's place, owner, LC/PO,
 * voyage and cargo type, and `net_kg`; only the arrivals (net > 0) or only the departures (net < 0, place-departures.ts).
 */
export function netMovesFromEntries(direction: 'arrivals' | 'departures', agencyId?: number): SQL {
  const net = direction === 'arrivals' ? sql`> 0` : sql`< 0`;
  return sql`select e.agency_id, e.transaction_id, min(a.id) as account_id, t.created_at as at, t.type as posting_type,
               a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id, sum(e.quantity_kg) as net_kg
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join ledger_transactions t on t.id = e.transaction_id and ${LIVE}
         where true${agencyCondition(sql`e.agency_id`, agencyId)}
         group by e.agency_id, e.transaction_id, t.created_at, t.type, a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id
        having sum(e.quantity_kg) ${net}`;
}

/**
 * Every live arrival with its trucks, from the entries (of one agency or all): `agency_id`, `transaction_id`,
 * `posting_type`, `at`, `account_id` (the move's first account), its place, owner, LC/PO, voyage and cargo
 * type, `net_kg`, `truck_kg` (null without trucks), `trip_ids` (distinct, null without trucks) and `source`.
 */
function arrivalsFromEntries(agencyId?: number): SQL {
  return sql`select m.*, tr.kg as truck_kg, tr.trip_ids, ${slipSourceSql(sql`tr.first_trip`, sql`m.agency_id`)} as source
      from (${netMovesFromEntries('arrivals', agencyId)}) m
      cross join lateral (
        select sum(-te.quantity_kg) as kg, min(ta.trip_id) as first_trip, array_agg(distinct ta.trip_id) filter (where ta.trip_id is not null) as trip_ids
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' and ta.consignment_id = m.consignment_id
         where te.transaction_id = m.transaction_id and te.quantity_kg < 0) tr`;
}

/** The select of every kept row from the entries (columns in the table's order), of one agency or all. */
export function placeMovesFromEntries(agencyId?: number): SQL {
  return sql`select s.agency_id, s.account_id, (s.at at time zone g.timezone)::date as day, s.posting_type, s.source,
           s.location_id, s.owner_company_id, s.consignment_id, s.voyage_id, s.cargo_type_id, count(*)::integer as moves,
           sum(coalesce(cardinality(s.trip_ids), 0))::integer as trips, sum(s.net_kg)::bigint as kg, sum(coalesce(s.truck_kg, s.net_kg))::bigint as quantity_kg
      from (${arrivalsFromEntries(agencyId)}) s join agencies g on g.id = s.agency_id
     group by s.agency_id, s.account_id, (s.at at time zone g.timezone)::date, s.posting_type, s.source,
              s.location_id, s.owner_company_id, s.consignment_id, s.voyage_id, s.cargo_type_id`;
}

const COLUMNS = sql.raw('agency_id, account_id, day, posting_type, source, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, moves, trips, kg, quantity_kg');

/** Replaces the kept arrivals of one agency (or of all) with the recomputation from the entries. */
export async function rebuildPlaceMoves(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildPlaceMovesStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildPlaceMoves`, for a writer on a bare connection (the benchmark's seeding). */
export function rebuildPlaceMovesStatements(agencyId?: number): SQL[] {
  const where = agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`;
  return [sql`delete from ledger_place_moves${where}`, sql`insert into ledger_place_moves (${COLUMNS}) ${placeMovesFromEntries(agencyId)}`];
}

/** A kept row that differs from the recomputation (missing on one side, or with other values), or a trip in two arrivals of one group. */
export interface PlaceMovesDifference {
  agencyId: number;
  /** The row's first account, or the trip's (IN_TRANSIT) when `trip` is set. */
  accountId: number;
  /** The row as kept and as recomputed (text of its columns), null when absent. */
  kept: string | null;
  fromEntries: string | null;
  /** A trip that arrived in two live arrivals of one place, LC/PO, voyage, cargo type and source: the kept trips would count it twice. */
  trip?: { tripId: number; arrivals: number; group: string };
}

/** Every kept row that differs from the entries, and every trip the kept trip counts would count twice (all agencies, as the table owner). */
export async function placeMovesDifferences(db: Db): Promise<PlaceMovesDifference[]> {
  const rows = await queryRows<{ side: string; agency_id: number; account_id: number; row: string }>(
    db,
    // Rows of reversed arrivals only (moves = 0, nothing left) are what the add semantics leave: not a difference.
    sql`with kept as (select ${COLUMNS} from ledger_place_moves where moves <> 0 or trips <> 0 or kg <> 0 or quantity_kg <> 0), fresh as (${placeMovesFromEntries()}),
             only_kept as (select * from kept except all select * from fresh),
             only_fresh as (select * from fresh except all select * from kept)
        select 'kept' as side, agency_id, account_id, (k.*)::text as row from only_kept k
        union all
        select 'fresh', agency_id, account_id, (f.*)::text from only_fresh f
        order by 3, 1`,
  );
  const differences: PlaceMovesDifference[] = rows.map((row) => ({
    agencyId: Number(row.agency_id),
    accountId: Number(row.account_id),
    kept: row.side === 'kept' ? row.row : null,
    fromEntries: row.side === 'fresh' ? row.row : null,
  }));
  const twice = await queryRows<{ agency_id: number; trip_id: number; arrivals: number; grp: string }>(
    db,
    sql`select s.agency_id, trip.id as trip_id, count(*)::integer as arrivals,
               concat_ws('|', s.location_id, s.consignment_id, s.voyage_id, s.cargo_type_id, s.source) as grp
          from (${arrivalsFromEntries()}) s cross join lateral unnest(s.trip_ids) as trip(id)
         group by s.agency_id, trip.id, s.location_id, s.consignment_id, s.voyage_id, s.cargo_type_id, s.source
        having count(*) > 1
         order by 1, 2`,
  );
  for (const row of twice) {
    differences.push({ agencyId: Number(row.agency_id), accountId: 0, kept: null, fromEntries: null, trip: { tripId: Number(row.trip_id), arrivals: Number(row.arrivals), group: row.grp } });
  }
  return differences;
}

/** A line of a posting, as the posting function holds it. */
interface Line {
  account: AccountKey;
  quantityKg: bigint;
}

/** A move of a posting's lines (the rule above): its first line's account, the upsert CTEs of its accounts, its net. */
export interface LinesMove {
  account: AccountKey;
  accounts: SQL[];
  netKg: bigint;
}

/**
 * The moves of a posting's lines (times `factor`): the net of its ON_HAND lines per place, owner, LC/PO, voyage and
 * cargo type, in the order of their first lines; `accountCte` names the upsert CTE of an account.
 */
export function movesOfLines(lines: readonly Line[], factor: bigint, accountCte: (account: AccountKey) => SQL): LinesMove[] {
  const moves = new Map<string, LinesMove>();
  for (const line of lines) {
    const a = line.account;
    if (a.kind !== 'ON_HAND') continue;
    const key = [a.locationId, a.ownerCompanyId, a.consignmentId, a.voyageId, a.cargoTypeId].map((v) => v ?? '').join('|');
    const move = moves.get(key) ?? { account: a, accounts: [], netKg: 0n };
    const cte = accountCte(a);
    if (!move.accounts.includes(cte)) move.accounts.push(cte);
    move.netKg += factor * line.quantityKg;
    moves.set(key, move);
  }
  return [...moves.values()];
}

/** The id of a move's first account (the lowest id of its accounts, known once the upserts ran). */
export function firstAccountSql(move: LinesMove): SQL {
  return move.accounts.length === 1 ? sql`(select id from ${move.accounts[0]})` : sql`least(${sql.join(move.accounts.map((cte) => sql`(select id from ${cte})`), sql`, `)})`;
}

/**
 * The posting's kept arrivals as one more CTE of its statement, `<prefix>m`: an upsert adding, per arrival of the
 * lines (the rule above), its row's figures (times `factor`: -1 for a reversal, whose lines are its original's
 * negated, so the arrivals are found on the lines times the factor), read after the transaction's insert (nothing
 * when it wrote nothing). Empty when no ON_HAND position gains. `accountCte` names the upsert CTE of an account;
 * the day (agency time zone of `at`), the first account (known once the upserts ran) and the source are decided in SQL.
 */
export function placeMovesCte(agencyId: number, postingType: string, lines: Line[], counted: { at: Date; factor: 1 | -1 }, accountCte: (account: AccountKey) => SQL, name: (suffix: string) => SQL): SQL {
  const factor = BigInt(counted.factor);
  const rows: SQL[] = [];
  for (const move of movesOfLines(lines, factor, accountCte)) {
    if (move.netKg <= 0n) continue;
    const a = move.account;
    // The trucks of the same LC/PO that gave (as SQL's `=`, a null LC/PO has none).
    const trucks = lines.filter((l) => l.account.kind === 'IN_TRANSIT' && factor * l.quantityKg < 0n && a.consignmentId != null && l.account.consignmentId === a.consignmentId);
    const trips = [...new Set(trucks.flatMap((l) => (l.account.tripId == null ? [] : [l.account.tripId])))];
    const truckKg = trucks.reduce((sum, l) => sum - factor * l.quantityKg, 0n);
    const first = trips.length === 0 ? null : Math.min(...trips);
    const quantityKg = trucks.length === 0 ? move.netKg : truckKg;
    rows.push(
      sql`(${firstAccountSql(move)}, ${first}::integer, ${a.locationId ?? null}::integer, ${a.ownerCompanyId ?? null}::integer, ${a.consignmentId ?? null}::integer, ${a.voyageId ?? null}::integer,
           ${a.cargoTypeId ?? null}::integer, ${trips.length}::integer, ${move.netKg}::bigint, ${quantityKg}::bigint)`,
    );
  }
  if (rows.length === 0) return sql``;
  const f = counted.factor;
  return sql`,
    ${name('m')} as (
      insert into ledger_place_moves as k (agency_id, account_id, day, posting_type, source, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, moves, trips, kg, quantity_kg)
      select ${agencyId}::integer, v.account_id, (${counted.at}::timestamptz at time zone (select timezone from agencies where id = ${agencyId}::integer))::date,
             ${postingType}::text, ${slipSourceSql(sql`v.first_trip`, sql`${agencyId}::integer`)}, v.location_id, v.owner_company_id, v.consignment_id, v.voyage_id, v.cargo_type_id,
             ${f}::integer, ${f}::integer * v.trips, ${f}::bigint * v.kg, ${f}::bigint * v.quantity_kg
      from ${name('t')}, (values ${sql.join(rows, sql`, `)}) as v(account_id, first_trip, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, trips, kg, quantity_kg)
      on conflict on constraint ledger_place_moves_pkey do update
        set moves = k.moves + excluded.moves, trips = k.trips + excluded.trips, kg = k.kg + excluded.kg, quantity_kg = k.quantity_kg + excluded.quantity_kg)`;
}
