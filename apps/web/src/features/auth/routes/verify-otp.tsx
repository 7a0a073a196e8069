import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { verifyOtpBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { resendVerification } from '../api/resend-verification';
import { verifyOtp } from '../api/verify-otp';
import { AuthCard } from '../components/auth-card';
import { FormTextField } from '../components/form-text-field';
import { toneOf } from '../components/message-tone';
import { SubmitButton } from '../components/submit-button';

export const RESEND_COOLDOWN_SECONDS = 60;

export function VerifyOtpPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const form = useForm<z.input<typeof verifyOtpBodySchema>, unknown, z.output<typeof verifyOtpBodySchema>>({
    resolver: zodResolver(verifyOtpBodySchema),
    defaultValues: { email: params.get('email') ?? '', otp: '' },
  });
  const arrivalMessage = (location.state as { message?: string } | null)?.message;
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(
    arrivalMessage ? { text: arrivalMessage, failed: false } : null,
  );
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (reply) => {
      signedIn(reply.user);
      navigate('/dashboard', { replace: true, state: { message: reply.message } });
    },
    onError: (error) => setNotice({ text: errorMessage(error, FALLBACK_MESSAGES.verifyOtp), failed: true }),
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

  return (
    <AuthCard title="Verify your email" subtitle="We sent a 6-digit code to your inbox. It is valid for 10 minutes.">
      <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          form={form}
          name="otp"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          options={{ onChange: (event) => form.setValue('otp', event.target.value.replace(/\D/g, '')) }}
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
