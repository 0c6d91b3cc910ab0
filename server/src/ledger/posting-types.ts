/**
 * The kinds of business transaction that post to the ledger (`ledger_transactions.type`): declared in the contracts
 * (the report builder names them), see there. The demo season shows each of them (`seed/demo-season.test.ts`), so a
 * new posting flow adds its type there and its entry to the demo.
 */
export { POSTING_TYPES, type PostingType } from '@tonnage/contracts';

