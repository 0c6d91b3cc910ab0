import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ZLocationDetail,
  ZOpenFirstWeights,
  ZWeighTicketView,
  ZWeighbridgeLive,
  type TOutboundFirstWeightEdit,
  type TOutboundFirstWeightInput,
  type TOutboundSecondWeightEdit,
  type TOutboundSecondWeightInput,
} from '@tonnage/contracts';
import { api, apiOrThrow, rawRequest, type RawResult } from '../../app/api';

/** Query keys: one invalidation of `outboundFirstWeight` / `outboundSecondWeight` refreshes the kit's lists too. */
export const weighingKeys = {
  live: (machineId: number) => ['weighbridgeLive', machineId] as const,
  open: (warehouseId: number | undefined) => ['outboundFirstWeight', 'open', warehouseId ?? 'all'] as const,
  bridges: (warehouseId: number) => ['outboundWeighing', 'bridges', warehouseId] as const,
  ticket: (kind: WeighingKind, id: number) => [kind, 'ticket', id] as const,
};

export type WeighingKind = 'outboundFirstWeight' | 'outboundSecondWeight';

/** How often the live weight is asked (spec 2.14: the display refreshes every second). */
export const LIVE_POLL_MS = 1000;

/** `GET /api/weighbridge/:machineId/live` every second while a bridge is chosen (and the page is open). */
export function useLiveWeight(machineId: number | undefined) {
  return useQuery({
    queryKey: weighingKeys.live(machineId ?? 0),
    // Failures are not announced every second: the panel shows the bridge as offline instead.
    queryFn: () => apiOrThrow(`/api/weighbridge/${machineId ?? 0}/live`, { schema: ZWeighbridgeLive, report: false }),
    enabled: machineId !== undefined,
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/**
 * Asks the bridge's live weight again at once: after a refused capture the button and its reason then show the
 * server's answer (the truck moving) without waiting for the next second's poll, so a second click does not meet the
 * same refusal.
 */
export function refreshLiveWeight(queryClient: QueryClient, machineId: number | undefined): void {
  if (machineId !== undefined) void queryClient.invalidateQueries({ queryKey: weighingKeys.live(machineId) });
}

/** The weighbridges of a warehouse (`GET /api/locations/:id`, scoped). */
export function useWarehouseBridges(warehouseId: number | undefined) {
  return useQuery({
    queryKey: weighingKeys.bridges(warehouseId ?? 0),
    queryFn: async () => (await api(`/api/locations/${warehouseId ?? 0}`, { schema: ZLocationDetail }))?.WeightMachine ?? [],
    enabled: warehouseId !== undefined,
  });
}

/** The open first weights the second weight form offers. */
export function useOpenFirstWeights(enabled: boolean) {
  return useQuery({
    queryKey: weighingKeys.open(undefined),
    queryFn: async () => (await apiOrThrow('/api/outboundFirstWeight/open', { schema: ZOpenFirstWeights })).rows,
    enabled,
  });
}

/** The printed ticket of a weighing. */
export function useWeighTicket(kind: WeighingKind, id: number | null) {
  return useQuery({
    queryKey: weighingKeys.ticket(kind, id ?? 0),
    queryFn: () => apiOrThrow(`/api/${kind}/${id ?? 0}/ticket`, { schema: ZWeighTicketView }),
    enabled: id !== null,
  });
}

export function createFirstWeight(body: TOutboundFirstWeightInput): Promise<RawResult> {
  return rawRequest('/api/outboundFirstWeight', { method: 'POST', body });
}
export function updateFirstWeight(id: number, body: TOutboundFirstWeightEdit): Promise<RawResult> {
  return rawRequest(`/api/outboundFirstWeight/${id}`, { method: 'PUT', body });
}
export function createSecondWeight(body: TOutboundSecondWeightInput): Promise<RawResult> {
  return rawRequest('/api/outboundSecondWeight', { method: 'POST', body });
}
export function updateSecondWeight(id: number, body: TOutboundSecondWeightEdit): Promise<RawResult> {
  return rawRequest(`/api/outboundSecondWeight/${id}`, { method: 'PUT', body });
}
