import { useQuery } from '@tanstack/react-query';
import { consigneeInTransaction, customerInTransaction, ZInTransitSlips, ZLocationDetail, ZOpenPreIns, type DeliveryInKind, type TDeliveryInEdit, type TDeliveryInInput, type TWarehouseInEdit, type TWarehouseInInput, type TWarehousePreInInput } from '@tonnage/contracts';
import { api, apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under the flows' keys: one invalidation of `warehousePreIn` / `warehouseIn` refreshes them with the lists. */
export const receivingKeys = {
  slips: (warehouseId: number) => ['warehousePreIn', 'slips', warehouseId] as const,
  openPreIns: () => ['warehousePreIn', 'open'] as const,
  silos: (warehouseId: number) => ['warehouseIn', 'silos', warehouseId] as const,
  deliverySlips: (kind: DeliveryInKind) => [kind, 'slips'] as const,
};

const DELIVERY_API = { consigneeIn: consigneeInTransaction.api, customerIn: customerInTransaction.api } as const;

/** The slips of both kinds in transit to consignee (or customer) locations in the user's scope (the receipt form's picker). */
export function useDeliveryInSlips(kind: DeliveryInKind) {
  return useQuery({
    queryKey: receivingKeys.deliverySlips(kind),
    queryFn: async () => (await apiOrThrow(`/api${DELIVERY_API[kind]}/slips`, { schema: ZInTransitSlips })).rows,
  });
}

export function createDeliveryIn(kind: DeliveryInKind, body: Partial<TDeliveryInInput>): Promise<RawResult> {
  return rawRequest(`/api${DELIVERY_API[kind]}`, { method: 'POST', body });
}
export function updateDeliveryIn(kind: DeliveryInKind, id: number, body: TDeliveryInEdit): Promise<RawResult> {
  return rawRequest(`/api${DELIVERY_API[kind]}/${id}`, { method: 'PUT', body });
}

/** The slips in transit to a warehouse that have no pre in yet (the pre in form's picker). */
export function useInTransitSlips(warehouseId: number | undefined) {
  return useQuery({
    queryKey: receivingKeys.slips(warehouseId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehousePreIn/slips?warehouseId=${warehouseId ?? 0}`, { schema: ZInTransitSlips })).rows,
    enabled: warehouseId !== undefined,
  });
}

/** The open pre ins (the warehouse in form's ticket picker). */
export function useOpenPreIns(enabled: boolean) {
  return useQuery({
    queryKey: receivingKeys.openPreIns(),
    queryFn: async () => (await apiOrThrow('/api/warehouseIn/preIns', { schema: ZOpenPreIns })).rows,
    enabled,
  });
}

/** The silos of a warehouse with their capacity (`GET /api/locations/:id`, scoped). */
export function useWarehouseSilos(warehouseId: number | undefined) {
  return useQuery({
    queryKey: receivingKeys.silos(warehouseId ?? 0),
    queryFn: async () => (await api(`/api/locations/${warehouseId ?? 0}`, { schema: ZLocationDetail }))?.Silo ?? [],
    enabled: warehouseId !== undefined,
  });
}

export function createPreIn(body: TWarehousePreInInput): Promise<RawResult> {
  return rawRequest('/api/warehousePreIn', { method: 'POST', body });
}
export function updatePreIn(id: number, body: { driverId?: number | undefined; remarks: string | null }): Promise<RawResult> {
  return rawRequest(`/api/warehousePreIn/${id}`, { method: 'PUT', body });
}
export function createIn(body: TWarehouseInInput): Promise<RawResult> {
  return rawRequest('/api/warehouseIn', { method: 'POST', body });
}
export function updateIn(id: number, body: TWarehouseInEdit): Promise<RawResult> {
  return rawRequest(`/api/warehouseIn/${id}`, { method: 'PUT', body });
}
