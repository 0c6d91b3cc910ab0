import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TBuilderDefinition } from '@tonnage/contracts';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';
import { tenantPolicy } from '../../platform/db/tenancy';

/**
 * A saved report of the report builder (issue 16): its owner's name for it, its definition (the JSON the contracts'
 * `ZBuilderDefinition` checks, never SQL: it is validated again each time it runs), and the roles of the agency it
 * is shared with (their users see and run it; the owner also edits and deletes it). A name is unique per owner.
 */
export const reportBuilderReports = pgTable(
  'report_builder_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<TBuilderDefinition>().notNull(),
    sharedRoleIds: integer('shared_role_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('report_builder_reports_name_length', sql`length(btrim(${t.name})) between 1 and 120`),
    uniqueIndex('report_builder_reports_owner_name_unique').on(t.agencyId, t.ownerId, sql`lower(${t.name})`),
    // "Shared with one of these roles": the list's `shared_role_ids && array[<role>]`.
    index('report_builder_reports_shared_idx').using('gin', t.sharedRoleIds),
    tenantPolicy('report_builder_reports'),
  ],
);
