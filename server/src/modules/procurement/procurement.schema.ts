import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { tenantPolicy } from '../../platform/db/tenancy';
import { storedFiles } from '../../identity/files.schema';
import { agencies } from '../../identity/agencies.schema';
import { cargoTypes, companies , columnOf } from '../master-data/master-data.schema';
import { users } from '../../identity/users.schema';

/*
 * Procurement (spec section 2.3: saleOrder, consignments). Quantities are integer kilograms like the ledger's
 * (MT with 3 decimals only at the edges). A record is never deleted: a reversal sets status 'Reversed' with who,
 * when and why, and the record stays for the audit and the reports.
 */

/** Lifecycle of a business record: Active, or Reversed (kept, with who, when and why). */
export const RECORD_STATUS_CHECK = (column: AnyPgColumn) => sql`${column} in ('Active', 'Reversed')`;

/** A sale order: a seller sells a quantity of a cargo type to a buyer. Its consignments (LCs/POs) never exceed it. */
export const saleOrders = pgTable(
  'sale_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The sale order number, unique within the agency. */
    number: text('number').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    cargoTypeId: integer('cargo_type_id')
      .notNull()
      .references(() => columnOf(cargoTypes, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    orderDate: date('order_date').notNull(),
    /** Shipment period: the cargo is due between these dates (optional). */
    deliveryFrom: date('delivery_from'),
    deliveryTo: date('delivery_to'),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    uniqueIndex('sale_orders_agency_number_unique').on(t.agencyId, sql`lower(${t.number})`),
    index('sale_orders_agency_date_idx').on(t.agencyId, t.orderDate, t.id),
    check('sale_orders_quantity_positive', sql`${t.quantityKg} > 0`),
    check('sale_orders_status_check', RECORD_STATUS_CHECK(t.status)),
    check('sale_orders_delivery_period', sql`${t.deliveryFrom} is null or ${t.deliveryTo} is null or ${t.deliveryFrom} <= ${t.deliveryTo}`),
    tenantPolicy('sale_orders'),
  ],
);

/**
 * A consignment: cargo bought under exactly one LC number or one PO number, within a sale order, for a BL
 * consignee and its shipment manager. Its quantity is never below the BL quantities shipped under it.
 */
export const consignments = pgTable(
  'consignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    lcNumber: text('lc_number'),
    poNumber: text('po_number'),
    refNumber: text('ref_number'),
    saleOrderId: integer('sale_order_id')
      .notNull()
      .references(() => saleOrders.id),
    blConsigneeId: integer('bl_consignee_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    shipmentManagerId: integer('shipment_manager_id').references(() => columnOf(companies, 'id')),
    cargoTypeId: integer('cargo_type_id')
      .notNull()
      .references(() => columnOf(cargoTypes, 'id')),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    // Spec section 5: an LC or a PO number, not both, not neither.
    check('consignments_lc_or_po', sql`(${t.lcNumber} is null) <> (${t.poNumber} is null)`),
    check('consignments_quantity_positive', sql`${t.quantityKg} > 0`),
    check('consignments_status_check', RECORD_STATUS_CHECK(t.status)),
    // An LC/PO number names one live consignment of the agency.
    uniqueIndex('consignments_agency_lc_unique')
      .on(t.agencyId, sql`lower(coalesce(${t.lcNumber}, ${t.poNumber}))`)
      .where(sql`${t.status} = 'Active'`),
    index('consignments_sale_order_idx').on(t.saleOrderId),
    index('consignments_agency_consignee_idx').on(t.agencyId, t.blConsigneeId),
    index('consignments_agency_sm_idx').on(t.agencyId, t.shipmentManagerId),
    index('consignments_agency_created_idx').on(t.agencyId, t.id),
    tenantPolicy('consignments'),
  ],
);

/**
 * A document attached to a business record (a sale order, a consignment; later a handling loss): the stored file
 * and its description. Deleting keeps the row and the file, marked deleted with who, when and why.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The record the document belongs to: 'saleOrder', 'consignment', ... */
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** What the document is (e.g. 'Bill of lading', 'Invoice'); the file name when not given. */
    title: text('title').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    deletedBy: integer('deleted_by').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    index('documents_owner_idx').on(t.agencyId, t.ownerType, t.ownerId),
    check('documents_delete_reason', sql`${t.deletedAt} is null or length(btrim(${t.deleteReason})) > 0`),
    tenantPolicy('documents'),
  ],
);
