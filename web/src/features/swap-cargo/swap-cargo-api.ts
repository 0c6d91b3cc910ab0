import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, swapCargoTransaction, type SwapPlace, type TSwapCargoInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under the flow's key: one invalidation of the flow refreshes its pickers too. */
const keys = {
  positions: (place: SwapPlace, locationId: number) => [swapCargoTransaction.key, 'positions', place, locationId] as const,
};

/** The on-hand positions of a place with their usable quantity (either side's stock picker). */
export function useSwapPositions(place: SwapPlace, locationId: number | undefined) {
  return useQuery({
    queryKey: keys.positions(place, locationId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/swapCargo/positions?place=${place}&locationId=${locationId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: locationId !== undefined,
  });
}

export function createSwapCargo(body: TSwapCargoInput): Promise<RawResult> {
  return rawRequest('/api/swapCargo', { method: 'POST', body });
}
