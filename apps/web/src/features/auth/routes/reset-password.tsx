import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { resetPasswordBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordStrength } from '../components/password-strength';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const form = useForm<z.input<typeof resetPasswordBodySchema>>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { password: '' },
  });
  const mutation = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
  const password = form.watch('password');
  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <div className="flex flex-col gap-4">
          <FormMessage message={mutation.data.message} tone="success" />
          <Link to="/login" className={buttonClasses()}>
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters. Long passphrases are easiest to remember."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.password))}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={form.formState.errors.password?.message}
          hint={<PasswordStrength password={password ?? ''} userInputs={[]} />}
          {...form.register('password')}
        />
        {mutation.isError ? (
          <FormMessage message={errorMessage(mutation.error, FALLBACK_MESSAGES.resetPassword)} tone="error" />
        ) : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
