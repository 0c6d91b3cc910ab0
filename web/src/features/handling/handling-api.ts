import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, type HandlingKind, type THandlingDecision, type THandlingInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** The on-hand positions of a warehouse (the form's picker), under the flow's query key. */
export function useHandlingPositions(kind: HandlingKind, warehouseId: number | undefined) {
  return useQuery({
    queryKey: [kind, 'positions', warehouseId ?? 0],
    queryFn: async () => (await apiOrThrow(`/api/${kind}/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

export function createHandling(kind: HandlingKind, body: THandlingInput): Promise<RawResult> {
  return rawRequest(`/api/${kind}`, { method: 'POST', body });
}

/** The current approver's decision. */
export function decideHandling(kind: HandlingKind, id: number, body: THandlingDecision): Promise<RawResult> {
  return rawRequest(`/api/${kind}/${id}/decision`, { method: 'POST', body });
}
