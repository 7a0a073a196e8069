import { guardRoute, type RouteAccess } from '@learnbuild/domain/routes';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/lib/session';

/** SPEC 2 route guards, applied from the route table. */
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const result = guardRoute(access, user?.role ?? null, `${location.pathname}${location.search}${location.hash}`);
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  return <>{children}</>;
}
