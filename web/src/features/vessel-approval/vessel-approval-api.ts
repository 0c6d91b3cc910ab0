import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  SocketEvents,
  quantityApprovalTransaction,
  voyageApprovalTransaction,
  ZApprovalInbox,
  ZOutturnShipmentList,
  ZQuantityApproval,
  ZVoyageApproval,
  type TApprovalDecisionInput,
} from '@tonnage/contracts';
import { api, apiSend } from '../../app/api';
import { useSocket } from '../../app/socket';
import { transactionKeys } from '../../components/transactions/hooks';

const BASE = '/api/vesselQuantityApproval';

export const vesselApprovalKeys = {
  all: ['vesselQuantityApproval'] as const,
  shipments: (voyageId: number) => ['vesselQuantityApproval', 'shipments', voyageId] as const,
  voyages: (search: string) => ['vesselQuantityApproval', 'voyages', search] as const,
  inbox: ['vesselQuantityApproval', 'inbox'] as const,
};

/** What an out-turn's save, decision or reversal changes: both out-turn lists and records (a voyage's and its BLs'), the BLs of a voyage and the inbox. */
export const outturnQueryKeys = [vesselApprovalKeys.all, transactionKeys(voyageApprovalTransaction).all, transactionKeys(quantityApprovalTransaction).all] as const;

/** Refreshes everything an out-turn's decision or reversal changes. */
export async function invalidateOutturns(queryClient: QueryClient): Promise<void> {
  await Promise.all(outturnQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function decideVoyageApproval(id: number, input: TApprovalDecisionInput) {
  return api(`${BASE}/vessel/${id}/decision`, { method: 'POST', body: input, schema: ZVoyageApproval });
}

/** `DELETE .../vessel/{id}/reverse` with the reason; null when refused (already reported). */
export function reverseVoyageApproval(id: number, reason: string) {
  return apiSend(`${BASE}/vessel/${id}/reverse`, { method: 'DELETE', body: { reason } });
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
