import { DASHBOARD_REFRESH_MS } from '@learnbuild/domain/constants';

/**
 * SPEC 9: every dashboard query refreshes every 30 s and on window focus. The data on screen stays
 * while a refresh runs and after one fails (SPEC 8: failures are only logged), so nothing flashes.
 */
export const DASHBOARD_REFRESH = {
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: 'always',
  staleTime: 0,
} as const;

/** Logs a failed dashboard call and fails the query, which keeps its last data (SPEC 8). */
export async function loggedCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.warn(`Dashboard: could not load ${what}`, error);
    throw error;
  }
}
