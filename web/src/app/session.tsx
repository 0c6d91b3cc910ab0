import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { StorageKeys, type TLoginResponse, type TUserContext } from '@tonnage/contracts';
import { api, rawRequest } from './api';
import { clearSessionStorage, getStoredAgencyId, getToken, setStoredAgencyId, setToken, storage } from './storage';

export type SessionStatus = 'signedOut' | 'loading' | 'signedIn';

export interface SessionValue {
  status: SessionStatus;
  token: string | null;
  userContext: TUserContext | null;
  /** The agency the app works in: the super admin's choice, everyone else's own agency. */
  selectedAgencyId: number | null;
  selectAgency: (agencyId: number | null) => void;
  /** Stores the token of a successful login and loads the user context; false when that fails. */
  completeLogin: (response: TLoginResponse) => Promise<boolean>;
  /** Spec section 4: server logout, clear storage, tell other tabs, back to `/` with a reload. */
  logout: () => Promise<void>;
  /** The session is gone (401): clear everything without a reload so the notice stays visible. */
  expireSession: () => void;
  refreshUserContext: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in part of the session; only for components rendered when signed in. */
export function useUserContext(): TUserContext {
  const { userContext } = useSession();
  if (!userContext) throw new Error('useUserContext while signed out');
  return userContext;
}

export const USER_CONTEXT_KEY = 'user-context';

/** The agency a non-super-admin always works in. */
export function ownAgencyId(context: TUserContext): number | null {
  return context.user.agencyId ?? context.agency?.id ?? null;
}

async function fetchUserContext(): Promise<TUserContext | null> {
  // The schemas (and zod) load with the signed-in app, not before the sign-in form shows.
  const { ZUserContext } = await import('./response-schemas');
  const context = await api('/api/user-context', { schema: ZUserContext });
  // Everyone but a super admin works in their own agency; store it before any agency call is made.
  if (context && !context.isSuperAdmin) setStoredAgencyId(ownAgencyId(context));
  return context;
}

function userContextQuery(token: string | null) {
  return { queryKey: [USER_CONTEXT_KEY, token], queryFn: fetchUserContext, staleTime: Infinity } as const;
}

function forgetSession(queryClient: QueryClient): void {
  clearSessionStorage();
  storage.write(StorageKeys.logout, String(Date.now()));
  queryClient.clear();
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setTokenState] = useState(getToken);
  const [storedAgencyId, setStoredAgencyState] = useState(getStoredAgencyId);

  const query = useQuery({ ...userContextQuery(token), enabled: token !== null });
  const userContext = token ? (query.data ?? null) : null;

  const expireSession = useCallback(() => {
    forgetSession(queryClient);
    setTokenState(null);
    setStoredAgencyState(null);
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);

  // Spec section 4: a stored token whose user context cannot be loaded means signed out.
  const contextFailed = token !== null && query.isFetched && query.data === null;
  useEffect(() => {
    if (contextFailed) expireSession();
  }, [contextFailed, expireSession]);

  // Other tabs: a logout signs this tab out, a login reloads it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === StorageKeys.logout && event.newValue) {
        queryClient.clear();
        window.location.assign('/');
      } else if (event.key === StorageKeys.loggedIn && event.newValue) {
        window.location.reload();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const selectAgency = useCallback((agencyId: number | null) => {
    setStoredAgencyId(agencyId);
    setStoredAgencyState(agencyId);
  }, []);

  const completeLogin = useCallback(
    async (response: TLoginResponse) => {
      setToken(response.token);
      if (!response.isSuperAdmin) setStoredAgencyId(response.user.agencyId ?? response.agency?.id ?? null);
      const context = await queryClient.fetchQuery(userContextQuery(response.token));
      if (!context) {
        clearSessionStorage();
        return false;
      }
      storage.write(StorageKeys.loggedIn, String(Date.now()));
      setStoredAgencyState(getStoredAgencyId());
      setTokenState(response.token);
      return true;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (getToken()) {
      const controller = new AbortController();
      const timer = window.setTimeout(() => controller.abort(), 3000);
      try {
        await rawRequest('/api/auth/logout', { signal: controller.signal });
      } catch {
        // The local sign-out goes ahead whatever the server says.
      } finally {
        window.clearTimeout(timer);
      }
    }
    forgetSession(queryClient);
    window.location.assign('/');
  }, [queryClient]);

  const refreshUserContext = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: [USER_CONTEXT_KEY] });
  }, [queryClient]);

  const status: SessionStatus = token === null ? 'signedOut' : userContext ? 'signedIn' : 'loading';
  const selectedAgencyId = userContext ? (userContext.isSuperAdmin ? storedAgencyId : ownAgencyId(userContext)) : null;

  const value = useMemo<SessionValue>(
    () => ({ status, token, userContext, selectedAgencyId, selectAgency, completeLogin, logout, expireSession, refreshUserContext }),
    [status, token, userContext, selectedAgencyId, selectAgency, completeLogin, logout, expireSession, refreshUserContext],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
