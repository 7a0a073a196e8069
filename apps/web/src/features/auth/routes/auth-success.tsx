import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { exchangeCode } from '@/features/auth/api/exchange-code';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorMessage } from '@/lib/api-client';

/**
 * The provider's flow ends here with a one-time code; trading it stores the token (the API
 * client stores every `token`), then a full page load leaves the OAuth callback mode.
 */
export function AuthSuccessPage() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const next = safeRedirectTarget(params.get('next'));
    if (!code) {
      setError('This sign-in link is missing its code. Please try again.');
      return;
    }
    exchangeCode(code)
      .then(() => window.location.replace(next))
      .catch((failure) => setError(errorMessage(failure, FALLBACK_MESSAGES.login)));
  }, []);
  return (
    <AuthCard title={error ? 'Sign-in failed' : 'Signing you in'}>
      {error ? (
        <div className="flex flex-col gap-4">
          <FormMessage message={error} tone="error" />
          <a href="/login" className={buttonClasses('secondary')}>
            Back to log in
          </a>
        </div>
      ) : (
        <p role="status" className="text-muted">
          Finishing sign-in...
        </p>
      )}
    </AuthCard>
  );
}
