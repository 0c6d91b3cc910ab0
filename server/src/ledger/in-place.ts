import type { Db } from '../platform/db/client';
import { onHandAccount, type Position } from './accounts';
import { post } from './ledger.service';

/** Where an in-place posting happens: a position without its owner (place, silo or open area, consignment, cargo, voyages). */
export type PlaceOfCargo = Omit<Position, 'ownerCompanyId'>;

/**
 * An ownership change in place (ownership transfer, loan, loan return): `quantityKg` of the cargo at `place` passes
 * from owner `from` to owner `to` in one posting, ON_HAND(place, from) -> ON_HAND(place, to); nothing moves
 * physically. The ledger's CHECK refuses more than `from`'s usable (409 Quantity not available), also when requests
 * race. Returns the posting's transaction id, for the record's `ledger_transaction_id`. `toPlace` is the receiving
 * side's place when only its binding differs (a loan returned from other cargo: the same place, attached to the loan's
 * vessel); by default the same place.
 */
export async function inPlaceTransaction(
  tx: Db,
  params: { agencyId: number; userId: number; at: Date; type: string; source: { table: string; id: number }; place: PlaceOfCargo; toPlace?: PlaceOfCargo; from: number; to: number; quantityKg: bigint },
): Promise<number> {
  const { transactionId } = await post(tx, {
    agencyId: params.agencyId,
    type: params.type,
    source: params.source,
    userId: params.userId,
    at: params.at,
    lines: [
      { account: onHandAccount({ ...params.place, ownerCompanyId: params.from }), quantityKg: -params.quantityKg },
      { account: onHandAccount({ ...(params.toPlace ?? params.place), ownerCompanyId: params.to }), quantityKg: params.quantityKg },
    ],
  });
  return transactionId;
}
