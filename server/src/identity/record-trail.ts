import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/*
 * The columns every business record of the cargo flows carries (docs/decisions.md, "Business records are
 * reversed, never deleted"). Each call builds new column builders, to spread into a table's columns.
 */

/** Who created the record and who changed it last, and when. */
export function changeTrail() {
  return {
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  };
}

/** Active or Reversed, and who reversed it, when and why. */
export function reversalTrail() {
  return {
    status: text('status').notNull().default('Active'),
    reversedBy: integer('reversed_by').references(() => users.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reverseReason: text('reverse_reason'),
  };
}

// ---------------------------------------------------------------- reading the trail

/** The users of a record's trail, joined under their own names. */
export const createdUsers = alias(users, 'created_user');
export const updatedUsers = alias(users, 'updated_user');
export const reversedUsers = alias(users, 'reversed_user');

export const userName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL<string | null> =>
  sql<string | null>`nullif(concat_ws(' ', ${table.firstName}, ${table.lastName}), '')`;

/** The trail columns of a record joined with its users (created, updated, reversed). */
export const trailColumns = {
  createdByName: userName(createdUsers),
  updatedByName: userName(updatedUsers),
  reversedByName: userName(reversedUsers),
};

export interface TrailRow {
  status: string;
  createdAt: Date;
  updatedAt: Date | null;
  reversedAt: Date | null;
  reverseReason: string | null;
  createdByName: string | null;
  updatedByName: string | null;
  reversedByName: string | null;
}

/** The API trail of a record (ZRecordTrail). */
export function toTrail(row: TrailRow) {
  return {
    status: row.status === 'Reversed' ? ('Reversed' as const) : ('Active' as const),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName ?? '',
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedBy: row.updatedByName,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversedBy: row.reversedByName,
    reverseReason: row.reverseReason,
  };
}
