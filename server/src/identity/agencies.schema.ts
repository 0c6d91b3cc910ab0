import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownAgencyPolicies } from '../platform/db/tenancy';

/** The tenant. Every business row of later modules carries `agency_id`. */
export const agencies = pgTable(
  'agencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    logo: text('logo'),
    timezone: text('timezone').notNull().default('Asia/Riyadh'),
    countryCode: text('country_code'),
    address: text('address'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agencies_name_unique').on(sql`lower(${t.name})`), index('agencies_active_idx').on(t.isActive), ...ownAgencyPolicies()],
);
