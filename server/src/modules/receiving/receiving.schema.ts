import { SLIP_KINDS } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { tenantPolicy } from '../../platform/db/tenancy';
import { columnOf, drivers, locations, silos, trucks, weightMachines } from '../master-data/master-data.schema';
import type { StoredReading } from '../outbound-weighing/outbound-weighing.schema';
import { RECORD_STATUS_CHECK } from '../procurement/procurement.schema';

/** The SQL list of the slip kinds a truck may carry in (contracts' SLIP_KINDS). */
const SLIP_KINDS_SQL = SLIP_KINDS.map((kind) => `'${kind}'`).join(', ');

/**
 * A warehouse pre in: a loaded truck carrying an in-transit slip (`slip_kind`, `slip_id`: a port loading slip today,
 * a warehouse loading slip later) weighed on a bridge of the warehouse it arrives at. The weighbridge ticket number
 * is taken here, gap-free per warehouse. No stock moves.
 */
export const warehousePreIns = pgTable(
  'warehouse_pre_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    ticketNumber: integer('ticket_number').notNull(),
    slipKind: text('slip_kind').notNull(),
    slipId: integer('slip_id').notNull(),
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
    check('warehouse_pre_ins_kg_positive', sql`${t.kg} > 0`),
    check('warehouse_pre_ins_status_check', RECORD_STATUS_CHECK(t.status)),
    check('warehouse_pre_ins_slip_kind', sql`${t.slipKind} in (${sql.raw(SLIP_KINDS_SQL)})`),
    check('warehouse_pre_ins_manual_reason', sql`not ${t.manual} or length(btrim(${t.manualReason})) > 0`),
    // One live pre in per slip.
    uniqueIndex('warehouse_pre_ins_slip_live_unique').on(t.slipKind, t.slipId).where(sql`${t.status} = 'Active'`),
    uniqueIndex('warehouse_pre_ins_ticket_unique').on(t.agencyId, t.warehouseId, t.ticketNumber),
    index('warehouse_pre_ins_agency_captured_idx').on(t.agencyId, t.capturedAt, t.id),
    index('warehouse_pre_ins_machine_idx').on(t.machineId, t.capturedAt),
    tenantPolicy('warehouse_pre_ins'),
  ],
);

/**
 * A warehouse in: the emptied truck of a pre in weighed again; received = pre in kg - kg. Its ledger transaction
 * moves the slip's load off IN_TRANSIT into ON_HAND (its shares) and the difference to TRANSIT_LOSS. It marks the
 * slip received (the slip's `received_table`/`received_id`) and consumes its pre in (`pre_in_id`).
 */
export const warehouseIns = pgTable(
  'warehouse_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    preInId: integer('pre_in_id')
      .notNull()
      .references(() => warehousePreIns.id),
    machineId: integer('machine_id')
      .notNull()
      .references(() => columnOf(weightMachines, 'id')),
    kg: bigint('kg', { mode: 'number' }).notNull(),
    receivedKg: bigint('received_kg', { mode: 'number' }).notNull(),
    slipKg: bigint('slip_kg', { mode: 'number' }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    manual: boolean('manual').notNull().default(false),
    manualReason: text('manual_reason'),
    evidence: jsonb('evidence').$type<StoredReading[]>().notNull().default(sql`'[]'::jsonb`),
    /** 'silo' or 'openArea'. */
    storage: text('storage').notNull(),
    /** The live posting (an edit reverses it and posts anew). */
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('warehouse_ins_kg_positive', sql`${t.kg} > 0 and ${t.receivedKg} > 0`),
    check('warehouse_ins_status_check', RECORD_STATUS_CHECK(t.status)),
    check('warehouse_ins_storage', sql`${t.storage} in ('silo', 'openArea')`),
    check('warehouse_ins_manual_reason', sql`not ${t.manual} or length(btrim(${t.manualReason})) > 0`),
    uniqueIndex('warehouse_ins_pre_in_live_unique').on(t.preInId).where(sql`${t.status} = 'Active'`),
    index('warehouse_ins_pre_in_idx').on(t.preInId),
    index('warehouse_ins_agency_captured_idx').on(t.agencyId, t.capturedAt, t.id),
    index('warehouse_ins_machine_idx').on(t.machineId, t.capturedAt),
    tenantPolicy('warehouse_ins'),
  ],
);

/** Where a warehouse in put its cargo: one row per silo, or one with no silo (the open area). Replaced on an edit. */
export const warehouseInShares = pgTable(
  'warehouse_in_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    warehouseInId: integer('warehouse_in_id')
      .notNull()
      .references(() => warehouseIns.id),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
  },
  (t) => [check('warehouse_in_shares_positive', sql`${t.quantityKg} > 0`), index('warehouse_in_shares_in_idx').on(t.warehouseInId), tenantPolicy('warehouse_in_shares')],
);

/**
 * A consignee in or a customer in (one table each, the same shape): a slip received at a delivery location with its
 * weighbridge ticket and received quantity; its ledger transaction moves the slip's load off IN_TRANSIT into
 * ON_HAND(location, open area) and the difference to TRANSIT_LOSS. It marks the slip received.
 */
function deliveryInTable<N extends 'consignee_ins' | 'customer_ins'>(name: N) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      agencyId: integer('agency_id')
        .notNull()
        .references(() => agencies.id),
      slipKind: text('slip_kind').notNull(),
      slipId: integer('slip_id').notNull(),
      locationId: integer('location_id')
        .notNull()
        .references(() => columnOf(locations, 'id')),
      wbtNumber: text('wbt_number').notNull(),
      receivedKg: bigint('received_kg', { mode: 'number' }).notNull(),
      slipKg: bigint('slip_kg', { mode: 'number' }).notNull(),
      receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
      ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
      remarks: text('remarks'),
      ...changeTrail(),
      ...reversalTrail(),
    },
    (t) => [
      check(`${name}_received_positive`, sql`${t.receivedKg} > 0`),
      check(`${name}_status_check`, RECORD_STATUS_CHECK(t.status)),
      check(`${name}_slip_kind`, sql`${t.slipKind} in (${sql.raw(SLIP_KINDS_SQL)})`),
      uniqueIndex(`${name}_slip_live_unique`).on(t.slipKind, t.slipId).where(sql`${t.status} = 'Active'`),
      index(`${name}_agency_received_idx`).on(t.agencyId, t.receivedAt, t.id),
      tenantPolicy(name),
    ],
  );
}

export const consigneeIns = deliveryInTable('consignee_ins');
export const customerIns = deliveryInTable('customer_ins');
