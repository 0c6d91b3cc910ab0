import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencyUserPasswordLinkPolicy, agencyUserSessionPolicies } from '../platform/db/tenancy';
import { users } from './users.schema';

/** Server-side sessions: the token is given to the client once; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rememberMe: boolean('remember_me').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), ...agencyUserSessionPolicies()],
);

/**
 * Failed sign-in attempts per username and client address; kept in the database so a block survives restarts.
 * A platform table (PLATFORM_TABLES): row-level security without a policy, the application role has no grant.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/** Single-use password reset tokens (stored hashed). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId), agencyUserPasswordLinkPolicy()],
);
