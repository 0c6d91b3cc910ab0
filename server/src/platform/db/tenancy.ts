import { is, sql } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { pgPolicy, pgRole, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { isDeadlock } from './query-helpers';

/**
 * Tenant isolation, the second wall (ARCHITECTURE principle 3): every business table has row-level security keyed
 * by `app.agency_id`, and agency work runs as `tonnage_app`, a role that owns no table and so cannot bypass the
 * policies. A query that forgets its agency filter still sees only the agency of its transaction.
 */
export const APP_ROLE = 'tonnage_app';

/** The role the policies apply to; created by `ensureAppRole`, not by drizzle-kit. */
export const appRole = pgRole(APP_ROLE).existing();

const currentAgency = sql`nullif(current_setting('app.agency_id', true), '')::integer`;

/** The policy every business table declares: rows of the transaction's agency only, for reading and writing. */
export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`agency_id = ${currentAgency}`,
    withCheck: sql`agency_id = ${currentAgency}`,
  });
}

/**
 * The agencies table to the application role: its own agency's row, to read and to update; no insert or delete
 * (agencies are created and switched on or off by a super admin, as the owner, outside `inAgency`).
 */
export function ownAgencyPolicies() {
  return [
    pgPolicy('agencies_own_agency_read', { as: 'permissive', for: 'select', to: appRole, using: sql`id = ${currentAgency}` }),
    pgPolicy('agencies_own_agency_update', { as: 'permissive', for: 'update', to: appRole, using: sql`id = ${currentAgency}`, withCheck: sql`id = ${currentAgency}` }),
  ];
}

/**
 * Rows keyed by a user rather than an agency (sessions, password links), to the application role: only those of a
 * user it can see, i.e. a user of the transaction's agency (the users policy applies inside the subquery).
 */
const userOfAgency = sql`user_id in (select id from users)`;

/**
 * Sessions to the application role: read and end (revoke) the sessions of the agency's own users, as deactivating
 * a user does inside `inAgency`; never create or delete one (sign-in and sign-out run as the owner).
 */
export function agencyUserSessionPolicies() {
  return [
    pgPolicy('sessions_agency_users_read', { as: 'permissive', for: 'select', to: appRole, using: userOfAgency }),
    pgPolicy('sessions_agency_users_revoke', { as: 'permissive', for: 'update', to: appRole, using: userOfAgency, withCheck: userOfAgency }),
  ];
}

/**
 * Password links to the application role: issue one for a user of the agency (creating a user inside `inAgency`
 * mails a welcome link); never read, use or delete one (the reset runs as the owner).
 */
export function agencyUserPasswordLinkPolicy() {
  return pgPolicy('password_reset_tokens_agency_users_issue', { as: 'permissive', for: 'insert', to: appRole, withCheck: userOfAgency });
}

/**
 * Platform tables the application role must not reach at all: no grant (revoked after every migration, since the
 * blanket grant below would give it back) and row-level security without any policy for it, as a second wall.
 * - login_throttle: sign-in attempts per user name and address, written by sign-in before any agency is known.
 * - app_settings: product-wide settings of the super admin, read and written through the settings service as owner.
 * - socket_io_attachments: the realtime adapter's payloads (every agency's events), used by the adapter's own pool.
 */
export const PLATFORM_TABLES = ['login_throttle', 'app_settings', 'socket_io_attachments'] as const;

/** SQL run before migrations: the application role exists (roles are per server, so several databases share it). */
export const ENSURE_APP_ROLE_SQL = `
DO $$
BEGIN
  BEGIN
    CREATE ROLE ${APP_ROLE} NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
  EXCEPTION WHEN OTHERS THEN NULL;
  END;
END $$;`;

/** SQL run after migrations: the application role may use every table and sequence, as a non-owner, but the platform tables. */
export const GRANT_APP_ROLE_SQL = `
GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
REVOKE ALL ON ${PLATFORM_TABLES.join(', ')} FROM ${APP_ROLE};
REVOKE ALL ON SEQUENCE socket_io_attachments_id_seq FROM ${APP_ROLE};`;

/**
 * The transaction settings that make node-postgres's BEGIN also set the agency and the role: drizzle writes the
 * access mode into its `begin` statement as is, and that statement has no parameters, so it goes to PostgreSQL as
 * one simple query of two statements, `begin read write; select set_config(...)`, in one round trip instead of two
 * (every agency request saves one). The agency id is checked to be a positive integer and the role is a constant,
 * so nothing outside this function reaches the text. PGlite runs BEGIN itself and gets the settings as a statement.
 */
function beginInAgency(agencyId: number): PgTransactionConfig {
  if (!Number.isSafeInteger(agencyId) || agencyId <= 0) throw new Error(`inAgency needs an agency id, got ${agencyId}`);
  const settings = `select set_config('app.agency_id', '${agencyId}', true), set_config('role', '${APP_ROLE}', true)`;
  return { accessMode: `read write; ${settings}` as PgTransactionConfig['accessMode'] };
}

/** How often a transaction aborted by a deadlock runs again before the error reaches the caller. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction scoped to an agency: as the non-owner role, with `app.agency_id` set for this
 * transaction only. Every service that reads or writes business tables goes through here.
 *
 * A transaction PostgreSQL aborts to break a deadlock (two postings creating and locking ledger accounts in
 * different orders, e.g. an edit's reverse-and-repost racing a new posting) changed nothing, so it runs again, up
 * to DEADLOCK_ATTEMPTS times. `work` must therefore not have effects outside the transaction (send mails and
 * events after it returns).
 */
export async function inAgency<T>(db: Db, agencyId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isInteger(agencyId) || agencyId <= 0) throw new Error(`inAgency needs an agency id, got ${agencyId}`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (is(db, NodePgDatabase)) {
        // PostgreSQL: the settings travel with BEGIN, in one round trip (see `beginInAgency`).
        return await db.transaction(work, beginInAgency(agencyId));
      }
      return await db.transaction(async (tx) => {
        // One statement for both settings (SET LOCAL ROLE is the `role` setting): one round trip less per request.
        await tx.execute(sql`select set_config('app.agency_id', ${String(agencyId)}, true), set_config('role', ${APP_ROLE}, true)`);
        return work(tx);
      });
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
