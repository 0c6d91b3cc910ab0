import type { RecordStatus } from '@tonnage/contracts';

/** The filters of the loading slip list. */
export interface LoadingSlipFilters {
  voyageId?: number;
  truckId?: number;
  driverId?: number;
  transporterId?: number;
  toLocationId?: number;
  status: RecordStatus | 'all';
  received?: 'inTransit' | 'delivered';
  fromDate?: string;
  toDate?: string;
  search: string;
  page: number;
  limit: number;
}

export const initialLoadingSlipFilters: LoadingSlipFilters = { status: 'Active', search: '', page: 1, limit: 20 };

/** The query string of GET /api/loadingSlips: a search only when longer than 2 characters (spec 9). */
export function loadingSlipListQuery(filters: LoadingSlipFilters): Record<string, string | number | undefined> {
  const search = filters.search.trim();
  return { ...filters, search: search.length > 2 ? search : undefined };
}
