import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { resetPasswordBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button';
import { resetPassword } from '@/features/auth/api/reset-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormTextField } from '@/features/auth/components/form-text-field';
import { OutcomeMessage } from '@/features/auth/components/outcome-message';
import { PasswordStrength } from '@/features/auth/components/password-strength';
import { SubmitButton } from '@/features/auth/components/submit-button';

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
          <OutcomeMessage error={null} reply={mutation.data.message} fallback={FALLBACK_MESSAGES.resetPassword} />
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
        <FormTextField
          form={form}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordStrength password={password ?? ''} userInputs={[]} />}
        />
        <OutcomeMessage error={mutation.error} fallback={FALLBACK_MESSAGES.resetPassword} />
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
