import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, consigneeTransferTransaction, type TConsigneeTransferInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** The consignees' on-hand positions of a consignee location with their usable quantity (the form's stock picker). */
export function useConsigneeTransferPositions(locationId: number | undefined) {
  return useQuery({
    queryKey: [consigneeTransferTransaction.key, 'positions', locationId ?? 0],
    queryFn: async () => (await apiOrThrow(`/api/consigneeTransfer/positions?locationId=${locationId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: locationId !== undefined,
  });
}

export function createConsigneeTransfer(body: TConsigneeTransferInput): Promise<RawResult> {
  return rawRequest('/api/consigneeTransfer', { method: 'POST', body });
}
