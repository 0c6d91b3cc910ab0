import { tonnesToKg } from '@tonnage/contracts';
import { onBoardAccount, onHandAccount, type Position } from '../ledger/accounts';
import { accountBalance, post, type AccountBalance } from '../ledger/ledger.service';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';

/*
 * Stock for the server tests of the warehouse flows: put on hand through the ledger service (ON_BOARD -> ON_HAND, as
 * a receipt posts it), never by writing balances, and read back by position. Shared by the tests that used to build
 * the same postings each (dispatch, grouped out, loans, ownership and silo transfer).
 */

/** Who posts: the agency, the user and the moment (the `Writer` of the cargo fixtures fits). */
export interface StockWriter {
  agencyId: number;
  userId: number;
  now: Date;
}

/** Puts `tonnes` on hand at `pos`, taken off the shipment's ON_BOARD (voyage and consignment), in one posting. */
export async function putOnHand(db: Db, writer: StockWriter, shipment: { voyageId: number; consignmentId: number }, pos: Position, tonnes: string): Promise<void> {
  const kg = tonnesToKg(tonnes);
  await inAgency(db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'testReceipt',
      source: { table: 'test_receipts', id: 1 },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -kg },
        { account: onHandAccount(pos), quantityKg: kg },
      ],
    }),
  );
}

/** The ON_HAND account of a position (balance, committed, usable), undefined when it never held stock. */
export function onHandBalance(db: Db, writer: Pick<StockWriter, 'agencyId'>, pos: Position): Promise<AccountBalance | undefined> {
  return inAgency(db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) }));
}

/**
 * The sum of the balances (kg) of the agency's ledger accounts of a kind matching the given dimensions (column names
 * of `ledger_accounts`; null matches null): what is in transit on a trip, on hand at a place for an owner, ...
 */
export async function balanceOf(db: Db, agencyId: number, kind: string, where: Record<string, number | null>): Promise<bigint> {
  const conditions = [sql`agency_id = ${agencyId}`, sql`kind = ${kind}`];
  for (const [column, value] of Object.entries(where)) conditions.push(value === null ? sql`${sql.identifier(column)} is null` : sql`${sql.identifier(column)} = ${value}`);
  const [row] = await queryRows<{ kg: string }>(db, sql`select coalesce(sum(balance_kg), 0)::text as kg from ledger_accounts where ${sql.join(conditions, sql` and `)}`);
  return BigInt(row?.kg ?? '0');
}
