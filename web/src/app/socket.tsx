import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SocketEvents } from '@tonnage/contracts';
import { DashboardFlags, DashboardFlagsContext } from './dashboard-flags';

/** True for the user-context event of spec section 4 that asks for a reload. */
export function isUserContextUpdate(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'userContextUpdated' in payload && payload.userContextUpdated === true;
}

let ownChangeUntil = 0;

/**
 * The next user-context event within `ms` comes from a change this tab made itself (profile, password): the
 * context is refetched instead of reloading the page, so the success message and the navigation survive.
 */
export function expectOwnUserContextChange(ms = 10_000): void {
  ownChangeUntil = Date.now() + ms;
}

const SocketContext = createContext<Socket | null>(null);

/** The live socket of the signed-in session, for screens that listen to dashboard events. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

interface RealtimeProviderProps {
  token: string | null;
  agencyId: number | null;
  /** Refetches the user context (used for this tab's own changes). */
  onOwnUserContextChange: () => void;
  children: ReactNode;
}

/**
 * Spec sections 4 and 7: a socket to the same origin with query token ('Bearer <token>') and agencyId,
 * reconnected when the agency changes; a user-context update reloads the page; dashboard events flag the
 * dashboard's tabs (`DashboardFlags`).
 */
export function RealtimeProvider({ token, agencyId, onOwnUserContextChange, children }: RealtimeProviderProps) {
  const [socket, setSocket] = useState<Socket | null>(null);
  const [flags, setFlags] = useState<DashboardFlags | null>(null);
  const refresh = useRef(onOwnUserContextChange);
  useEffect(() => {
    refresh.current = onOwnUserContextChange;
  }, [onOwnUserContextChange]);
  useEffect(() => {
    if (!token) return undefined;
    const query: Record<string, string> = { token: `Bearer ${token}` };
    if (agencyId !== null) query.agencyId = String(agencyId);
    const connection = io({ query, withCredentials: true });
    connection.on(SocketEvents.userContext, (payload: unknown) => {
      if (!isUserContextUpdate(payload)) return;
      if (Date.now() < ownChangeUntil) refresh.current();
      else window.location.reload();
    });
    // The dashboard's updated flags belong to this socket (dashboard-flags.ts): a new socket starts with none.
    const dashboardFlags = new DashboardFlags();
    const stopFlags = dashboardFlags.listen(connection);
    setSocket(connection);
    setFlags(dashboardFlags);
    return () => {
      stopFlags();
      connection.disconnect();
      setSocket(null);
      setFlags(null);
    };
  }, [token, agencyId]);
  return (
    <SocketContext.Provider value={socket}>
      <DashboardFlagsContext.Provider value={flags}>{children}</DashboardFlagsContext.Provider>
    </SocketContext.Provider>
  );
}
