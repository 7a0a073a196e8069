import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, type User } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '@/components/ui/toast';
import { changePassword } from '@/features/auth/api/profile';
import { useSession } from '@/lib/session';
import { FormTextField } from './form-text-field';
import { OutcomeMessage } from './outcome-message';
import { PasswordStrength } from './password-strength';
import { SubmitButton } from './submit-button';

type ChangePasswordValues = z.input<typeof changePasswordBodySchema>;

export function ChangePasswordForm({ user }: { user: User }) {
  const { signedIn } = useSession();
  const toast = useToast();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordValues) => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (reply) => {
      signedIn(reply.user);
      form.reset();
      toast(reply.message, 'success');
    },
  });
  const newPassword = form.watch('newPassword');
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <FormTextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        form={form}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={<PasswordStrength password={newPassword ?? ''} userInputs={[user.email, user.name]} />}
      />
      <OutcomeMessage error={mutation.error} fallback="Could not change the password" />
      <SubmitButton pending={mutation.isPending} pendingLabel="Changing..." className="self-start">
        Change password
      </SubmitButton>
    </form>
  );
}
