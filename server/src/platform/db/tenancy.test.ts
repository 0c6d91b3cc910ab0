import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../identity/agencies.schema';
import { passwordResetTokens, sessions } from '../../identity/auth.schema';
import { roles, users } from '../../identity/users.schema';
import { createTestDatabase } from '../../test/harness';
import { makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { auditLog } from '../audit/audit.schema';
import { storedFiles } from '../../identity/files.schema';
import { queryRows, type Database } from './client';
import { APP_ROLE, inAgency, PLATFORM_TABLES } from './tenancy';

let database: Database;
let drop: () => Promise<void>;
let agencyA: number;
let agencyB: number;
let userA: number;
let userB: number;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  drop = () => created.drop();
  agencyA = (await makeAgency(database.db)).id;
  agencyB = (await makeAgency(database.db)).id;
  await makeRole(database.db, { agencyId: agencyA, permissions: ['canViewDashboard'], name: 'A clerks' });
  await makeRole(database.db, { agencyId: agencyB, permissions: ['canViewDashboard'], name: 'B clerks' });
  userA = (await makeUser(database.db, { kind: 'agencyUser', agencyId: agencyA })).id;
  userB = (await makeUser(database.db, { kind: 'agencyUser', agencyId: agencyB })).id;
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

/** The error a rejected promise gave, or null when it resolved. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

/** The message of the PostgreSQL error behind a Drizzle error (Drizzle wraps it in `cause`). */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return `no error: ${String(error)}`;
  return error.cause instanceof Error ? error.cause.message : error.message;
}

