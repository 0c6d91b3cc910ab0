import { useQuery } from '@tanstack/react-query';
import { ZDocument, ZDocumentList, ZMessageResponse } from '@tonnage/contracts';
import { api } from '../../../app/api';

/** Query key of a record's documents (`base` is the record's API path, e.g. `/api/saleOrder/12`). */
export const documentKeys = (base: string) => ['documents', base] as const;

/** `GET {base}/documents`: the record's live documents. */
export function useDocuments(base: string) {
  return useQuery({ queryKey: documentKeys(base), queryFn: () => api(`${base}/documents`, { schema: ZDocumentList }) });
}

/** `POST {base}/documents`: attaches a file uploaded to the documents folder; null when refused (reported). */
export function attachDocument(base: string, body: { path: string; title?: string }) {
  return api(`${base}/documents`, { method: 'POST', body, schema: ZDocument });
}

/** `DELETE {base}/documents/{docId}` with the reason; null when refused (reported). */
export function deleteDocument(base: string, documentId: number, reason: string) {
  return api(`${base}/documents/${documentId}`, { method: 'DELETE', body: { reason }, schema: ZMessageResponse });
}

/** A file size for people: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
