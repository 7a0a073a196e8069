import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { emailOnlyBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { toneOf } from '../components/message-tone';

export function ForgotPasswordPage() {
  const form = useForm<z.input<typeof emailOnlyBodySchema>>({
    resolver: zodResolver(emailOnlyBodySchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({ mutationFn: forgotPassword });
  const message = mutation.isSuccess
    ? mutation.data.message
    : mutation.isError
      ? errorMessage(mutation.error, FALLBACK_MESSAGES.forgotPassword)
      : null;
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-medium text-brand-600 hover:underline">
          Back to log in
        </Link>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.email))}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {message ? <FormMessage message={message} tone={toneOf(message, mutation.isError)} /> : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
