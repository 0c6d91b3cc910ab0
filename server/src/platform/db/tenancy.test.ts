import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../modules/users/users.schema';
import { createTestDatabase } from '../../test/harness';
import { makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { queryRows, type Database } from './client';
import { inAgency } from './tenancy';

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
  await makeRole(database.db, { agencyId: agencyA, permissions: ['canViewDashboard'], name: 'A clerks' });
  await makeRole(database.db, { agencyId: agencyB, permissions: ['canViewDashboard'], name: 'B clerks' });
  await makeUser(database.db, { kind: 'agencyUser', agencyId: agencyA });
  await makeUser(database.db, { kind: 'agencyUser', agencyId: agencyB });
  await makeUser(database.db, { kind: 'superAdmin' });
});
afterAll(async () => {
  await drop();
});

describe('row-level security', () => {
  it('returns only the scoped agency when a query forgets its agency filter', async () => {
    const seenByA = await inAgency(database.db, agencyA, (tx) => tx.select().from(roles));
    expect(seenByA.map((r) => r.name)).toEqual(['A clerks']);
    const usersSeenByB = await inAgency(database.db, agencyB, (tx) => tx.select({ agencyId: users.agencyId }).from(users));
    expect(usersSeenByB.length).toBeGreaterThan(0);
    expect(new Set(usersSeenByB.map((u) => u.agencyId))).toEqual(new Set([agencyB]));
  });

  it('refuses to write a row into another agency', async () => {
    const failure: unknown = await inAgency(database.db, agencyA, (tx) =>
      tx.insert(roles).values({ agencyId: agencyB, name: 'smuggled', permissions: [] }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).cause)).toMatch(/row-level security/);
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(roles).where(eq(roles.name, 'smuggled'));
    expect(count?.n).toBe(0);
  });

  it('cannot update or delete another agency’s rows even by id', async () => {
    const [roleOfB] = await database.db.select().from(roles).where(eq(roles.agencyId, agencyB));
    if (!roleOfB) throw new Error('fixture missing');
    const updated = await inAgency(database.db, agencyA, (tx) =>
      tx.update(roles).set({ name: 'hijacked' }).where(eq(roles.id, roleOfB.id)).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await inAgency(database.db, agencyA, (tx) => tx.delete(roles).where(eq(roles.id, roleOfB.id)).returning());
    expect(deleted).toEqual([]);
    const [still] = await database.db.select().from(roles).where(eq(roles.id, roleOfB.id));
    expect(still?.name).toBe('B clerks');
  });

  it('runs agency work as a role that is not the table owner, and resets afterwards', async () => {
    const inside = await inAgency(database.db, agencyA, async (tx) => {
      const rows = await queryRows<{ role: string; agency: string }>(tx, sql`select current_user as role, current_setting('app.agency_id', true) as agency`);
      return rows[0];
    });
    expect(inside).toEqual({ role: 'tonnage_app', agency: String(agencyA) });
    const [outside] = await queryRows<{ role: string; agency: string | null }>(
      database.db,
      sql`select current_user as role, current_setting('app.agency_id', true) as agency`,
    );
    expect(outside?.role).not.toBe('tonnage_app');
    expect(outside?.agency ?? '').toBe('');
  });

  it('sees nothing without an agency even as the application role', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role tonnage_app'));
      return tx.select().from(roles);
    });
    expect(rows).toEqual([]);
  });
});

describe('deadlock retry', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs a transaction aborted by a deadlock again, and the first attempt left nothing behind', async () => {
    let attempts = 0;
    const name = `retried-${Date.now()}`;
    const result = await inAgency(database.db, agencyA, async (tx) => {
      attempts += 1;
      await tx.insert(roles).values({ agencyId: agencyA, name: `${name}-${attempts}`, permissions: [] });
      if (attempts === 1) throw new Error('wrapped', { cause: deadlock() });
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    const rows = await inAgency(database.db, agencyA, (tx) => tx.select({ name: roles.name }).from(roles).where(sql`${roles.name} like ${`${name}%`}`));
    expect(rows.map((r) => r.name)).toEqual([`${name}-2`]);
  });

  it('gives up after three attempts, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      inAgency(database.db, agencyA, () => {
        attempts += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(3);

    let plain = 0;
    await expect(
      inAgency(database.db, agencyA, () => {
        plain += 1;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(plain).toBe(1);
  });
});
