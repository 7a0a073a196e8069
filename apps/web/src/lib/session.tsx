import type { User } from '@learnbuild/domain/schemas/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, onUnauthorized } from './api-client';
import { useHydrated } from './hydration';
import { openAccountGate } from './query-client';
import { tokenStorage } from './storage';

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions(hasToken: boolean) {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async () => (await api.get<{ success: true; user: User }>('/api/auth/me')).data.user,
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });
}

interface SessionValue {
  user: User | null;
  /** True while a stored token is being checked at startup (the splash shows). */
  checking: boolean;
  /**
   * A signed-in visitor whose account is not known yet: on a page the server drew for a signed-in visitor
   * (its hint cookie) until the app takes over, then while the stored token is checked. The navbar is
   * drawn signed in, with stand-ins where the account's name and menus go.
   */
  accountPending: boolean;
  /** Call after any reply that stored a token. */
  signedIn: (user: User) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * SPEC 4: the stored token is checked at startup; a failed check removes it. `drawnSignedIn`: the page is
 * drawn (on the server), or hydrates, as the server drew it for a visitor holding a token.
 */
export function SessionProvider({ children, drawnSignedIn = false }: { children: ReactNode; drawnSignedIn?: boolean }) {
  const queryClient = useQueryClient();
  // A server-rendered page hydrates signed out, as the server drew it; the stored token counts right after.
  const hydrated = useHydrated();
  const fromServer = useRef(!hydrated).current;
  const [storedToken, setHasToken] = useState(() => tokenStorage.get() !== null);
  const hasToken = hydrated && storedToken;
  const me = useQuery(meQueryOptions(hasToken));

  useEffect(() => {
    if (me.isError) {
      tokenStorage.clear();
      setHasToken(false);
    }
  }, [me.isError]);

  useEffect(
    () =>
      onUnauthorized(() => {
        setHasToken(false);
        queryClient.setQueryData(meQueryKey, null);
      }),
    [queryClient],
  );

  const signedIn = useCallback(
    (user: User) => {
      setHasToken(true);
      queryClient.setQueryData(meQueryKey, user);
    },
    [queryClient],
  );

  /** SPEC 8: a logout error still clears local state. */
  const logout = useCallback(async () => {
    // The local session ends at once, whatever the server says or however long it takes to say it;
    // the server is then told with the token this device held.
    const token = tokenStorage.get();
    tokenStorage.clear();
    setHasToken(false);
    queryClient.clear();
    if (!token) return;
    try {
      await api.post('/api/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
    } catch {
      // the local session has ended regardless
    }
  }, [queryClient]);

  const accountPending = hydrated ? hasToken && me.isPending : drawnSignedIn;
  // A learner's page drawn on the server waited for the account to ask for its data (query-client.ts).
  useEffect(() => {
    if (!accountPending) openAccountGate(queryClient);
  }, [accountPending, queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      user: hasToken ? (me.data ?? null) : null,
      // The page the server drew stays on screen while the token is checked (no splash over it).
      checking: hasToken && me.isPending && !fromServer,
      accountPending,
      signedIn,
      logout,
    }),
    [hasToken, accountPending, me.data, me.isPending, fromServer, signedIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/**
 * Navigation state of a page opened on the way out: /login shows its form then instead of sending
 * the (still signed-in, for a moment) user on to the dashboard.
 */
export const SIGNING_OUT = { signingOut: true } as const;

export function isSigningOut(state: unknown): boolean {
  return (state as { signingOut?: unknown } | null)?.signingOut === true;
}

/**
 * Logs out and lands on `to` (SPEC 2: Logout goes to plain /login). The page is left first, and
 * committed at once (flushSync, so a lazy screen still loading cannot keep the old page on screen):
 * the guard of the page being left must never see the signed-out state and add a redirectTo.
 * Later protected links still remember their target.
 */
export function useLogout() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (to = '/login', options: { replace?: boolean } = {}) => {
      await navigate(to, { ...options, flushSync: true, state: SIGNING_OUT });
      await logout();
    },
    [logout, navigate],
  );
}
