import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { agencies } from '../agencies.schema';
import { tenantPolicy } from '../../platform/db/tenancy';

/**
 * Per-agency running numbers of printed documents (loading slips, later tickets and notes): the last number given
 * out for each name. Taken with `nextNumber` as late as possible in the transaction, so the row lock that makes
 * the numbers gapless is held only until the commit.
 */
export const agencyCounters = pgTable(
  'agency_counters',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.name] }), tenantPolicy('agency_counters')],
);
