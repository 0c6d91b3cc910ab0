import { useQuery } from '@tanstack/react-query';
import { ZDispatchableWeights, ZOpenPreOuts, type TWarehouseOutEdit, type TWarehouseOutInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under `warehouseOut`: one invalidation of the flow refreshes its pickers too. */
export const dispatchKeys = {
  openPreOuts: ['warehouseOut', 'preOuts'] as const,
  weights: (preOutId: number) => ['warehouseOut', 'secondWeights', preOutId] as const,
};

/** The open Pre Outs the Out form offers. */
export function useOpenPreOuts() {
  return useQuery({ queryKey: dispatchKeys.openPreOuts, queryFn: async () => (await apiOrThrow('/api/warehouseOut/preOuts', { schema: ZOpenPreOuts })).rows });
}

/** The second weights of the chosen Pre Out's truck at its warehouse, not on a live Out. */
export function useDispatchableWeights(preOutId: number | undefined) {
  return useQuery({
    queryKey: dispatchKeys.weights(preOutId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseOut/secondWeights?preOutId=${preOutId ?? 0}`, { schema: ZDispatchableWeights })).rows,
    enabled: preOutId !== undefined,
  });
}

export function createWarehouseOut(body: TWarehouseOutInput): Promise<RawResult> {
  return rawRequest('/api/warehouseOut', { method: 'POST', body });
}
export function updateWarehouseOut(id: number, body: TWarehouseOutEdit): Promise<RawResult> {
  return rawRequest(`/api/warehouseOut/${id}`, { method: 'PUT', body });
}
