import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { makeAgency, makeUser } from '../test/fixtures';
import { accountBalance, post, reverse, type AccountKey, type PostingLine } from './ledger.service';

/** An agency with a user to post as, and short ways to post, reverse and read balances inside `inAgency`. */
export async function ledgerFixture(db: Db) {
  const agencyId = (await makeAgency(db)).id;
  const userId = (await makeUser(db, { kind: 'agencyUser', agencyId })).id;
  const at = new Date('2026-11-22T08:00:00Z');
  let sourceId = 0;
  return {
    agencyId,
    userId,
    at,
    post: (lines: PostingLine[], type = 'test') =>
      inAgency(db, agencyId, (tx) => post(tx, { agencyId, type, source: { table: 'tests', id: ++sourceId }, userId, at, lines })),
    /** Moves kilograms from one account to another. */
    move: (from: AccountKey, to: AccountKey, kg: bigint | number) =>
      inAgency(db, agencyId, (tx) =>
        post(tx, {
          agencyId,
          type: 'test',
          source: { table: 'tests', id: ++sourceId },
          userId,
          at,
          lines: [
            { account: from, quantityKg: -BigInt(kg) },
            { account: to, quantityKg: BigInt(kg) },
          ],
        }),
      ),
    reverse: (transactionId: number, reason = 'entered twice') =>
      inAgency(db, agencyId, (tx) => reverse(tx, { agencyId, transactionId, userId, at, reason })),
    balance: (account: AccountKey) => inAgency(db, agencyId, (tx) => accountBalance(tx, { agencyId, account })),
  };
}

/** What a rejected promise was rejected with (undefined when it fulfilled). */
export function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

export const VESSEL: AccountKey = { kind: 'VESSEL', voyageId: 1 };
export const ON_BOARD: AccountKey = { kind: 'ON_BOARD', voyageId: 1, consignmentId: 1 };
export const DELIVERED: AccountKey = { kind: 'DELIVERED' };
export const onHand = (siloId: number | null): AccountKey => ({
  kind: 'ON_HAND',
  locationId: 1,
  siloId,
  ownerCompanyId: 1,
  consignmentId: 1,
  cargoTypeId: 1,
  voyageId: 1,
  attachedVoyageId: 1,
});
