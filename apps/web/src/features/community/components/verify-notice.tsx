import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';

/** Posting needs a verified email (the server answers 403 otherwise): say so, with the way to fix it. */
export function VerifyNotice({ email, doing }: { email: string; doing: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        Verify your email address to {doing}.{' '}
        <Link to={`/verify-otp?email=${encodeURIComponent(email)}`} className="font-medium underline">
          Enter your code
        </Link>
      </span>
    </p>
  );
}
