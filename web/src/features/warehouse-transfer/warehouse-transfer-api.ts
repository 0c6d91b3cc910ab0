import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, type TWarehouseTransferEdit, type TWarehouseTransferInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under `warehouseTransfer`: one invalidation of the flow refreshes its picker too. */
export const warehouseTransferKeys = {
  positions: (warehouseId: number) => ['warehouseTransfer', 'positions', warehouseId] as const,
};

/** The on-hand positions of a warehouse with their usable quantity (the transfer form's picker). */
export function useTransferPositions(warehouseId: number | undefined) {
  return useQuery({
    queryKey: warehouseTransferKeys.positions(warehouseId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseTransfer/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

export function createWarehouseTransfer(body: TWarehouseTransferInput): Promise<RawResult> {
  return rawRequest('/api/warehouseTransfer', { method: 'POST', body });
}
export function updateWarehouseTransfer(id: number, body: TWarehouseTransferEdit): Promise<RawResult> {
  return rawRequest(`/api/warehouseTransfer/${id}`, { method: 'PUT', body });
}
