import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, ZWarehouseTransferSlipView, type TWarehouseTransferEdit, type TWarehouseTransferInput } from '@tonnage/contracts';
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

/** The printed transfer slip (`GET /api/warehouseTransfer/:id/view`). */
export function useTransferSlip(id: number | null) {
  return useQuery({ queryKey: ['warehouseTransfer', 'view', id ?? 0], queryFn: () => apiOrThrow(`/api/warehouseTransfer/${id ?? 0}/view`, { schema: ZWarehouseTransferSlipView }), enabled: id !== null });
}

/** The transfer slip's PDF, English and Arabic side by side. */
export const transferSlipPdfUrl = (id: number) => `/api/warehouseTransfer/${id}/pdf`;
