import { useQuery } from '@tanstack/react-query';
import { ZNewOwners, ZStockPositions, ownershipTransferTransaction, type OwnershipPlace, type TOwnershipTransferInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under the flow's key: one invalidation of the flow refreshes its pickers too. */
const keys = {
  positions: (place: OwnershipPlace, locationId: number) => [ownershipTransferTransaction.key, 'positions', place, locationId] as const,
  owners: [ownershipTransferTransaction.key, 'owners'] as const,
};

/** The on-hand positions of a place with their usable quantity (the form's stock picker). */
export function useTransferPositions(place: OwnershipPlace, locationId: number | undefined) {
  return useQuery({
    queryKey: keys.positions(place, locationId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/ownershipTransfer/positions?place=${place}&locationId=${locationId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: locationId !== undefined,
  });
}

/** The consignees and shipment managers the user may hand cargo to. */
export function useNewOwners() {
  return useQuery({ queryKey: keys.owners, queryFn: async () => (await apiOrThrow('/api/ownershipTransfer/owners', { schema: ZNewOwners })).rows });
}

export function createOwnershipTransfer(body: TOwnershipTransferInput): Promise<RawResult> {
  return rawRequest('/api/ownershipTransfer', { method: 'POST', body });
}
