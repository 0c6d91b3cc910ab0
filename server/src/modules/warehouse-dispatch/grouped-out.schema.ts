import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from '../../identity/agencies.schema';
import { changeTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';

/**
 * A dispatch group (Warehouse Out grouped, spec 2.3 `warehouse-out-grouped`): several trucks of one dispatch order.
 * It fixes the position (the ON_HAND account's key) and the destination once and holds the plan; it posts nothing
 * itself. Its trucks are Pre Outs and Outs with its `group_id`, made by the single flows' services.
 */
export const warehouseOutGroups = pgTable(
  'warehouse_out_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    number: integer('number').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    siloId: integer('silo_id').references(() => columnOf(silos, 'id')),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    cargoTypeId: integer('cargo_type_id').notNull(),
    voyageId: integer('voyage_id').notNull(),
    attachedVoyageId: integer('attached_voyage_id').notNull(),
    destinationType: text('destination_type').notNull(),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    plannedTrucks: integer('planned_trucks'),
    plannedKg: bigint('planned_kg', { mode: 'bigint' }),
    remarks: text('remarks'),
    /** 'open' (trucks may be added) or 'closed'. */
    status: text('status').notNull().default('open'),
    ...changeTrail(),
  },
  (t) => [
    check('warehouse_out_groups_status_check', sql`${t.status} in ('open', 'closed')`),
    check('warehouse_out_groups_destination_check', sql`${t.destinationType} in ('warehouse', 'consignee', 'customer')`),
    check('warehouse_out_groups_plan_positive', sql`(${t.plannedKg} is null or ${t.plannedKg} > 0) and (${t.plannedTrucks} is null or ${t.plannedTrucks} > 0)`),
    uniqueIndex('warehouse_out_groups_agency_number_unique').on(t.agencyId, t.number),
    index('warehouse_out_groups_agency_at_idx').on(t.agencyId, t.createdAt, t.id),
    tenantPolicy('warehouse_out_groups'),
  ],
);
