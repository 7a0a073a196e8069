import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { verifyEmailLink } from '@/features/auth/api/verify-email';
import { AuthCard } from '@/features/auth/components/auth-card';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const toast = useToast();
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: verifyEmailLink,
    onSuccess: (reply) => {
      signedIn(reply.user);
      // The confirmation travels with the learner: a notification outlives the screen it was earned on.
      if (reply.message) toast(reply.message, 'success');
      navigate('/dashboard', { replace: true, state: { message: reply.message } });
    },
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutation.mutate(token);
  }, [mutation, token]);

  return (
    <AuthCard title="Verifying your email">
      {mutation.isError ? (
        <div className="flex flex-col gap-4">
          <FormMessage message={errorMessage(mutation.error, FALLBACK_MESSAGES.verifyOtp)} tone="error" />
          <Link to="/verify-otp" className={buttonClasses('secondary')}>
            Enter a code instead
          </Link>
        </div>
      ) : (
        <p role="status" className="text-muted">
          One moment while we confirm your address...
        </p>
      )}
    </AuthCard>
  );
}
