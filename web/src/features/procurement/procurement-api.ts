import { useQuery } from '@tanstack/react-query';
import { consignmentTransaction, ZConsignment, ZSaleOrder } from '@tonnage/contracts';
import { api } from '../../app/api';
import { transactionKeys } from '../../components/transactions/hooks';

export const procurementKeys = {
  saleOrders: ['saleOrders'] as const,
  saleOrder: (id: number) => ['saleOrders', 'one', id] as const,
};

export function useSaleOrder(id: number | null) {
  return useQuery({
    queryKey: procurementKeys.saleOrder(id ?? 0),
    queryFn: () => api(`/api/saleOrder/${id ?? 0}`, { schema: ZSaleOrder }),
    enabled: id !== null,
  });
}

/** One consignment (its documents page), cached under the declaration's key so a save or reversal refreshes it. */
export function useConsignment(id: number | null) {
  return useQuery({
    queryKey: transactionKeys(consignmentTransaction).one(id ?? 0),
    queryFn: () => api(`/api/consignments/${id ?? 0}`, { schema: ZConsignment }),
    enabled: id !== null,
  });
}
