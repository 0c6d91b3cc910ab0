import { useQuery } from '@tanstack/react-query';
import { ZStockPositions, type TGroupDispatchInput, type TGroupTruckInput, type TWarehouseOutGroupEdit, type TWarehouseOutGroupInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** The on-hand positions of a warehouse with their usable quantity (the group form's picker, with the Warehouse Out's flag). */
export function useGroupPositions(warehouseId: number | undefined) {
  return useQuery({
    queryKey: ['warehouseOutGroup', 'positions', warehouseId ?? 0],
    queryFn: async () => (await apiOrThrow(`/api/warehouseOutGroup/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

export function createGroup(body: TWarehouseOutGroupInput): Promise<RawResult> {
  return rawRequest('/api/warehouseOutGroup', { method: 'POST', body });
}
export function updateGroup(id: number, body: TWarehouseOutGroupEdit): Promise<RawResult> {
  return rawRequest(`/api/warehouseOutGroup/${id}`, { method: 'PUT', body });
}
export function addGroupTruck(id: number, body: TGroupTruckInput): Promise<RawResult> {
  return rawRequest(`/api/warehouseOutGroup/${id}/trucks`, { method: 'POST', body });
}
export function dispatchGroupTruck(id: number, preOutId: number, body: TGroupDispatchInput): Promise<RawResult> {
  return rawRequest(`/api/warehouseOutGroup/${id}/trucks/${preOutId}/dispatch`, { method: 'POST', body });
}
