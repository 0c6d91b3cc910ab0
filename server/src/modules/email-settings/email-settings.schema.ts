import { SMTP_SECURITY } from '@tonnage/contracts';
import { boolean, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenancy';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';

export const smtpSecurity = pgEnum('smtp_security', SMTP_SECURITY);

/**
 * The SMTP server an agency's mail goes through (one row per agency). The password is kept only as AES-256-GCM
 * ciphertext (platform/secret-box.ts) and never leaves the server.
 */
export const agencyEmailSettings = pgTable(
  'agency_email_settings',
  {
    agencyId: integer('agency_id')
      .primaryKey()
      .references(() => agencies.id),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    security: smtpSecurity('security').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  () => [tenantPolicy('agency_email_settings')],
);
