import { createContext, useContext, useSyncExternalStore } from 'react';
import { SocketEvents, type StatsType } from '@tonnage/contracts';

/*
 * The dashboard's "updated" flags (spec 2.13 and 4, Realtime): the signed-in session's socket carries dashboard
 * events `{statsUpdated, type}`; an event of a recognised type sets that tab's flag, and the tab shows the reload
 * banner while it is active and flagged. Reloading the tab's data clears its flag. The flags live with the
 * session's socket (app/socket.tsx), so they survive leaving the dashboard and coming back; a new socket (another
 * agency, another session) starts with none.
 */

/** The dashboard tabs a live event can flag (the Map tab has none). */
export const LIVE_TABS: readonly StatsType[] = ['vessel', 'warehouse', 'consignee', 'customer', 'stats'];

/** The react-query key of a dashboard tab's data: every query of the tab starts with it, so one invalidation reloads them all. */
export function dashboardKey<Tab extends string>(tab: Tab): readonly ['dashboard', Tab] {
  return ['dashboard', tab] as const;
}

/** The tab a socket payload flags: a dashboard event with `statsUpdated` and a recognised type, else none. */
export function flaggedTabOf(payload: unknown): StatsType | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { statsUpdated, type } = payload as { statsUpdated?: unknown; type?: unknown };
  if (statsUpdated !== true || typeof type !== 'string') return undefined;
  return LIVE_TABS.find((tab) => tab === type);
}

/** What the flags listen to: the session's socket (a fake in tests). */
export interface EventSource {
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

/** The flags of one socket: an external store for `useSyncExternalStore`. */
export class DashboardFlags {
  private flagged: ReadonlySet<StatsType> = new Set();
  private readonly listeners = new Set<() => void>();

  /** Sets flags from the source's dashboard events until the returned function is called. */
  listen(source: EventSource): () => void {
    const onEvent = (payload: unknown) => {
      const tab = flaggedTabOf(payload);
      if (tab && !this.flagged.has(tab)) this.update(new Set([...this.flagged, tab]));
    };
    source.on(SocketEvents.events, onEvent);
    return () => {
      source.off(SocketEvents.events, onEvent);
    };
  }

  /** Clears a tab's flag (its data is being reloaded). */
  clear(tab: string): void {
    if (!this.flagged.has(tab as StatsType)) return;
    this.update(new Set([...this.flagged].filter((t) => t !== tab)));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly snapshot = (): ReadonlySet<StatsType> => this.flagged;

  private update(next: ReadonlySet<StatsType>): void {
    this.flagged = next;
    for (const listener of this.listeners) listener();
  }
}

export const DashboardFlagsContext = createContext<DashboardFlags | null>(null);

const NONE: ReadonlySet<StatsType> = new Set();
const noSubscription = () => () => {};

/** The session's flags (null before the socket exists) and the tabs flagged now (re-rendering when they change). */
export function useDashboardFlags(): { flags: DashboardFlags | null; flagged: ReadonlySet<StatsType> } {
  const flags = useContext(DashboardFlagsContext);
  const flagged = useSyncExternalStore(flags?.subscribe ?? noSubscription, flags?.snapshot ?? (() => NONE));
  return { flags, flagged };
}
