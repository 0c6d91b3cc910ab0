import { useQuery } from '@tanstack/react-query';
import { ZConsigneeSlipView, ZStockPositions, type TConsigneeOutEdit, type TConsigneeOutInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys under `consigneeOut`: one invalidation of the flow refreshes its picker too. */
export const consigneeDispatchKeys = {
  positions: (locationId: number) => ['consigneeOut', 'positions', locationId] as const,
  slip: (id: number) => ['consigneeLoadingSlip', 'view', id] as const,
};

/** The on-hand positions of a consignee location with their usable quantity (the out form's picker). */
export function useConsigneePositions(locationId: number | undefined) {
  return useQuery({
    queryKey: consigneeDispatchKeys.positions(locationId ?? 0),
    queryFn: async () => (await apiOrThrow(`/api/consigneeOut/positions?locationId=${locationId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: locationId !== undefined,
  });
}

export function createConsigneeOut(body: TConsigneeOutInput): Promise<RawResult> {
  return rawRequest('/api/consigneeOut', { method: 'POST', body });
}
export function updateConsigneeOut(id: number, body: TConsigneeOutEdit): Promise<RawResult> {
  return rawRequest(`/api/consigneeOut/${id}`, { method: 'PUT', body });
}

/** The printed slip (`GET /api/consigneeLoadingSlips/:id/view`). */
export function useConsigneeSlip(id: number | null) {
  return useQuery({ queryKey: consigneeDispatchKeys.slip(id ?? 0), queryFn: () => apiOrThrow(`/api/consigneeLoadingSlips/${id ?? 0}/view`, { schema: ZConsigneeSlipView }), enabled: id !== null });
}

/** The slip's PDF, English and Arabic side by side. */
export const consigneeSlipPdfUrl = (id: number) => `/api/consigneeLoadingSlips/${id}/pdf`;
