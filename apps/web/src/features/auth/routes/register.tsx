import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { type RegisterBody, registerBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { register as registerAccount } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { PasswordStrength } from '../components/password-strength';
import { SocialButtons } from '../components/social-buttons';

export function RegisterPage() {
  const navigate = useNavigate();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { name: '', email: '', password: '', role: 'Student', wantsToBeInstructor: false },
  });
  const mutation = useMutation({
    mutationFn: registerAccount,
    onSuccess: (reply, values) =>
      navigate(`/verify-otp?email=${encodeURIComponent(values.email)}`, { state: { message: reply.message } }),
  });
  const [password, email, name] = form.watch(['password', 'email', 'name']);
  const errors = form.formState.errors;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Practice DSA, master CS fundamentals and track your progress."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordStrength password={password ?? ''} userInputs={[email ?? '', name ?? '']} />}
          {...form.register('password')}
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
        {mutation.isError ? (
          <FormMessage message={errorMessage(mutation.error, FALLBACK_MESSAGES.register)} tone="error" />
        ) : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating account...' : 'Sign up'}
        </Button>
      </form>
      <SocialButtons />
    </AuthCard>
  );
}
