import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { changeTrail, reversalTrail } from '../../identity/record-trail';
import { SLIP_RECEIVER_TABLES_SQL } from '../../platform/record-kinds';
import { tenantPolicy } from '../../platform/db/tenancy';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { agencies } from '../../identity/agencies.schema';
import { companies, drivers, locations, ports, trucks , columnOf } from '../master-data/master-data.schema';
import { consignments, RECORD_STATUS_CHECK } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';

/**
 * A truck trip: the key of an IN_TRANSIT account. Loading slips create trips now; warehouse outs, consignee outs
 * and transfers will create theirs the same way, so trip ids never collide across the flows.
 */
export const trips = pgTable(
  'trips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** What started the trip: 'loadingSlip', later 'warehouseOut', ... */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The trips that are not a loading slip's (warehouse outs, transfers): the vessel dashboard leaves them out by id.
    index('trips_other_kind_idx').on(t.agencyId, t.id).where(sql`${t.kind} <> 'loadingSlip'`),
    tenantPolicy('trips'),
  ],
);

/**
 * A port loading: an order to move a consignment's cargo off a voyage at a port, by a transporter, to a warehouse
 * (storage), a consignee location (direct delivery) or a customer location (customer delivery). Trucks load it
 * with loading slips; the slips never exceed its quantity.
 */
export const portLoadings = pgTable(
  'port_loadings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    voyageId: integer('voyage_id')
      .notNull()
      .references(() => voyages.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    consignmentId: integer('consignment_id')
      .notNull()
      .references(() => consignments.id),
    portId: integer('port_id')
      .notNull()
      .references(() => columnOf(ports, 'id')),
    /** 'warehouse' (storage), 'directDelivery' (a consignee location), 'customerDelivery' (a customer location). */
    transportationType: text('transportation_type').notNull(),
    toLocationId: integer('to_location_id')
      .notNull()
      .references(() => columnOf(locations, 'id')),
    /** Who owns the cargo at the destination: the BL consignee, its shipment manager, or the customer (CD). */
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => columnOf(companies, 'id')),
    /** 'self', 'company' (a named transporter) or 'thirdParty'. */
    transporterKind: text('transporter_kind').notNull(),
    transporterId: integer('transporter_id').references(() => columnOf(companies, 'id')),
    thirdPartyName: text('third_party_name'),
    /**
     * 'bl' (the BL consignee's cargo) or 'loan' (cargo its shipment manager borrowed on board: `loan_id`, a
     * `consignee_to_shipment_manager_loans` row with `shipment_id` = this BL; the typed back-pointer of the loan,
     * platform/consumers.ts). No foreign key in the schema: the loans' schema imports this one (trips), and the flow
     * locks and checks the loan before it writes the pointer.
     */
    quantityType: text('quantity_type').notNull().default('bl'),
    loanId: integer('loan_id'),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    loadingDate: date('loading_date').notNull(),
    remarks: text('remarks'),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('port_loadings_quantity_positive', sql`${t.quantityKg} > 0`),
    check('port_loadings_status_check', RECORD_STATUS_CHECK(t.status)),
    check('port_loadings_transportation_type', sql`${t.transportationType} in ('warehouse', 'directDelivery', 'customerDelivery')`),
    check(
      'port_loadings_transporter',
      sql`(${t.transporterKind} = 'company' and ${t.transporterId} is not null) or (${t.transporterKind} = 'thirdParty' and length(btrim(${t.thirdPartyName})) > 0) or (${t.transporterKind} = 'self')`,
    ),
    check('port_loadings_quantity_type', sql`(${t.quantityType} = 'bl' and ${t.loanId} is null) or (${t.quantityType} = 'loan' and ${t.loanId} is not null)`),
    index('port_loadings_agency_date_idx').on(t.agencyId, t.loadingDate, t.id),
    index('port_loadings_loan_idx').on(t.loanId),
    index('port_loadings_shipment_idx').on(t.shipmentId),
    index('port_loadings_consignment_idx').on(t.consignmentId),
    tenantPolicy('port_loadings'),
  ],
);

/**
 * A loading slip: one truck trip of a port loading (truck, driver, weighbridge ticket, quantity). Creating it
 * posts ON_BOARD(voyage, consignment) -> IN_TRANSIT(trip). `received_table`/`received_id` name the receiving
 * transaction (warehouse in, consignee in, customer in: the table of a kind of SLIP_RECEIVERS) once the truck
 * arrives: a typed back-pointer (platform/consumers.ts), so neither the slip nor its port loading can be reversed
 * until that transaction is.
 */
export const loadingSlips = pgTable(
  'loading_slips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The printed slip number, sequential per agency. */
    slipNumber: integer('slip_number').notNull(),
    portLoadingId: integer('port_loading_id')
      .notNull()
      .references(() => portLoadings.id),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id),
    truckId: integer('truck_id')
      .notNull()
      .references(() => columnOf(trucks, 'id')),
    driverId: integer('driver_id')
      .notNull()
      .references(() => columnOf(drivers, 'id')),
    wbtNumber: text('wbt_number').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'bigint' }).notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
    remarks: text('remarks'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    receivedTable: text('received_table'),
    receivedId: integer('received_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    ...changeTrail(),
    ...reversalTrail(),
  },
  (t) => [
    check('loading_slips_quantity_positive', sql`${t.quantityKg} > 0`),
    check('loading_slips_status_check', RECORD_STATUS_CHECK(t.status)),
    check('loading_slips_received_pair', sql`(${t.receivedTable} is null) = (${t.receivedId} is null)`),
    // The receiver is typed: one of the record kinds declared to receive a slip (platform/record-kinds.ts).
    check('loading_slips_received_kind', sql`${t.receivedTable} in (${sql.raw(SLIP_RECEIVER_TABLES_SQL)})`),
    uniqueIndex('loading_slips_agency_number_unique').on(t.agencyId, t.slipNumber),
    uniqueIndex('loading_slips_trip_unique').on(t.tripId),
    // A weighbridge ticket is used by one live slip of the agency.
    uniqueIndex('loading_slips_agency_wbt_unique').on(t.agencyId, sql`lower(${t.wbtNumber})`).where(sql`${t.status} = 'Active'`),
    // A port loading's slips, and their trips in an index-only scan (the agency is read from the index for row level
    // security): the Customer tab's trucks on the road read the slips going to a place by their port loadings
    // (partner.queries.ts `destinationsSql`). Serves every read of a port loading's slips.
    index('loading_slips_port_loading_trip_idx').on(t.portLoadingId, t.agencyId, t.tripId),
    index('loading_slips_agency_loaded_idx').on(t.agencyId, t.loadedAt, t.id),
    index('loading_slips_truck_day_idx').on(t.agencyId, t.truckId, t.loadedAt),
    index('loading_slips_driver_day_idx').on(t.agencyId, t.driverId, t.loadedAt),
    tenantPolicy('loading_slips'),
  ],
);
