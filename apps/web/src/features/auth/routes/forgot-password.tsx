import { zodResolver } from '@hookform/resolvers/zod';
import { FALLBACK_MESSAGES } from '@learnbuild/domain/messages';
import { emailOnlyBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPassword } from '@/features/auth/api/forgot-password';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormTextField } from '@/features/auth/components/form-text-field';
import { OutcomeMessage } from '@/features/auth/components/outcome-message';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { TextLink } from '@/features/auth/components/text-link';

export function ForgotPasswordPage() {
  const form = useForm<z.input<typeof emailOnlyBodySchema>>({
    resolver: zodResolver(emailOnlyBodySchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({ mutationFn: forgotPassword });
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
      footer={<TextLink to="/login">Back to log in</TextLink>}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.email))}
      >
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <OutcomeMessage
          error={mutation.error}
          reply={mutation.data?.message}
          fallback={FALLBACK_MESSAGES.forgotPassword}
        />
        <SubmitButton pending={mutation.isPending} pendingLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
