import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { safeRedirectTarget } from '@learnbuild/domain/routes';
import { type RegisterBody, registerBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { register as registerAccount } from '@/features/auth/api/register';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormTextField } from '@/features/auth/components/form-text-field';
import { OutcomeMessage } from '@/features/auth/components/outcome-message';
import { PasswordStrength } from '@/features/auth/components/password-strength';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextLink } from '@/features/auth/components/text-link';
import { useSession } from '@/lib/session';

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const { user } = useSession();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', password: '', role: 'Student', wantsToBeInstructor: false },
  });
  const mutation = useMutation({
    mutationFn: registerAccount,
    onSuccess: (reply, values) => {
      // The target the learner was heading for travels through the code screen.
      const next = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
      navigate(`/verify-otp?email=${encodeURIComponent(values.email)}${next}`, { state: { message: reply.message } });
    },
  });
  const [password, email, name] = form.watch(['password', 'email', 'name']);

  // A signed-in user has no account to create: on to where they were going, or the dashboard.
  if (user) return <Navigate to={safeRedirectTarget(redirectTo)} replace />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Practice DSA, master CS fundamentals and track your progress."
      footer={
        <>
          Already have an account?{' '}
          <TextLink to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'}>Log in</TextLink>
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
        <FormTextField form={form} name="name" label="Full name" autoComplete="name" />
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordStrength password={password ?? ''} userInputs={[email ?? '', name ?? '']} />}
        />
        <label className="inline-flex cursor-pointer items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            {...form.register('wantsToBeInstructor')}
          />
          <span>
            I want to teach on LearnBuild.{' '}
            <span className="text-muted">
              We create an instructor application for review once your email is verified.
            </span>
          </span>
        </label>
        <OutcomeMessage error={mutation.error} fallback={FALLBACK_MESSAGES.register} />
        <SubmitButton pending={mutation.isPending} pendingLabel="Creating account...">
          Sign up
        </SubmitButton>
      </form>
      <SocialButtons />
    </AuthCard>
  );
}
