import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZShipmentList,
  ZShipmentTotal,
  ZShippingLcPoOptions,
  berthResource,
  resourceSchemas,
  type TResourceRow,
} from '@tonnage/contracts';
import { api, apiOrThrow, apiSend, type Query, type Schema } from '../../app/api';
import { resourceKeys } from '../../components/resources/resource-api';

const berthList = resourceSchemas(berthResource).list as Schema<{ rows: TResourceRow[]; count: number }>;

export const shippingKeys = {
  all: ['shipments'] as const,
  list: (query: Query) => ['shipments', 'list', query] as const,
  total: (query: Query) => ['shipments', 'total', query] as const,
  one: (id: number) => ['shipments', 'one', id] as const,
};

/** `GET /api/shipments`: a page of shipments, filtered on the server. */
export function useShipmentList(query: Query) {
  return useQuery({
    queryKey: shippingKeys.list(query),
    queryFn: ({ signal }) => apiOrThrow('/api/shipments', { schema: ZShipmentList, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/shipments/total-quantity`: total BL MT and count of the filtered shipments. */
export function useShipmentTotal(query: Query) {
  return useQuery({
    queryKey: shippingKeys.total(query),
    queryFn: ({ signal }) => apiOrThrow('/api/shipments/total-quantity', { schema: ZShipmentTotal, signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/shipments/{id}/shipment-reverse` with the reason; null when refused (already reported). */
export function reverseShipment(id: number, reason: string) {
  return apiSend(`/api/shipments/${id}/shipment-reverse`, { method: 'DELETE', body: { reason } });
}

/** `GET /api/consignments/lcPos?search=`: consignments by LC/PO number, after more than 2 characters. */
export function useLcPoSearch(search: string | undefined) {
  return useQuery({
    queryKey: ['consignments', 'lcPos', search ?? ''],
    queryFn: () => api('/api/consignments/lcPos', { schema: ZShippingLcPoOptions, query: { search } }),
    enabled: search !== undefined,
    staleTime: 30_000,
  });
}

/** The active berths of a port (none before a port is chosen). */
export function usePortBerths(portId: number | undefined) {
  const list = useQuery({
    queryKey: [...resourceKeys.of(berthResource.key), 'port', portId ?? 0],
    queryFn: () => api('/api/berth', { schema: berthList, query: { portId, status: 'active', limit: 100, sortBy: 'name' } }),
    enabled: portId !== undefined,
  });
  const rows = portId === undefined ? [] : (list.data?.rows ?? []);
  return { berths: rows.map((row) => ({ id: row.id, name: String(row.name) })), loading: list.isFetching };
}
