import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { makeAgency } from '../../test/fixtures';
import type { Database } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { nextNumber } from './counters';

let database: Database;
let drop: () => Promise<void>;
let agencyA: number;
let agencyB: number;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  drop = () => created.drop();
  agencyA = (await makeAgency(database.db)).id;
  agencyB = (await makeAgency(database.db)).id;
});
afterAll(async () => {
  await drop();
});

const take = (agencyId: number, name: string) => inAgency(database.db, agencyId, (tx) => nextNumber(tx, { agencyId, name }));

describe('agency counters', () => {
  it('count 1, 2, 3 per agency and per name, each on its own', async () => {
    expect([await take(agencyA, 'loadingSlip'), await take(agencyA, 'loadingSlip'), await take(agencyA, 'loadingSlip')]).toEqual([1, 2, 3]);
    expect(await take(agencyB, 'loadingSlip')).toBe(1);
    expect(await take(agencyA, 'ticket')).toBe(1);
  });

  it('give a number back when its transaction rolls back, so numbers have no gaps', async () => {
    const before = await take(agencyB, 'note');
    await expect(
      inAgency(database.db, agencyB, async (tx) => {
        await nextNumber(tx, { agencyId: agencyB, name: 'note' });
        throw new Error('refused later in the transaction');
      }),
    ).rejects.toThrow('refused later');
    expect(await take(agencyB, 'note')).toBe(before + 1);
  });
});
