import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who changed what, per agency (null agency: product-wide changes such as agencies themselves by a super admin). */
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
  (t) => [index('audit_log_agency_at_idx').on(t.agencyId, t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
