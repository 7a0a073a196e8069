import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { VerifyNotice } from './verify-notice';

/**
 * Where a post would be written: the form (`children`) for a verified member, else why there is none — the thread
 * is locked, the visitor is signed out (log in, coming back here, or sign up), or their address is not verified.
 * Under a thread's replies and in a problem's Discussion tab.
 */
export function PostingGate({
  locked,
  lockedText,
  signedOutText,
  logInLabel,
  doing,
  children,
}: {
  locked: boolean;
  lockedText: string;
  signedOutText: string;
  logInLabel: string;
  /** What verifying the address lets them do ("reply"). */
  doing: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  const location = useLocation();
  if (locked) {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-default bg-muted px-4 py-3 text-sm">
        <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {lockedText}
      </p>
    );
  }
  if (!user) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-default p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>{signedOutText}</p>
        <div className="flex gap-2">
          <Link to={`/login?redirectTo=${back}`} className={buttonClasses('primary', 'sm')}>
            {logInLabel}
          </Link>
          <Link to="/register" className={buttonClasses('secondary', 'sm')}>
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  if (!user.emailVerified) return <VerifyNotice email={user.email} doing={doing} />;
  return children;
}
