import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/components/ui/class-names';

/** A link to /login that comes back to this page once signed in, as the rest of the app's sign-in links do. */
export function LoginLink({
  children,
  className,
  plain = false,
}: {
  children: ReactNode;
  className?: string;
  /** Styled by `className` alone (a button), not as a link in text. */
  plain?: boolean;
}) {
  const location = useLocation();
  return (
    <Link
      to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className={plain ? className : cn('font-medium text-brand-700 underline dark:text-brand-400', className)}
    >
      {children}
    </Link>
  );
}
