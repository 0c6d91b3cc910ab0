import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../db/tenancy';

/**
 * Who changed what, per agency (null agency: product-wide changes such as the product settings by a super admin).
 * The application role reads and writes only its agency's rows; product-wide rows are written as the owner.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_agency_at_idx').on(t.agencyId, t.at), index('audit_log_entity_idx').on(t.entity, t.entityId), tenantPolicy('audit_log')],
);
