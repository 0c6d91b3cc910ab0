import { useQuery } from '@tanstack/react-query';
import {
  ZShippingLcPoOptions,
  berthResource,
  consignmentTransaction,
  resourceSchemas,
  type TResourceRow,
} from '@tonnage/contracts';
import { api, type Schema } from '../../app/api';
import { resourceKeys } from '../../components/resources/resource-api';
import { transactionKeys } from '../../components/transactions/hooks';

const berthList = resourceSchemas(berthResource).list as Schema<{ rows: TResourceRow[]; count: number }>;

/** `GET /api/consignments/lcPos?search=`: consignments by LC/PO number, after more than 2 characters (refreshed with the consignments). */
export function useLcPoSearch(search: string | undefined) {
  return useQuery({
    queryKey: [...transactionKeys(consignmentTransaction).all, 'lcPos', search ?? ''],
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
