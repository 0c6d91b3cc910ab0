import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZConsignment,
  ZConsignmentList,
  ZConsignmentTotal,
  ZMessageResponse,
  ZSaleOrder,
  type TConsignmentInput,
  type TSaleOrderInput,
} from '@tonnage/contracts';
import { api, apiOrThrow, rawRequest, type RawResult } from '../../app/api';
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

/** `POST /api/saleOrder` or `PUT /api/saleOrder/{id}`; the raw result, so field errors can be shown on their fields. */
export function saveSaleOrder(id: number | null, input: TSaleOrderInput): Promise<RawResult> {
  return id === null ? rawRequest('/api/saleOrder', { method: 'POST', body: input }) : rawRequest(`/api/saleOrder/${id}`, { method: 'PUT', body: input });
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

export function saveConsignment(id: number | null, input: TConsignmentInput): Promise<RawResult> {
  return id === null ? rawRequest('/api/consignments', { method: 'POST', body: input }) : rawRequest(`/api/consignments/${id}`, { method: 'PUT', body: input });
}

export function reverseConsignment(id: number, reason: string) {
  return api(`/api/consignments/${id}/consignment-reverse`, { method: 'DELETE', body: { reason }, schema: ZMessageResponse });
}
