import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.schema';

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
