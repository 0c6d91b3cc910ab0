import type { ConsumerKindOf, RecordKind } from '@tonnage/contracts';

/*
 * The tables of the record kinds (contracts' RECORD_KINDS), for the back-pointers of platform/consumers.ts and the
 * check constraints that type a pointer held as a table name. Imports nothing but the contracts, so a schema file
 * may use it.
 */

/** The table of each record kind (the kinds of flows not built yet name the tables they will have). */
export const RECORD_TABLES = {
  saleOrder: 'sale_orders',
  consignment: 'consignments',
  shipment: 'shipments',
  voyageApproval: 'voyage_approvals',
  quantityApproval: 'quantity_approvals',
  portLoading: 'port_loadings',
  loadingSlip: 'loading_slips',
  warehousePreIn: 'warehouse_pre_ins',
  warehouseIn: 'warehouse_ins',
  warehousePreOut: 'warehouse_pre_outs',
  warehouseOut: 'warehouse_outs',
  consigneeLoadingSlip: 'consignee_outs',
  outboundFirstWeight: 'outbound_first_weights',
  outboundSecondWeight: 'outbound_second_weights',
  consigneeIn: 'consignee_ins',
  customerIn: 'customer_ins',
  consigneeToShipmentManagerLoan: 'consignee_to_shipment_manager_loans',
  consigneeToCustomerSale: 'consignee_to_customer_sales',
  shipmentManagerToConsigneeLoan: 'shipment_manager_to_consignee_loans',
  loanReturn: 'loan_returns',
  transferSlip: 'transfer_slips',
} as const satisfies Record<RecordKind, string>;

/** The kinds that may mark a loading slip as received (the slip's `received_table` holds one of their tables). */
export const SLIP_RECEIVERS = ['warehouseIn', 'consigneeIn', 'customerIn'] as const satisfies readonly ConsumerKindOf<'loadingSlip'>[];

/** The SQL list of the tables a slip's `received_table` may name, for its check constraint. */
export const SLIP_RECEIVER_TABLES_SQL = SLIP_RECEIVERS.map((kind) => `'${RECORD_TABLES[kind]}'`).join(', ');

/** The kinds that may mark a warehouse out as received (its `received_table` holds one of their tables). */
export const WAREHOUSE_OUT_RECEIVERS = ['warehouseIn', 'consigneeIn', 'customerIn'] as const satisfies readonly ConsumerKindOf<'warehouseOut'>[];

/** The SQL list of the tables a warehouse out's `received_table` may name, for its check constraint. */
export const WAREHOUSE_OUT_RECEIVER_TABLES_SQL = WAREHOUSE_OUT_RECEIVERS.map((kind) => `'${RECORD_TABLES[kind]}'`).join(', ');

/** The kinds that may mark a consignee loading slip (a Consignee Out) as received: a Customer In. */
export const CONSIGNEE_SLIP_RECEIVERS = ['customerIn'] as const satisfies readonly ConsumerKindOf<'consigneeLoadingSlip'>[];

/** The SQL list of the tables a consignee out's `received_table` may name, for its check constraint. */
export const CONSIGNEE_SLIP_RECEIVER_TABLES_SQL = CONSIGNEE_SLIP_RECEIVERS.map((kind) => `'${RECORD_TABLES[kind]}'`).join(', ');

/** The kinds that may mark a transfer slip as received: the receipt at its destination (warehouse, consignee or customer location). */
export const TRANSFER_SLIP_RECEIVERS = ['warehouseIn', 'consigneeIn', 'customerIn'] as const satisfies readonly ConsumerKindOf<'transferSlip'>[];

/** The SQL list of the tables a transfer slip's `received_table` may name, for its check constraint. */
export const TRANSFER_SLIP_RECEIVER_TABLES_SQL = TRANSFER_SLIP_RECEIVERS.map((kind) => `'${RECORD_TABLES[kind]}'`).join(', ');
