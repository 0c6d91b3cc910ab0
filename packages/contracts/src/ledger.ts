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
