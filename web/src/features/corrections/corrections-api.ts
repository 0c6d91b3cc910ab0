import { useQuery } from '@tanstack/react-query';
import { ZCorrections, type TWarehouseInCorrection, type TWarehouseOutCorrection } from '@tonnage/contracts';
import { apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Which record a correction screen corrects: its API path and its declaration's query key (so lists refresh). */
export type CorrectedKind = 'warehouseIn' | 'warehouseOut';

/** Under the flow's key: an invalidation of the flow refreshes its history too. */
export const correctionKeys = { history: (kind: CorrectedKind, id: number) => [kind, 'corrections', id] as const };

/** `GET /api/<kind>/:id/corrections`: who corrected what, when and why, newest first. */
export function useCorrectionHistory(kind: CorrectedKind, id: number) {
  return useQuery({ queryKey: correctionKeys.history(kind, id), queryFn: async () => (await apiOrThrow(`/api/${kind}/${id}/corrections`, { schema: ZCorrections })).rows });
}

export function correctWarehouseIn(id: number, body: TWarehouseInCorrection): Promise<RawResult> {
  return rawRequest(`/api/warehouseIn/${id}/correction`, { method: 'PUT', body });
}

export function correctWarehouseOut(id: number, body: TWarehouseOutCorrection): Promise<RawResult> {
  return rawRequest(`/api/warehouseOut/${id}/correction`, { method: 'PUT', body });
}
