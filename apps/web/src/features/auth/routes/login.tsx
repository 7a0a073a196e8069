import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import { type LoginBody, loginBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/ui/field';
import { errorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { login } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { FormTextField } from '../components/form-text-field';
import { OutcomeMessage } from '../components/outcome-message';
import { SocialButtons } from '../components/social-buttons';
import { SubmitButton } from '../components/submit-button';
import { TextLink } from '../components/text-link';

export function LoginPage() {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? undefined;
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      signedIn(reply.user);
      navigate(safeRedirectTarget(redirectTo), { replace: true });
    },
  });
  // The server refuses an unverified account with 403; the code screen is one click away.
  const unverified = errorStatus(mutation.error) === 403;
  const oauthError = params.get('error');

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to continue learning."
      footer={
        <>
          New to LearnBuild?{' '}
          <TextLink to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'}>
            Create an account
          </TextLink>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        {oauthError ? <FormMessage message={oauthError} tone="error" /> : null}
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <div className="flex items-center justify-between text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('rememberMe')} /> Remember me
            for 30 days
          </label>
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </div>
        <OutcomeMessage error={mutation.error} fallback={FALLBACK_MESSAGES.login} />
        {unverified ? (
          <TextLink className="text-sm" to={`/verify-otp?email=${encodeURIComponent(mutation.variables?.email ?? '')}`}>
            Enter your verification code
          </TextLink>
        ) : null}
        <SubmitButton pending={mutation.isPending} pendingLabel="Logging in...">
          Log in
        </SubmitButton>
      </form>
      <SocialButtons redirectTo={redirectTo} />
    </AuthCard>
  );
}
