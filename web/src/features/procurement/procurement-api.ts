import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZConsignment,
  ZConsignmentList,
  ZConsignmentTotal,
  ZMessageResponse,
  ZSaleOrder,
} from '@tonnage/contracts';
import { api, apiOrThrow } from '../../app/api';
import type { ConsignmentListParams } from './procurement-form';

export const procurementKeys = {
  saleOrders: ['saleOrders'] as const,
  saleOrder: (id: number) => ['saleOrders', 'one', id] as const,
  consignments: ['consignments'] as const,
  consignmentList: (query: ConsignmentListParams) => ['consignments', 'list', query] as const,
  consignmentTotal: (query: object) => ['consignments', 'total', query] as const,
  consignment: (id: number) => ['consignments', 'one', id] as const,
};

export function useSaleOrder(id: number | null) {
  return useQuery({
    queryKey: procurementKeys.saleOrder(id ?? 0),
    queryFn: () => api(`/api/saleOrder/${id ?? 0}`, { schema: ZSaleOrder }),
    enabled: id !== null,
  });
}

/** `GET /api/consignments`: filtered and paged on the server, within the user's scope. */
export function useConsignmentList(query: ConsignmentListParams) {
  return useQuery({
    queryKey: procurementKeys.consignmentList(query),
    queryFn: ({ signal }) => apiOrThrow('/api/consignments', { schema: ZConsignmentList, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/consignments/total-quantity` for the same filters. */
export function useConsignmentTotal(query: Omit<ConsignmentListParams, 'page' | 'limit'>) {
  return useQuery({
    queryKey: procurementKeys.consignmentTotal(query),
    queryFn: ({ signal }) => apiOrThrow('/api/consignments/total-quantity', { schema: ZConsignmentTotal, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useConsignment(id: number | null) {
  return useQuery({
    queryKey: procurementKeys.consignment(id ?? 0),
    queryFn: () => api(`/api/consignments/${id ?? 0}`, { schema: ZConsignment }),
    enabled: id !== null,
  });
}

export function reverseConsignment(id: number, reason: string) {
  return api(`/api/consignments/${id}/consignment-reverse`, { method: 'DELETE', body: { reason }, schema: ZMessageResponse });
}
