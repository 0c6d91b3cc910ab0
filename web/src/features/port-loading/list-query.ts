import type { RecordStatus, TransportationType } from '@tonnage/contracts';

/** The filters of the port loading list, as the screen keeps them. */
export interface PortLoadingFilters {
  voyageId?: number;
  transportationType?: TransportationType;
  toLocationId?: number;
  transporterId?: number;
  status: RecordStatus | 'all';
  fromDate?: string;
  toDate?: string;
  page: number;
  limit: number;
}

export const initialPortLoadingFilters: PortLoadingFilters = { status: 'Active', page: 1, limit: 20 };

/** The query string of GET /api/portLoading (empty values are dropped by the client). */
export function portLoadingListQuery(filters: PortLoadingFilters): Record<string, string | number | undefined> {
  return { ...filters };
}

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
