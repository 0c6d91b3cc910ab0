import { useQuery } from '@tanstack/react-query';
import { ZSaleCustomers, ZStockPositions, consigneeToCustomerTransaction, type TConsigneeToCustomerInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under the flow's key: one invalidation of the flow refreshes its pickers too. */
const keys = {
  positions: (warehouseId: number, sellerId: number) => [consigneeToCustomerTransaction.key, 'positions', warehouseId, sellerId] as const,
  customers: [consigneeToCustomerTransaction.key, 'customers'] as const,
};

/** The sellers' on-hand positions of a warehouse (optionally of one seller) with their usable quantity. */
export function useSalePositions(warehouseId: number | undefined, sellerId: number | undefined) {
  return useQuery({
    queryKey: keys.positions(warehouseId ?? 0, sellerId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseConsigneeToCustomer/positions?warehouseId=${warehouseId ?? 0}${sellerId === undefined ? '' : `&sellerId=${sellerId}`}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

/** The agency's customers (the buyer picker). */
export function useSaleCustomers() {
  return useQuery({ queryKey: keys.customers, queryFn: async () => (await apiOrThrow('/api/warehouseConsigneeToCustomer/customers', { schema: ZSaleCustomers })).rows });
}

export function createSale(body: TConsigneeToCustomerInput): Promise<RawResult> {
  return rawRequest('/api/warehouseConsigneeToCustomer', { method: 'POST', body });
}
