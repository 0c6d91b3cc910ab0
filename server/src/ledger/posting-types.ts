/**
 * The kinds of business transaction that post to the ledger (`ledger_transactions.type`), one per flow's posting; a
 * reversal keeps its original's type. The demo season shows each of them (`seed/demo-season.test.ts`), so a new
 * posting flow adds its type here and its entry to the demo.
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