describe('row-level security in depth: platform and product-wide tables', () => {
  it('puts every table of the public schema under a policy for the application role, or on the platform list out of its reach', async () => {
    const tables = await queryRows<{ name: string; rls: boolean; policies: number; privileged: boolean }>(
      database.db,
      sql`select c.relname as name, c.relrowsecurity as rls,
                 (select count(*)::int from pg_policy p where p.polrelid = c.oid and ${APP_ROLE}::regrole::oid = any(p.polroles)) as policies,
                 has_table_privilege(${APP_ROLE}, c.oid, 'SELECT, INSERT, UPDATE, DELETE') as privileged
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(tables.length).toBeGreaterThan(40);
    const platform = new Set<string>(PLATFORM_TABLES);
    for (const table of tables) {
      expect({ table: table.name, rls: table.rls }).toEqual({ table: table.name, rls: true });
      if (platform.has(table.name)) {
        expect({ table: table.name, policies: table.policies, privileged: table.privileged }).toEqual({ table: table.name, policies: 0, privileged: false });
      } else {
        expect({ table: table.name, hasPolicy: table.policies > 0 }).toEqual({ table: table.name, hasPolicy: true });
      }
    }
    // Every platform table exists: a renamed one would otherwise leave the list silently.
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...PLATFORM_TABLES]));
  });

  it('refuses the platform tables to the application role', async () => {
    for (const table of PLATFORM_TABLES) {
      const failure = await failureOf(inAgency(database.db, agencyA, (tx) => tx.execute(sql`select count(*) from ${sql.identifier(table)}`)));
      expect(causeOf(failure)).toMatch(/permission denied/);
    }
  });

  it('shows and changes audit rows of the transaction’s agency only, never another agency’s or product-wide ones', async () => {
    const at = new Date();
    const inserted = await database.db
      .insert(auditLog)
      .values([
        { agencyId: agencyA, userId: userA, action: 'create', entity: 'rls-test', entityId: 'a', at },
        { agencyId: agencyB, userId: userB, action: 'create', entity: 'rls-test', entityId: 'b', at },
        { agencyId: null, userId: null, action: 'update', entity: 'rls-test', entityId: 'product', at },
      ])
      .returning({ id: auditLog.id, entityId: auditLog.entityId });
    const idOf = (entityId: string) => inserted.find((r) => r.entityId === entityId)?.id ?? 0;
    const seen = await inAgency(database.db, agencyA, (tx) => tx.select({ entityId: auditLog.entityId }).from(auditLog).where(eq(auditLog.entity, 'rls-test')));
    expect(seen.map((r) => r.entityId)).toEqual(['a']);
    const changed = await inAgency(database.db, agencyA, async (tx) => [
      ...(await tx.update(auditLog).set({ action: 'forged' }).where(inArray(auditLog.id, [idOf('b'), idOf('product')])).returning()),
      ...(await tx.delete(auditLog).where(inArray(auditLog.id, [idOf('b'), idOf('product')])).returning()),
    ]);
    expect(changed).toEqual([]);
    for (const agencyId of [agencyB, null]) {
      const failure = await failureOf(
        inAgency(database.db, agencyA, (tx) => tx.insert(auditLog).values({ agencyId, userId: userA, action: 'forged', entity: 'rls-test', entityId: 'x', at })),
      );
      expect(causeOf(failure)).toMatch(/row-level security/);
    }
    const after = await database.db.select({ entityId: auditLog.entityId, action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'rls-test'));
    expect(after.sort((x, y) => String(x.entityId).localeCompare(String(y.entityId)))).toEqual([
      { entityId: 'a', action: 'create' },
      { entityId: 'b', action: 'create' },
      { entityId: 'product', action: 'update' },
    ]);
  });

  it('shows and changes stored files of the transaction’s agency only, never another agency’s or files of no agency', async () => {
    const file = (name: string, agencyId: number | null) => ({
      path: `rls-test/${name}-${Date.now()}.pdf`,
      agencyId,
      uploadedBy: userA,
      directory: 'documents',
      originalName: name,
      mimeType: 'application/pdf',
      size: 1,
    });
    const inserted = await database.db
      .insert(storedFiles)
      .values([file('a', agencyA), file('b', agencyB), file('shared', null)])
      .returning({ id: storedFiles.id, name: storedFiles.originalName });
    const others = inserted.filter((r) => r.name !== 'a').map((r) => r.id);
    const seen = await inAgency(database.db, agencyA, (tx) => tx.select({ name: storedFiles.originalName }).from(storedFiles).where(sql`${storedFiles.path} like 'rls-test/%'`));
    expect(seen.map((r) => r.name)).toEqual(['a']);
    const changed = await inAgency(database.db, agencyA, async (tx) => [
      ...(await tx.update(storedFiles).set({ originalName: 'forged' }).where(inArray(storedFiles.id, others)).returning()),
      ...(await tx.delete(storedFiles).where(inArray(storedFiles.id, others)).returning()),
    ]);
    expect(changed).toEqual([]);
    for (const agencyId of [agencyB, null]) {
      const failure = await failureOf(inAgency(database.db, agencyA, (tx) => tx.insert(storedFiles).values(file('forged', agencyId))));
      expect(causeOf(failure)).toMatch(/row-level security/);
    }
    const after = await database.db.select({ name: storedFiles.originalName }).from(storedFiles).where(sql`${storedFiles.path} like 'rls-test/%'`);
    expect(after.map((r) => r.name).sort()).toEqual(['a', 'b', 'shared']);
  });

  it('shows and updates only the agency of the transaction in agencies, and never creates or deletes one', async () => {
    const seen = await inAgency(database.db, agencyA, (tx) => tx.select({ id: agencies.id }).from(agencies));
    expect(seen).toEqual([{ id: agencyA }]);
    const [before] = await database.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyB));
    const changed = await inAgency(database.db, agencyA, async (tx) => [
      ...(await tx.update(agencies).set({ name: 'hijacked' }).where(eq(agencies.id, agencyB)).returning()),
      ...(await tx.delete(agencies).where(eq(agencies.id, agencyB)).returning()),
      ...(await tx.delete(agencies).where(eq(agencies.id, agencyA)).returning()),
    ]);
    expect(changed).toEqual([]);
    const [afterB] = await database.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyB));
    expect(afterB?.name).toBe(before?.name);
    // Its own row it may update (the agency's own settings), but not move it to another id.
    const own = await inAgency(database.db, agencyA, (tx) => tx.update(agencies).set({ contactName: 'Own contact' }).where(eq(agencies.id, agencyA)).returning({ id: agencies.id }));
    expect(own).toEqual([{ id: agencyA }]);
    const failure = await failureOf(inAgency(database.db, agencyA, (tx) => tx.insert(agencies).values({ name: `smuggled-${Date.now()}` })));
    expect(causeOf(failure)).toMatch(/row-level security/);
  });

  it('lets the application role read and revoke only the sessions of its agency’s users, and never create one', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const [sessionA, sessionB] = await database.db
      .insert(sessions)
      .values([
        { tokenHash: `rls-a-${Date.now()}`, userId: userA, expiresAt },
        { tokenHash: `rls-b-${Date.now()}`, userId: userB, expiresAt },
      ])
      .returning({ id: sessions.id });
    if (!sessionA || !sessionB) throw new Error('fixture missing');
    const seen = await inAgency(database.db, agencyA, (tx) => tx.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, [sessionA.id, sessionB.id])));
    expect(seen).toEqual([{ id: sessionA.id }]);
    const revoked = await inAgency(database.db, agencyA, async (tx) => [
      ...(await tx.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.id, [sessionA.id, sessionB.id])).returning({ id: sessions.id })),
      ...(await tx.delete(sessions).where(inArray(sessions.id, [sessionA.id, sessionB.id])).returning({ id: sessions.id })),
    ]);
    expect(revoked).toEqual([{ id: sessionA.id }]);
    const [stillB] = await database.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionB.id));
    expect(stillB).toEqual({ revokedAt: null });
    for (const userId of [userA, userB]) {
      const failure = await failureOf(inAgency(database.db, agencyA, (tx) => tx.insert(sessions).values({ tokenHash: `rls-forged-${userId}`, userId, expiresAt })));
      expect(causeOf(failure)).toMatch(/row-level security/);
    }
  });

  it('lets the application role issue password links for its agency’s users only, and never read one', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    await inAgency(database.db, agencyA, (tx) => tx.insert(passwordResetTokens).values({ tokenHash: `rls-link-a-${Date.now()}`, userId: userA, expiresAt }));
    const failure = await failureOf(
      inAgency(database.db, agencyA, (tx) => tx.insert(passwordResetTokens).values({ tokenHash: `rls-link-b-${Date.now()}`, userId: userB, expiresAt })),
    );
    expect(causeOf(failure)).toMatch(/row-level security/);
    const seen = await inAgency(database.db, agencyA, (tx) => tx.select().from(passwordResetTokens));
    expect(seen).toEqual([]);
    const used = await inAgency(database.db, agencyA, (tx) =>
      tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userA), isNull(passwordResetTokens.usedAt))).returning(),
    );
    expect(used).toEqual([]);
    const stored = await database.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(sql`${passwordResetTokens.tokenHash} like 'rls-link-%'`);
    expect(stored).toEqual([{ userId: userA }]);
  });
});

describe('list search without a leakproof ILIKE', () => {
  it('no longer marks ILIKE leakproof; the comparisons judged safe stay marked', async () => {
    const rows = await queryRows<{ name: string; leakproof: boolean }>(
      database.db,
      sql`select p.oid::regprocedure::text as name, p.proleakproof as leakproof from pg_proc p
          where p.oid in ('pg_catalog.texticlike(text, text)'::regprocedure, 'pg_catalog.numeric_lt(numeric, numeric)'::regprocedure)
          order by 1`,
    );
    expect(rows).toEqual([
      { name: 'numeric_lt(numeric,numeric)', leakproof: true },
      { name: 'texticlike(text,text)', leakproof: false },
    ]);
  });

  it('answers only ids of the transaction’s agency, whatever the caller passes', async () => {
    const inserted = await queryRows<{ id: number; agency_id: number }>(
      database.db,
      sql`insert into cargo_types (agency_id, name, code) values (${agencyA}, 'Rls wheat', 'RLS-A'), (${agencyB}, 'Rls wheat', 'RLS-B') returning id, agency_id`,
    );
    const ofA = inserted.filter((r) => r.agency_id === agencyA).map((r) => Number(r.id));
    const search = (agencyId: number) =>
      inAgency(database.db, agencyId, (tx) =>
        queryRows<{ id: number }>(tx, sql`select tenant_search_ids('cargo_types', array['name', 'code'], '%rls%') as id`),
      );
    expect((await search(agencyA)).map((r) => Number(r.id))).toEqual(ofA);
    expect((await search(agencyA)).map((r) => Number(r.id))).not.toContain(inserted.find((r) => r.agency_id === agencyB)?.id);
    // Without an agency (the application role outside inAgency), nothing.
    const outside = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      return queryRows<{ id: number }>(tx, sql`select tenant_search_ids('cargo_types', array['name'], '%rls%') as id`);
    });
    expect(outside).toEqual([]);
  });

  it('refuses a table or column outside the searchable ones, so it cannot read platform tables or other columns', async () => {
    const refused: [string, string[]][] = [
      ['sessions', ['token_hash']],
      ['users', ['password_hash']],
      ['audit_log', ['action']],
      ['cargo_types', ['name', 'agency_id']],
      ['cargo_types; drop table roles', ['name']],
      ['cargo_types', ['name) or (true']],
    ];
    for (const [table, columns] of refused) {
      const failure = await failureOf(
        inAgency(database.db, agencyA, (tx) => tx.execute(sql`select tenant_search_ids(${table}, ${sql`array[${sql.join(columns.map((c) => sql`${c}`), sql`, `)}]::text[]`}, '%')`)),
      );
      expect([table, columns, causeOf(failure)]).toEqual([table, columns, expect.stringMatching(/not a searchable column of a tenant table/)]);
    }
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
