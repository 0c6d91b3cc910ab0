import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';

/** A row of a kept table against its recomputation: on which side only, its posting and account, and its columns as text. */
export interface KeptRowDifference {
  side: 'kept' | 'fresh';
  agencyId: number;
  transactionId: number;
  accountId: number;
  row: string;
}

/**
 * The rows of a kept table keyed by posting and account (`agency_id`, `transaction_id`, `account_id` among its
 * columns) that differ from the recomputation `fresh` (the same columns in the same order): each row found on one side
 * only, as many times as it is there more than on the other, by transaction and account. What `npm run ledger:check`
 * reports for the kept trip rows and the kept truck postings.
 */
export async function keptRowDifferences(db: Db, table: string, columns: SQL, fresh: SQL): Promise<KeptRowDifference[]> {
  const rows = await queryRows<{ side: 'kept' | 'fresh'; agency_id: number; transaction_id: number; account_id: number; row: string }>(
    db,
    sql`with kept as (select ${columns} from ${sql.identifier(table)}), fresh as (${fresh}),
             only_kept as (select * from kept except all select * from fresh),
             only_fresh as (select * from fresh except all select * from kept)
        select 'kept' as side, agency_id, transaction_id, account_id, (k.*)::text as row from only_kept k
        union all
        select 'fresh', agency_id, transaction_id, account_id, (f.*)::text from only_fresh f
        order by 3, 4, 1`,
  );
  return rows.map((row) => ({ side: row.side, agencyId: Number(row.agency_id), transactionId: Number(row.transaction_id), accountId: Number(row.account_id), row: row.row }));
}

/** A kept row keyed by posting and account that differs from the recomputation: missing on one side, or with other values. */
export interface PostingRowDifference {
  agencyId: number;
  transactionId: number;
  accountId: number;
  /** The row as kept and as recomputed (text of its columns), null when absent. */
  kept: string | null;
  fromEntries: string | null;
}

/** `keptRowDifferences` as `npm run ledger:check` reports them: each row with the side it is missing from. */
export async function postingRowDifferences(db: Db, table: string, columns: SQL, fresh: SQL): Promise<PostingRowDifference[]> {
  const rows = await keptRowDifferences(db, table, columns, fresh);
  return rows.map(({ side, row, ...keys }) => ({ ...keys, kept: side === 'kept' ? row : null, fromEntries: side === 'fresh' ? row : null }));
}

/** The statements that replace a kept table's rows of one agency (or of all) with their recomputation `fresh` (its `columns`, in order). */
export function rebuildKeptTableStatements(table: string, columns: SQL, fresh: SQL, agencyId?: number): SQL[] {
  const where = agencyId === undefined ? sql`` : sql` where agency_id = ${agencyId}::integer`;
  return [sql`delete from ${sql.identifier(table)}${where}`, sql`insert into ${sql.identifier(table)} (${columns}) ${fresh}`];
}
