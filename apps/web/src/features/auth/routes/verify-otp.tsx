import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import { verifyOtpBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { resendVerification } from '@/features/auth/api/resend-verification';
import { verifyOtp } from '@/features/auth/api/verify-otp';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormTextField } from '@/features/auth/components/form-text-field';
import { toneOf } from '@/features/auth/components/message-tone';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { normalizeCode } from '@/features/auth/otp-code';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const RESEND_COOLDOWN_SECONDS = 60;

export function VerifyOtpPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const toast = useToast();
  const form = useForm<z.input<typeof verifyOtpBodySchema>, unknown, z.output<typeof verifyOtpBodySchema>>({
    resolver: zodResolver(verifyOtpBodySchema),
    defaultValues: { email: params.get('email') ?? '', otp: '' },
  });
  const arrivalMessage = (location.state as { message?: string } | null)?.message;
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(
    arrivalMessage ? { text: arrivalMessage, failed: false } : null,
  );
  const [cooldown, setCooldown] = useState(0);
  /** What typing or pasting dropped from the code, said beside the field. */
  const [codeNote, setCodeNote] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (reply) => {
      signedIn(reply.user);
      // The confirmation travels with the learner: a notification outlives the screen it was earned on.
      if (reply.message) toast(reply.message, 'success');
      navigate(safeRedirectTarget(params.get('redirectTo')), { replace: true, state: { message: reply.message } });
    },
    onError: (error) => {
      form.clearErrors('otp');
      setNotice({ text: errorMessage(error, FALLBACK_MESSAGES.verifyOtp), failed: true });
    },
  });
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (reply) => {
      setNotice({ text: reply.message, failed: false });
      setCooldown(RESEND_COOLDOWN_SECONDS);
    },
    onError: (error) => setNotice({ text: errorMessage(error, FALLBACK_MESSAGES.resendOtp), failed: true }),
  });
  const onResend = async () => {
    if (await form.trigger('email')) resend.mutate(form.getValues('email'));
  };
  const email = form.watch('email');
  // One current message at a time: a new attempt, or a new code, replaces the last reply's message.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setNotice(null);
    return form.handleSubmit((values) => verify.mutate(values))(event);
  };
  const codeError = form.getFieldState('otp', form.formState).error;

  return (
    <AuthCard title="Verify your email" subtitle="We sent a 6-digit code to your inbox. It is valid for 10 minutes.">
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          form={form}
          name="otp"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          options={{
            onChange: (event) => {
              const { code, note } = normalizeCode(event.target.value);
              form.setValue('otp', code, { shouldValidate: form.formState.isSubmitted });
              setCodeNote(note);
              if (notice?.failed) setNotice(null);
            },
          }}
          hint={
            codeNote && !codeError ? (
              <p role="status" className="text-sm text-muted" data-testid="code-note">
                {codeNote}
              </p>
            ) : null
          }
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:font-mono"
        />
        {notice ? <FormMessage message={notice.text} tone={toneOf(notice.text, notice.failed)} /> : null}
        <SubmitButton pending={verify.isPending} pendingLabel="Verifying...">
          Verify email
        </SubmitButton>
        <Button variant="ghost" disabled={cooldown > 0 || resend.isPending || !email} onClick={onResend}>
          {cooldown > 0 ? `Resend code in ${cooldown}s` : resend.isPending ? 'Sending...' : 'Resend code'}
        </Button>
      </form>
    </AuthCard>
  );
}
