import { useQuery } from '@tanstack/react-query';
import {
  ZLoadingSlip,
  ZPortLoanOptions,
  ZVoyageShipments,
  type TLoadingSlipInput,
  type TPortLoadingReverseBody,
} from '@tonnage/contracts';
import { api, rawRequest, type RawResult } from '../../app/api';
import { i18n } from '../../app/i18n';

export const portLoadingKeys = {
  all: ['portLoading'] as const,
  one: (id: number) => ['portLoading', 'one', id] as const,
  shipments: (voyageId: number) => ['portLoading', 'shipments', voyageId] as const,
  slip: (id: number) => ['portLoading', 'slip', id] as const,
  loans: (shipmentId: number, exceptId: number | null) => ['portLoading', 'loans', shipmentId, exceptId ?? 0] as const,
};

/** `GET /api/portLoading/loans`: the open loans of a BL's cargo on board, with what each leaves to plan (the port loading being edited left out). */
export function usePortLoans(shipmentId: number | undefined, exceptPortLoadingId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: portLoadingKeys.loans(shipmentId ?? 0, exceptPortLoadingId),
    queryFn: () => api('/api/portLoading/loans', { query: { shipmentId: shipmentId ?? 0, ...(exceptPortLoadingId === null ? {} : { exceptPortLoadingId }) }, schema: ZPortLoanOptions }),
    enabled: enabled && shipmentId !== undefined,
  });
}

/** The language rule messages (truck and driver rules) come back in. */
const lang = () => (i18n.language === 'ar' ? 'ar' : 'en');

/** `GET /api/portLoading/voyages/:voyageId/shipments`: the LC/POs of a voyage with their on-board balance. */
export function useVoyageShipments(voyageId: number | undefined) {
  return useQuery({
    queryKey: portLoadingKeys.shipments(voyageId ?? 0),
    queryFn: () => api(`/api/portLoading/voyages/${voyageId ?? 0}/shipments`, { schema: ZVoyageShipments }),
    enabled: voyageId !== undefined,
  });
}

/** Reverses a port loading; `slips` is the number of slips in transit the user was told are reversed with it. */
export function reversePortLoading(id: number, reason: string, slips: number): Promise<RawResult> {
  const body: TPortLoadingReverseBody = { reason, slips };
  return rawRequest(`/api/portLoading/${id}/reverse`, { method: 'DELETE', body });
}

export function addLoadingSlip(portLoadingId: number, body: TLoadingSlipInput): Promise<RawResult> {
  return rawRequest(`/api/portLoading/${portLoadingId}/loadingSlips`, { method: 'POST', body, query: { lang: lang() } });
}

export function reverseLoadingSlip(id: number, reason: string): Promise<RawResult> {
  return rawRequest(`/api/loadingSlips/${id}/reverse`, { method: 'DELETE', body: { reason } });
}

export function useLoadingSlip(id: number | null) {
  return useQuery({ queryKey: portLoadingKeys.slip(id ?? 0), queryFn: () => api(`/api/loadingSlips/${id ?? 0}`, { schema: ZLoadingSlip }), enabled: id !== null });
}

/** The printable PDF of a slip (a plain link: the session cookie authorizes GETs). */
export function slipPdfUrl(id: number, language: string): string {
  return `/api/loadingSlips/${id}/pdf?lang=${language === 'ar' ? 'ar' : 'en'}`;
}
