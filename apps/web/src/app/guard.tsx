import { guardRoute, type RouteAccess } from '@learnbuild/domain/routes';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { PageFallback } from './page-fallback';

/**
 * SPEC 2 route guards, applied from the route table. While a signed-in visitor's account is not known yet (a page
 * the server drew for their hint cookie, until /api/auth/me answers), a page for every signed-in person is shown,
 * its data waiting for the account (lib/query-client.ts), and a page for some roles shows it is loading: nobody
 * is sent to /login before the answer says so.
 */
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user, accountPending } = useSession();
  const location = useLocation();
  if (accountPending && !user) return access.kind === 'roles' ? <PageFallback /> : <>{children}</>;
  const result = guardRoute(access, user?.role ?? null, `${location.pathname}${location.search}${location.hash}`);
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  return <>{children}</>;
}
