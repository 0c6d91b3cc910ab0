import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenancy';
import { agencies } from '../../identity/agencies.schema';
import { storedFiles } from '../../identity/files.schema';
import { users } from '../../identity/users.schema';
import { columnOf, hikConnectDevices, locations, weightMachines } from '../master-data/master-data.schema';

/**
 * Every snapshot asked of a camera, with its picture (a stored file) or why there is none. `source` says whether
 * the Capture Image screen took it or a weighbridge capture; the weighing columns are filled by the outbound
 * weighings (nullable: a manual capture has none). Camera name, location and weighbridge are kept as they were at
 * the time, so a capture stays readable when its camera moves or is renamed.
 */
export const capturedImages = pgTable(
  'captured_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => columnOf(hikConnectDevices, 'id'), { onDelete: 'restrict' }),
    cameraName: text('camera_name').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => columnOf(locations, 'id'), { onDelete: 'restrict' }),
    machineId: integer('machine_id').references(() => columnOf(weightMachines, 'id'), { onDelete: 'set null' }),
    /** The JPEG; null when the camera failed. */
    fileId: integer('file_id').references(() => storedFiles.id),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    takenBy: integer('taken_by').references(() => users.id),
    /** 'manual' | 'weighing' */
    source: text('source').notNull(),
    /** Why there is no picture (a CameraMessages failure text); null with a picture. */
    failure: text('failure'),
    /** The weighing this capture belongs to (filled by the outbound weighings): its kind and id. */
    weighingKind: text('weighing_kind'),
    weighingId: integer('weighing_id'),
  },
  (t) => [
    tenantPolicy('captured_images'),
    index('captured_images_agency_taken_idx').on(t.agencyId, t.takenAt),
    index('captured_images_agency_camera_idx').on(t.agencyId, t.cameraId),
    index('captured_images_agency_location_idx').on(t.agencyId, t.locationId),
    index('captured_images_weighing_idx').on(t.agencyId, t.weighingKind, t.weighingId),
    check('captured_images_source_check', sql`${t.source} in ('manual', 'weighing')`),
    check('captured_images_picture_or_failure', sql`(${t.fileId} is null) <> (${t.failure} is null)`),
  ],
);

/**
 * A camera whose stored login was refused (HTTP 401): it is not asked again while its credentials are the ones that
 * were refused. `credentials` is a SHA-256 fingerprint of the username and the sealed password at that time; a new
 * username or a newly entered password (sealed anew) no longer matches, which lifts the lock by itself.
 */
export const cameraAuthLocks = pgTable(
  'camera_auth_locks',
  {
    cameraId: integer('camera_id')
      .primaryKey()
      .references(() => columnOf(hikConnectDevices, 'id'), { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    credentials: text('credentials').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  },
  () => [tenantPolicy('camera_auth_locks')],
);
