import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { otpSchema } from '@learnbuild/domain/schemas/auth';
import { emailSchema } from '@learnbuild/domain/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { resendVerification } from '../api/resend-verification';
import { verifyOtp } from '../api/verify-otp';
import { AuthCard } from '../components/auth-card';
import { toneOf } from '../components/message-tone';

export const RESEND_COOLDOWN_SECONDS = 60;

export function VerifyOtpPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(
    (location.state as { message?: string } | null)?.message
      ? { text: (location.state as { message: string }).message, failed: false }
      : null,
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedEmail = emailSchema.safeParse(email);
    const parsedOtp = otpSchema.safeParse(otp);
    if (!parsedEmail.success)
      return setFieldError(parsedEmail.error.issues[0]?.message ?? 'Enter a valid email address');
    if (!parsedOtp.success) return setFieldError(parsedOtp.error.issues[0]?.message ?? 'The code is 6 digits');
    setFieldError(null);
    verify.mutate({ email: parsedEmail.data, otp: parsedOtp.data });
  };

  return (
    <AuthCard title="Verify your email" subtitle="We sent a 6-digit code to your inbox. It is valid for 10 minutes.">
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:font-mono"
          error={fieldError ?? undefined}
        />
        {notice ? <FormMessage message={notice.text} tone={toneOf(notice.text, notice.failed)} /> : null}
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify email'}
        </Button>
        <Button
          variant="ghost"
          disabled={cooldown > 0 || resend.isPending || !email}
          onClick={() => {
            const parsed = emailSchema.safeParse(email);
            if (!parsed.success) return setFieldError('Enter a valid email address');
            resend.mutate(parsed.data);
          }}
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : resend.isPending ? 'Sending...' : 'Resend code'}
        </Button>
      </form>
    </AuthCard>
  );
}
