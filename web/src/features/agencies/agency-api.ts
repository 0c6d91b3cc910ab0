import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAgency, ZAgencyData, ZAgencyList, hasAnyPermission } from '@tonnage/contracts';
import { api } from '../../app/api';
import { useSession } from '../../app/session';

/** Query of the agency list (ZAgencyListQuery on the server). */
export interface AgencyListParams {
  page: number;
  limit: number;
  search?: string;
  status?: 'active' | 'inactive' | 'all';
}

export const agencyKeys = {
  all: ['agencies'] as const,
  list: (query: AgencyListParams) => ['agencies', 'list', query] as const,
  one: (id: number) => ['agencies', 'one', id] as const,
  data: (id: number) => ['agencies', 'data', id] as const,
};

/** The agency list (rows and count), paginated and searched on the server. */
export function useAgencyList(query: AgencyListParams) {
  return useQuery({
    queryKey: agencyKeys.list(query),
    queryFn: () => api('/api/agencies', { schema: ZAgencyList, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agencyKeys.one(id ?? 0),
    queryFn: () => api(`/api/agencies/${id ?? 0}`, { schema: ZAgency }),
    enabled: id !== null,
  });
}

/**
 * Spec section 4: selecting an agency requests its data (locations, cargo, companies, timezones). Not for a user
 * without any permission (spec 2.1): the server refuses them (403) and they see the no-permission notice.
 */
export function useAgencyData(id: number | null) {
  const { userContext } = useSession();
  return useQuery({
    queryKey: agencyKeys.data(id ?? 0),
    queryFn: () => api(`/api/agencies/${id ?? 0}/agencyData`, { schema: ZAgencyData }),
    enabled: id !== null && userContext !== null && hasAnyPermission(userContext),
    staleTime: 5 * 60 * 1000,
  });
}
