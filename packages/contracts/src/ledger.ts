/** The stock ledger's vocabulary, shared so screens and reports name accounts the way the server does. */

/** Account kinds (docs/domain.md, "Stock is a ledger"): the stock positions and the sources and sinks outside the stock. */
export const LEDGER_ACCOUNT_KINDS = [
  'VESSEL',
  'ON_BOARD',
  'IN_TRANSIT',
  'ON_HAND',
  'TRANSIT_LOSS',
  'HANDLING_LOSS',
  'HANDLING_EXCESS',
  'DELIVERED',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Kinds whose balance is stock that physically exists: never below zero. */
export const GUARDED_ACCOUNT_KINDS = ['ON_BOARD', 'IN_TRANSIT', 'ON_HAND'] as const satisfies readonly LedgerAccountKind[];

/**
 * The kinds of business transaction that post to the ledger (`ledger_transactions.type`), one per flow's posting; a
 * reversal keeps its original's type. The report builder shows them by name (`reportBuilder.values.<type>`).
 */
export const POSTING_TYPES = [
  'shipping', // a BL on a voyage: VESSEL -> ON_BOARD
  'vesselQuantityApproval', // an approved out-turn's excess or shortage
  'portLoading', // a port loading slip: ON_BOARD -> IN_TRANSIT
  'warehouseIn', // a slip received at a warehouse (also its correction)
  'consigneeIn', // a slip received at a consignee location
  'customerIn', // a slip received at a customer location
  'warehousePreOut', // a commitment of a position for a truck
  'warehouseOut', // a truck leaving a warehouse: ON_HAND -> IN_TRANSIT
  'consigneeOut', // a truck leaving a consignee location for a customer
  'transferSlip', // a transfer slip: a warehouse transfer, or a loan, return, sale or consignee transfer delivered elsewhere
  'ownershipTransfer',
  'consigneeTransfer',
  'siloTransfer',
  'swapCargo',
  'consigneeToShipmentManagerLoan', // a loan (L)
  'loanReturn', // a loan return (LR)
  'sale', // consignee (or SM) to customer
  'handlingLoss',
  'handlingExcess',
] as const;
export type PostingType = (typeof POSTING_TYPES)[number];
