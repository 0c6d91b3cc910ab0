import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.schema';
import { users } from './users.schema';
import { tenantPolicy } from '../platform/db/tenancy';

/**
 * Every stored file, so that serving it can check who may see it. The application role sees only its agency's
 * files; files of no agency are recorded and served as the owner (the uploads module, outside `inAgency`).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Storage key, e.g. `documents/2026/11/<uuid>.pdf`; what the client puts after s3Url. */
    path: text('path').notNull().unique(),
    /** Null: visible to every signed-in user (profile pictures, agency logos, help). */
    agencyId: integer('agency_id').references(() => agencies.id),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    directory: text('directory').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_agency_idx').on(t.agencyId), tenantPolicy('stored_files')],
);
