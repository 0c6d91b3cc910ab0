import { bigserial, customType, index, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Payloads that @socket.io/postgres-adapter cannot fit in a NOTIFY (over 8000 bytes, or binary). The adapter
 * owns this table: it inserts, reads by id and deletes rows older than its cleanup interval. A platform table
 * (PLATFORM_TABLES): row-level security without a policy, the application role has no grant.
 */
export const socketIoAttachments = pgTable(
  'socket_io_attachments',
  {
    id: bigserial('id', { mode: 'number' }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    payload: bytea('payload'),
  },
  (t) => [index('socket_io_attachments_created_at_idx').on(t.createdAt)],
).enableRLS();
