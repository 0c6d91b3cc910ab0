import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACTIVE_EXPORT_JOB_STATUSES, SocketEvents, hasAnyPermission, ZExportJob, ZExportJobList, ZExportJobRemoved, ZExportStart, type TExportJob, type TExportJobList, type TExportStart } from '@tonnage/contracts';
import { api, apiOrThrow, type Query } from '../../app/api';
import { useSession, useUserContext } from '../../app/session';
import { useSocket } from '../../app/socket';
import { downloadFile } from '../../components/resources/resource-api';

/*
 * The user's background exports (issue 16), as the top bar's indicator shows them: the list from the server (so a
 * reload or another page loses nothing), kept fresh by the `exportJob` socket event and, while a job is under way, by
 * a poll; starting an export; the download, cancel and remove of a job.
 */

export const exportJobKeys = {
  all: ['exportJobs'] as const,
  list: (agencyId: number | null) => ['exportJobs', agencyId] as const,
};

/** While a job is under way the list is asked again this often (the socket's events come in between). */
const POLL_MS = 2_000;

export const isActiveJob = (job: TExportJob) => ACTIVE_EXPORT_JOB_STATUSES.includes(job.status);

/** Puts a job into the cached list of its agency (newest first), or replaces it there. */
export function putJob(queryClient: QueryClient, agencyId: number | null, job: TExportJob): boolean {
  let known = false;
  queryClient.setQueryData<TExportJobList>(exportJobKeys.list(agencyId), (list) => {
    if (!list) return list;
    known = list.rows.some((row) => row.id === job.id);
    const rows = known ? list.rows.map((row) => (row.id === job.id ? job : row)) : [job, ...list.rows];
    return { rows: rows.sort((a, b) => b.id - a.id) };
  });
  return known;
}

/**
 * `GET /api/export-jobs` of the selected agency, refreshed by the socket and, while a job runs, every 2 s. Not asked
 * for a user whose role grants nothing (the server refuses them everything of the agency, spec 2.1).
 */
export function useExportJobs() {
  const { selectedAgencyId } = useSession();
  const context = useUserContext();
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return undefined;
    const onJob = (payload: unknown) => {
      const parsed = ZExportJob.safeParse(payload);
      // A job of this agency's list is updated in place; any other (a new one, or another agency's) asks the list again.
      if (!parsed.success || !putJob(queryClient, selectedAgencyId, parsed.data)) void queryClient.invalidateQueries({ queryKey: exportJobKeys.list(selectedAgencyId) });
    };
    socket.on(SocketEvents.exportJob, onJob);
    return () => {
      socket.off(SocketEvents.exportJob, onJob);
    };
  }, [socket, queryClient, selectedAgencyId]);
  return useQuery({
    queryKey: exportJobKeys.list(selectedAgencyId),
    queryFn: () => apiOrThrow('/api/export-jobs', { schema: ZExportJobList, report: false }),
    enabled: selectedAgencyId !== null && hasAnyPermission(context),
    refetchInterval: (query) => (query.state.data?.rows.some(isActiveJob) ? POLL_MS : false),
  });
}

/** `POST <list>/export` with the list's query (no paging): download now, or the job that was queued; null when refused (reported). */
export function startExport(listPath: string, query: Query, lang: 'en' | 'ar', background: boolean): Promise<TExportStart | null> {
  const filters = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'page' && name !== 'limit'));
  return api(`${listPath}/export`, { method: 'POST', query: { ...filters, lang }, body: { background }, schema: ZExportStart });
}

/** Downloads a finished job's file (with the session's headers). */
export function downloadJob(job: TExportJob): Promise<boolean> {
  return downloadFile(`/api/export-jobs/${job.id}/download`, job.fileName);
}

/** Cancels a job under way or removes a finished one; the job as it now is (null once removed), undefined on failure (reported). */
export async function removeJob(job: TExportJob): Promise<TExportJob | null | undefined> {
  const answer = await api(`/api/export-jobs/${job.id}`, { method: 'DELETE', schema: ZExportJobRemoved });
  return answer === null ? undefined : answer.job;
}

// The indicator's panel opens when an export becomes a job, wherever it was started.
let panelOpen = false;
const panelListeners = new Set<() => void>();

/** Opens (or closes) the top bar's export jobs panel. */
export function setExportJobsOpen(open: boolean): void {
  panelOpen = open;
  panelListeners.forEach((listener) => listener());
}

/** Whether the export jobs panel is open. */
export function useExportJobsOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      panelListeners.add(listener);
      return () => panelListeners.delete(listener);
    },
    () => panelOpen,
  );
}
