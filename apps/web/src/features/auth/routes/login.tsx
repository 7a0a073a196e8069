import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import { type LoginBody, loginBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { login } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { SocialButtons } from '../components/social-buttons';

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
  const unverified = errorStatus(mutation.error) === 403;
  const oauthError = params.get('error');
  const email = form.watch('email');

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to continue learning."
      footer={
        <>
          New to LearnBuild?{' '}
          <Link
            to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'}
            className="font-medium text-brand-600 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        {oauthError ? <FormMessage message={oauthError} tone="error" /> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('rememberMe')} /> Remember me
            for 30 days
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        {mutation.isError ? (
          <FormMessage message={errorMessage(mutation.error, FALLBACK_MESSAGES.login)} tone="error" />
        ) : null}
        {unverified ? (
          <Link
            to={`/verify-otp?email=${encodeURIComponent(email)}`}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            Enter your verification code
          </Link>
        ) : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
      <SocialButtons redirectTo={redirectTo} />
    </AuthCard>
  );
}
