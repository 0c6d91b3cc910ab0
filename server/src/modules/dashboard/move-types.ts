/**
 * The dashboard's move type of a posting that moves no truck (an ownership change, a silo transfer, a swap, a loan or
 * its return, a sale, handling), by the posting's type (`ledger/posting-types.ts`); any other in-place posting is a
 * correction. The warehouse and the consignee/customer tabs name moves alike.
 */
const IN_PLACE_MOVE_TYPES = {
  ownershipTransfer: 'ownershipTransfer',
  consigneeTransfer: 'consigneeTransfer',
  siloTransfer: 'siloTransfer',
  swapCargo: 'swapCargo',
  consigneeToShipmentManagerLoan: 'loan',
  loanReturn: 'loanReturn',
  sale: 'sale',
  handlingLoss: 'handlingLoss',
  handlingExcess: 'handlingExcess',
} as const;

export type InPlaceMoveType = (typeof IN_PLACE_MOVE_TYPES)[keyof typeof IN_PLACE_MOVE_TYPES] | 'correction';

export function inPlaceMoveType(postingType: string): InPlaceMoveType {
  return (IN_PLACE_MOVE_TYPES as Readonly<Record<string, InPlaceMoveType>>)[postingType] ?? 'correction';
}
