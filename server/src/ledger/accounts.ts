import type { AccountKey } from './ledger.service';

/*
 * The account keys of the cargo flows, in one place, so the flow that puts stock into an account and the flow
 * that takes it out name the same account (docs/domain.md, "Stock is a ledger").
 *
 * - VESSEL(voyage, consignment): the source of a BL's cargo; negative by design.
 * - ON_BOARD(voyage, consignment): cargo of a consignment still on the vessel of a voyage.
 * - IN_TRANSIT(trip, voyage, consignment, owner, cargo type): one truck's load between two places.
 * - ON_HAND(location, silo, owner, consignment, cargo type, voyage, attached voyage): cargo at a place.
 */

export interface VoyageConsignment {
  voyageId: number;
  consignmentId: number;
}

/** Where a BL's cargo comes from (and where an approved shortage goes back to). */
export function vesselAccount(p: VoyageConsignment): AccountKey {
  return { kind: 'VESSEL', voyageId: p.voyageId, consignmentId: p.consignmentId };
}

/** A consignment's cargo still on board a voyage's vessel. */
export function onBoardAccount(p: VoyageConsignment): AccountKey {
  return { kind: 'ON_BOARD', voyageId: p.voyageId, consignmentId: p.consignmentId };
}

export interface TripLoad extends VoyageConsignment {
  tripId: number;
  ownerCompanyId: number;
  cargoTypeId: number;
}

/** One truck trip's load, keeping where it came from and whose it is. */
export function inTransitAccount(p: TripLoad): AccountKey {
  return {
    kind: 'IN_TRANSIT',
    tripId: p.tripId,
    voyageId: p.voyageId,
    consignmentId: p.consignmentId,
    ownerCompanyId: p.ownerCompanyId,
    cargoTypeId: p.cargoTypeId,
  };
}

export interface Position extends VoyageConsignment {
  locationId: number;
  /** null: the open area of the location. */
  siloId: number | null;
  ownerCompanyId: number;
  cargoTypeId: number;
  /** The voyage the cargo is attached to (spec: attached vessel, bindingVoyageId); the voyage itself unless swapped. */
  attachedVoyageId: number;
}

/** Cargo at a place (warehouse silo or open area, consignee or customer location). */
export function onHandAccount(p: Position): AccountKey {
  return {
    kind: 'ON_HAND',
    locationId: p.locationId,
    siloId: p.siloId,
    ownerCompanyId: p.ownerCompanyId,
    consignmentId: p.consignmentId,
    cargoTypeId: p.cargoTypeId,
    voyageId: p.voyageId,
    attachedVoyageId: p.attachedVoyageId,
  };
}
