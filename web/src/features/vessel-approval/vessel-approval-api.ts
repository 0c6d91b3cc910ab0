import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  SocketEvents,
  ZApprovalInbox,
  ZOutturnShipmentList,
  ZQuantityApproval,
  ZQuantityApprovalList,
  ZVoyageApproval,
  ZVoyageApprovalList,
  type TApprovalDecisionInput,
} from '@tonnage/contracts';
import { api, apiOrThrow, apiSend } from '../../app/api';
import { useSocket } from '../../app/socket';
import type { OutturnListParams } from './outturn';

const BASE = '/api/vesselQuantityApproval';

export const vesselApprovalKeys = {
  all: ['vesselQuantityApproval'] as const,
  voyageList: (query: OutturnListParams) => ['vesselQuantityApproval', 'vessel', 'list', query] as const,
  blList: (query: OutturnListParams) => ['vesselQuantityApproval', 'bl', 'list', query] as const,
  shipments: (voyageId: number) => ['vesselQuantityApproval', 'shipments', voyageId] as const,
  voyages: (search: string) => ['vesselQuantityApproval', 'voyages', search] as const,
  inbox: ['vesselQuantityApproval', 'inbox'] as const,
};

/** `GET /api/vesselQuantityApproval/vessel`: voyage out-turns, filtered and paged on the server. */
export function useVoyageApprovalList(query: OutturnListParams) {
  return useQuery({
    queryKey: vesselApprovalKeys.voyageList(query),
    queryFn: ({ signal }) => apiOrThrow(`${BASE}/vessel`, { schema: ZVoyageApprovalList, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function decideVoyageApproval(id: number, input: TApprovalDecisionInput) {
  return api(`${BASE}/vessel/${id}/decision`, { method: 'POST', body: input, schema: ZVoyageApproval });
}

/** `DELETE .../vessel/{id}/reverse` with the reason; null when refused (already reported). */
export function reverseVoyageApproval(id: number, reason: string) {
  return apiSend(`${BASE}/vessel/${id}/reverse`, { method: 'DELETE', body: { reason } });
}

/** `GET /api/vesselQuantityApproval/quantityApproval`: BL out-turns, filtered and paged on the server. */
export function useQuantityApprovalList(query: OutturnListParams) {
  return useQuery({
    queryKey: vesselApprovalKeys.blList(query),
    queryFn: ({ signal }) => apiOrThrow(`${BASE}/quantityApproval`, { schema: ZQuantityApprovalList, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function decideQuantityApproval(id: number, input: TApprovalDecisionInput) {
  return api(`${BASE}/quantityApproval/${id}/decision`, { method: 'POST', body: input, schema: ZQuantityApproval });
}

/** `DELETE .../quantityApproval/{id}/reverse` with the reason; null when refused (already reported). */
export function reverseQuantityApproval(id: number, reason: string) {
  return apiSend(`${BASE}/quantityApproval/${id}/reverse`, { method: 'DELETE', body: { reason } });
}

/** The active BLs of a voyage with their BL quantity and whether an out-turn is recorded (the BL add form). */
export function useVoyageShipments(voyageId: number | null) {
  return useQuery({
    queryKey: vesselApprovalKeys.shipments(voyageId ?? 0),
    queryFn: () => api(`${BASE}/voyages/${voyageId ?? 0}/shipments`, { schema: ZOutturnShipmentList }),
    enabled: voyageId !== null,
  });
}

/** The approvals inbox shows this many; the badge counts them all. */
export const INBOX_PAGE_SIZE = 20;

/**
 * `GET /api/approvals/inbox`: the out-turns awaiting the signed-in user. Its key sits under
 * `vesselApprovalKeys.all`, so every save or decision (which invalidates that) refetches it; agency events from
 * the socket (another user recorded or decided an out-turn) refetch it too.
 */
export function useApprovalsInbox(enabled: boolean) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !enabled) return undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: vesselApprovalKeys.inbox });
    socket.on(SocketEvents.events, refetch);
    return () => {
      socket.off(SocketEvents.events, refetch);
    };
  }, [socket, enabled, queryClient]);
  return useQuery({
    queryKey: vesselApprovalKeys.inbox,
    queryFn: () => api('/api/approvals/inbox', { schema: ZApprovalInbox, query: { page: 1, limit: INBOX_PAGE_SIZE } }),
    enabled,
  });
}
