import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import type { LoginBody } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '@/components/ui/field';
import { login } from '@/features/auth/api/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormTextField } from '@/features/auth/components/form-text-field';
import { OutcomeMessage } from '@/features/auth/components/outcome-message';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextLink } from '@/features/auth/components/text-link';
import { errorStatus } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { isSigningOut, useSession } from '@/lib/session';

// The login schema (and zod) loads when the form first validates: /login paints without it.
const loginResolver = lazyResolver<LoginBody>(async () => {
  const [{ zodResolver }, { loginBodySchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@learnbuild/domain/schemas/auth'),
  ]);
  return zodResolver(loginBodySchema);
});

export function LoginPage() {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? undefined;
  const navigate = useNavigate();
  const { user, signedIn } = useSession();
  const location = useLocation();
  const form = useForm<LoginBody>({
    resolver: loginResolver,
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

  // A signed-in user has nothing to do here: on to where they were going, or the dashboard.
  if (user && !isSigningOut(location.state)) return <Navigate to={safeRedirectTarget(redirectTo)} replace />;

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
      {/* Drawn on the server: a form sent before the app's code runs posts, never puts a password in the address. */}
      <form
        method="post"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        {oauthError ? <FormMessage message={oauthError} tone="error" /> : null}
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        {/* Each keeps to one line; on a phone they take a line each rather than wrap inside. */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          <label className="inline-flex min-h-6 cursor-pointer items-center gap-2 whitespace-nowrap">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('rememberMe')} /> Remember me
            for 30 days
          </label>
          <TextLink to="/forgot-password" className="whitespace-nowrap">
            Forgot password?
          </TextLink>
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
