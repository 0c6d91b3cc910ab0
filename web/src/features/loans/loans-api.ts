import { useQuery } from '@tanstack/react-query';
import {
  ZLoanMovements,
  ZOnBoardLenders,
  ZOpenLoans,
  ZStockPositions,
  consigneeLocationToSmTransaction,
  consigneeToSmTransaction,
  type TConsigneeLocationToSmInput,
  type TConsigneeToSmInput,
  type TOnBoardLoanInput,
  type TSmToConsigneeInput,
} from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type Query, type RawResult } from '../../app/api';

/** Query keys under the loan flows' keys: one invalidation of a flow refreshes its pickers and the movements too. */
export const loanKeys = {
  positions: (warehouseId: number) => [consigneeToSmTransaction.key, 'positions', warehouseId] as const,
  sitePositions: (locationId: number) => [consigneeLocationToSmTransaction.key, 'positions', locationId] as const,
  openLoans: () => [consigneeToSmTransaction.key, 'open'] as const,
  onBoard: (voyageId: number) => [consigneeToSmTransaction.key, 'on-board', voyageId] as const,
  returnSources: (loanId: number) => [consigneeToSmTransaction.key, 'return-sources', loanId] as const,
  movements: (query: Query) => [consigneeToSmTransaction.key, 'movements', query] as const,
};

/** The on-hand positions of a warehouse with their usable quantity (the Consignee to SM form's picker). */
export function useLoanPositions(warehouseId: number | undefined) {
  return useQuery({
    queryKey: loanKeys.positions(warehouseId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseConsigneeToSm/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
}

/** The on-hand positions of a consignee location (the consignee Consignee to SM form's picker). */
export function useSiteLoanPositions(locationId: number | undefined) {
  return useQuery({
    queryKey: loanKeys.sitePositions(locationId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/consigneeToSm/positions?locationId=${locationId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: locationId !== undefined,
  });
}

/** The BLs of a voyage a consignee may lend on board, with what each can still give (the Consignee to SM form's on-board picker). */
export function useOnBoardLenders(voyageId: number | undefined) {
  return useQuery({
    queryKey: loanKeys.onBoard(voyageId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseConsigneeToSm/on-board?voyageId=${voyageId ?? 0}`, { schema: ZOnBoardLenders })).rows,
    enabled: voyageId !== undefined,
  });
}

/** The live loans with something outstanding, at any place (the SM to Consignee form's picker). */
export function useOpenLoans() {
  return useQuery({
    queryKey: loanKeys.openLoans(),
    queryFn: async () => (await apiOrThrow('/api/warehouseSmToConsignee/open-loans', { schema: ZOpenLoans })).rows,
  });
}

/** The borrower's other cargo of the loan's cargo type a loan can be returned from (the SM to Consignee form's picker). */
export function useLoanReturnSources(loanId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: loanKeys.returnSources(loanId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/warehouseSmToConsignee/return-sources?loanId=${loanId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: enabled && loanId !== undefined,
  });
}

/** The loans and loan returns of one balance line. */
export function useLoanMovements(query: Query) {
  return useQuery({ queryKey: loanKeys.movements(query), queryFn: async () => (await apiOrThrow('/api/loan-balance/movements', { query, schema: ZLoanMovements })).rows });
}

export function createLoan(body: TConsigneeToSmInput): Promise<RawResult> {
  return rawRequest('/api/warehouseConsigneeToSm', { method: 'POST', body });
}
export function createOnBoardLoan(body: TOnBoardLoanInput): Promise<RawResult> {
  return rawRequest('/api/warehouseConsigneeToSm/on-board', { method: 'POST', body });
}
export function createSiteLoan(body: TConsigneeLocationToSmInput): Promise<RawResult> {
  return rawRequest('/api/consigneeToSm', { method: 'POST', body });
}
export function createLoanReturn(body: TSmToConsigneeInput): Promise<RawResult> {
  return rawRequest('/api/warehouseSmToConsignee', { method: 'POST', body });
}
