import { useQuery } from '@tanstack/react-query';
import { ZDispatchableWeights, ZOpenPreOuts, ZStockPositions, ZWarehouseSlipView, type TWarehouseOutEdit, type TWarehouseOutInput, type TWarehousePreOutEdit, type TWarehousePreOutInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under `warehouseOut`: one invalidation of the flow refreshes its pickers too. */
export const dispatchKeys = {
  openPreOuts: ['warehouseOut', 'preOuts'] as const,
  weights: (preOutId: number) => ['warehouseOut', 'secondWeights', preOutId] as const,
  positions: (warehouseId: number) => ['warehousePreOut', 'positions', warehouseId] as const,
  slip: (id: number) => ['warehouseLoadingSlip', 'view', id] as const,
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

/** The on-hand positions of a warehouse with their usable quantity (the Pre Out form's picker). */
export function useStockPositions(warehouseId: number | undefined) {
  return useQuery({
    queryKey: dispatchKeys.positions(warehouseId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehousePreOut/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

export function createPreOut(body: TWarehousePreOutInput): Promise<RawResult> {
  return rawRequest('/api/warehousePreOut', { method: 'POST', body });
}
export function updatePreOut(id: number, body: TWarehousePreOutEdit): Promise<RawResult> {
  return rawRequest(`/api/warehousePreOut/${id}`, { method: 'PUT', body });
}

/** The printed slip (`GET /api/warehouseLoadingSlips/:id/view`). */
export function useWarehouseSlip(id: number | null) {
  return useQuery({ queryKey: dispatchKeys.slip(id ?? 0), queryFn: () => apiOrThrow(`/api/warehouseLoadingSlips/${id ?? 0}/view`, { schema: ZWarehouseSlipView }), enabled: id !== null });
}

/** The slip's PDF, English and Arabic side by side. */
export const warehouseSlipPdfUrl = (id: number) => `/api/warehouseLoadingSlips/${id}/pdf`;
