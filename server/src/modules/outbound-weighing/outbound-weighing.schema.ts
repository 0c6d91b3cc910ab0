import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { columnOf, drivers, locations, trucks, weightMachines } from '../master-data/master-data.schema';
import { RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/** One reading of a capture's stable window, as stored (the evidence). */
export interface StoredReading {
  kg: number;
  stable: boolean | null;
  overload: boolean;
  at: number;
}

/**
 * An outbound first weight: a truck (with its driver) weighed on a weighbridge of a warehouse on its way in. The
 * ticket number is taken here, gap-free per warehouse; the second weight prints it. `kg` was captured by the server
 * from the weighbridge (its stable window kept in `evidence`), or typed by a user holding the manual permission
 * (`manual`, with `manual_reason`, no evidence).
 */
export const outboundFirstWeights = pgTable(
  'outbound_first_weights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    ticketNumber: integer('ticket_number').notNull(),
    truckId: integer('truck_id')
      .notNull()
      .references(() => columnOf(trucks, 'id')),
    driverId: integer('driver_id')
      .notNull()
      .references(() => columnOf(drivers, 'id')),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    machineId: integer('machine_id')
      .notNull()
      .references(() => columnOf(weightMachines, 'id')),
    kg: bigint('kg', { mode: 'number' }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    manual: boolean('manual').notNull().default(false),
    manualReason: text('manual_reason'),
    evidence: jsonb('evidence').$type<StoredReading[]>().notNull().default(sql`'[]'::jsonb`),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('outbound_first_weights_kg_positive', sql`${t.kg} > 0`),
    check('outbound_first_weights_status_check', RECORD_STATUS_CHECK(t.status)),
    check('outbound_first_weights_manual_reason', sql`not ${t.manual} or length(btrim(${t.manualReason})) > 0`),
    uniqueIndex('outbound_first_weights_ticket_unique').on(t.agencyId, t.warehouseId, t.ticketNumber),
    index('outbound_first_weights_agency_captured_idx').on(t.agencyId, t.capturedAt, t.id),
    index('outbound_first_weights_machine_idx').on(t.machineId, t.capturedAt),
    index('outbound_first_weights_truck_idx').on(t.agencyId, t.truckId),
    tenantPolicy('outbound_first_weights'),
  ],
);

/**
 * An outbound second weight: the same truck weighed again on its way out, closing its first weight (a typed
 * back-pointer, platform/consumers.ts: the first cannot be reversed while this one stands). Net = |kg - first kg|.
 */
export const outboundSecondWeights = pgTable(
  'outbound_second_weights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    firstWeightId: integer('first_weight_id')
      .notNull()
      .references(() => outboundFirstWeights.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => columnOf(weightMachines, 'id')),
    kg: bigint('kg', { mode: 'number' }).notNull(),
    netKg: bigint('net_kg', { mode: 'number' }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    manual: boolean('manual').notNull().default(false),
    manualReason: text('manual_reason'),
    evidence: jsonb('evidence').$type<StoredReading[]>().notNull().default(sql`'[]'::jsonb`),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('outbound_second_weights_kg_positive', sql`${t.kg} > 0`),
    check('outbound_second_weights_net_positive', sql`${t.netKg} > 0`),
    check('outbound_second_weights_status_check', RECORD_STATUS_CHECK(t.status)),
    check('outbound_second_weights_manual_reason', sql`not ${t.manual} or length(btrim(${t.manualReason})) > 0`),
    // One live second weight per first weight.
    uniqueIndex('outbound_second_weights_first_live_unique').on(t.firstWeightId).where(sql`${t.status} = 'Active'`),
    index('outbound_second_weights_first_idx').on(t.firstWeightId),
    index('outbound_second_weights_agency_captured_idx').on(t.agencyId, t.capturedAt, t.id),
    index('outbound_second_weights_machine_idx').on(t.machineId, t.capturedAt),
    tenantPolicy('outbound_second_weights'),
  ],
);
