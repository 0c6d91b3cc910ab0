import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';

/*
 * The kept per-voyage figures (`ledger_voyage_figures`, see ledger.schema.ts and docs/domain.md "Voyage figures"):
 * the rule that makes them from the accounts, in one place, for the three writers that must agree:
 *
 * - the posting function (`postingStatement` of ledger.service.ts) adds a posting's deltas in its own statement
 *   (`voyageFiguresOf` over the posting's lines);
 * - `rebuildVoyageFigures` recomputes them from the accounts' balances (`voyageFiguresOf` over the accounts; the
 *   migration that created the table ran the same select; writers that copy entries set-based, such as the
 *   benchmark's seeding, call it, through `rebuildKeptFigures`, afterwards);
 * - `voyageFiguresDifferences` (npm run ledger:check) compares the kept rows with the recomputation.
 *
 * The rule, per (agency, voyage, consignment) of the accounts (or lines) of kind VESSEL, ON_BOARD, IN_TRANSIT and
 * TRANSIT_LOSS with both a voyage and a consignment:
 * - quantity_kg: minus the VESSEL balances (what the vessel gave on board, net of out-turn excess and shortage);
 * - remaining_kg: the ON_BOARD balances;
 * - in_transit_kg and loss_kg: the IN_TRANSIT and TRANSIT_LOSS balances, leaving out an account whose trip is a
 *   trip of another kind than 'loadingSlip' (`trips.kind`: a warehouse out's trip carries the cargo's voyage too). An
 *   account whose trip has no row counts: a loading slip writes its trip in the statement that posts it (the
 *   posting cannot see that row yet), every other trip is written before its posting.
 */

/** The kinds of account the figures add up. */
export const VOYAGE_FIGURE_KINDS = ['VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS'] as const;

/**
 * The figures of `rows`, a select of (agency_id, voyage_id, consignment_id, trip_id, kind, kg) with kg an account's
 * balance or a posting's movement: one row per (agency, voyage, consignment), in the table's column order.
 */
export function voyageFiguresOf(rows: SQL): SQL {
  return sql`select x.agency_id, x.voyage_id, x.consignment_id,
        coalesce(sum(-x.kg) filter (where x.kind = 'VESSEL'), 0)::bigint as quantity_kg,
        coalesce(sum(x.kg) filter (where x.kind = 'ON_BOARD'), 0)::bigint as remaining_kg,
        coalesce(sum(x.kg) filter (where x.kind = 'IN_TRANSIT'), 0)::bigint as in_transit_kg,
        coalesce(sum(x.kg) filter (where x.kind = 'TRANSIT_LOSS'), 0)::bigint as loss_kg
      from (${rows}) x
      where x.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS') and x.voyage_id is not null and x.consignment_id is not null
        and not exists (select 1 from trips tr where tr.agency_id = x.agency_id and tr.id = x.trip_id and tr.kind <> 'loadingSlip')
      group by x.agency_id, x.voyage_id, x.consignment_id`;
}

/** The select of every figures row from the accounts' balances (columns in the table's order), of one agency or all. */
export function voyageFiguresFromAccounts(agencyId?: number): SQL {
  const agency = agencyId === undefined ? sql`` : sql` and a.agency_id = ${agencyId}::integer`;
  return voyageFiguresOf(
    sql`select a.agency_id, a.voyage_id, a.consignment_id, a.trip_id, a.kind, a.balance_kg as kg from ledger_accounts a
        where a.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS')${agency}`,
  );
}

/**
 * Replaces the figures of one agency (or of all) with the recomputation from the accounts. For writers that move
 * balances past the posting function (the benchmark's set-based seeding: use `rebuildKeptFigures`). Run as the table
 * owner or inside the agency's transaction.
 */
export async function rebuildVoyageFigures(db: Db, agencyId?: number): Promise<void> {
  for (const statement of rebuildVoyageFiguresStatements(agencyId)) await db.execute(statement);
}

/** The statements of `rebuildVoyageFigures`, for a writer on a bare connection. */
export function rebuildVoyageFiguresStatements(agencyId?: number): SQL[] {
  return [
    sql`delete from ledger_voyage_figures${agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`}`,
    sql`insert into ledger_voyage_figures (agency_id, voyage_id, consignment_id, quantity_kg, remaining_kg, in_transit_kg, loss_kg)
        ${voyageFiguresFromAccounts(agencyId)}`,
  ];
}

interface Figures {
  quantityKg: bigint;
  remainingKg: bigint;
  inTransitKg: bigint;
  lossKg: bigint;
}

/** A figures row that differs from the recomputation (a missing row counts as zeros). */
export interface VoyageFiguresDifference {
  agencyId: number;
  voyageId: number;
  consignmentId: number;
  kept: Figures;
  fromAccounts: Figures;
}

interface DifferenceRow {
  agency_id: number;
  voyage_id: number;
  consignment_id: number;
  kept_quantity_kg: string;
  kept_remaining_kg: string;
  kept_in_transit_kg: string;
  kept_loss_kg: string;
  quantity_kg: string;
  remaining_kg: string;
  in_transit_kg: string;
  loss_kg: string;
}

const COLUMNS = ['quantity_kg', 'remaining_kg', 'in_transit_kg', 'loss_kg'] as const;

/** Every figures row that differs from the accounts (all agencies, as the table owner). */
export async function voyageFiguresDifferences(db: Db): Promise<VoyageFiguresDifference[]> {
  const kept = sql.join(
    COLUMNS.map((c) => sql.raw(`coalesce(k.${c}, 0)::text as kept_${c}, coalesce(f.${c}, 0)::text as ${c}`)),
    sql`, `,
  );
  const differs = sql.join(
    COLUMNS.map((c) => sql.raw(`coalesce(k.${c}, 0) <> coalesce(f.${c}, 0)`)),
    sql` or `,
  );
  const rows = await queryRows<DifferenceRow>(
    db,
    sql`with fresh as (${voyageFiguresFromAccounts()})
        select coalesce(k.agency_id, f.agency_id) as agency_id, coalesce(k.voyage_id, f.voyage_id) as voyage_id, coalesce(k.consignment_id, f.consignment_id) as consignment_id, ${kept}
        from ledger_voyage_figures k
        full join fresh f on f.agency_id = k.agency_id and f.voyage_id = k.voyage_id and f.consignment_id = k.consignment_id
        where ${differs}
        order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    agencyId: Number(row.agency_id),
    voyageId: Number(row.voyage_id),
    consignmentId: Number(row.consignment_id),
    kept: { quantityKg: BigInt(row.kept_quantity_kg), remainingKg: BigInt(row.kept_remaining_kg), inTransitKg: BigInt(row.kept_in_transit_kg), lossKg: BigInt(row.kept_loss_kg) },
    fromAccounts: { quantityKg: BigInt(row.quantity_kg), remainingKg: BigInt(row.remaining_kg), inTransitKg: BigInt(row.in_transit_kg), lossKg: BigInt(row.loss_kg) },
  }));
}
