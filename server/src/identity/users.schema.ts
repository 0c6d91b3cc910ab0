import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../platform/db/tenancy';
import { agencies } from './agencies.schema';

export const userKind = pgEnum('user_kind', ['superAdmin', 'agencyAdmin', 'agencyUser', 'companyAdmin']);

/** A role of one agency: a named set of permission flags from the contracts catalogue. */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_agency_name_unique').on(t.agencyId, sql`lower(${t.name})`), tenantPolicy('roles')],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null only for super admins, who work across agencies. */
    agencyId: integer('agency_id').references(() => agencies.id),
    kind: userKind('kind').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    initials: text('initials'),
    phone: text('phone'),
    address: text('address'),
    residenceCountryId: integer('residence_country_id'),
    cityId: integer('city_id'),
    originCountryId: integer('origin_country_id'),
    idNumber: text('id_number'),
    profilePic: text('profile_pic'),
    /** When set and in the future the user's password is current; missing or past means a reset is due (spec section 4). */
    passwordResetAt: timestamp('password_reset_at', { withTimezone: true }),
    companyId: integer('company_id'),
    roleId: integer('role_id').references(() => roles.id),
    shipmentManagerIds: integer('shipment_manager_ids').array().notNull().default(sql`'{}'::integer[]`),
    consigneeIds: integer('consignee_ids').array().notNull().default(sql`'{}'::integer[]`),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::integer[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_agency_idx').on(t.agencyId),
    index('users_role_idx').on(t.roleId),
    tenantPolicy('users'),
  ],
);
