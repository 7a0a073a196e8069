import type { User } from '@learnbuild/domain/schemas/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, onUnauthorized } from './api-client';
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
  /** True after an explicit logout: guarded pages then go to plain /login (SPEC 2: Logout goes to /login). */
  loggedOut: boolean;
  /** Call after any reply that stored a token. */
  signedIn: (user: User) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** SPEC 4: the stored token is checked at startup; a failed check removes it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => tokenStorage.get() !== null);
  const [loggedOut, setLoggedOut] = useState(false);
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
      setLoggedOut(false);
      queryClient.setQueryData(meQueryKey, user);
    },
    [queryClient],
  );

  /** SPEC 8: a logout error still clears local state. */
  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout', {});
    } catch {
      // the local session ends regardless
    }
    tokenStorage.clear();
    setLoggedOut(true);
    setHasToken(false);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      user: hasToken ? (me.data ?? null) : null,
      checking: hasToken && me.isPending,
      loggedOut,
      signedIn,
      logout,
    }),
    [hasToken, me.data, me.isPending, loggedOut, signedIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
