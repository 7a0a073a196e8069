import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { deleteAccount } from '@/features/auth/api/profile';
import { useSession } from '@/lib/session';
import { FormTextField } from './form-text-field';
import { OutcomeMessage } from './outcome-message';
import { SubmitButton } from './submit-button';

/**
 * The password is asked for here; the schema leaves it optional because accounts made by social
 * login have none, so the server decides whether it is required and says so.
 */
export function DeleteAccountDialog() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof deleteAccountBodySchema>>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  const removal = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate('/', { replace: true, flushSync: true });
      await logout();
    },
  });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="danger">Delete my account</Button>
      </DialogTrigger>
      <DialogContent title="Delete your account?" description="Your progress, bookmarks and notes are deleted with it.">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => removal.mutate(values.password ?? ''))}
        >
          <FormTextField
            form={form}
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <OutcomeMessage error={removal.error} fallback="Could not delete the account" />
          <SubmitButton pending={removal.isPending} pendingLabel="Deleting..." variant="danger">
            Delete forever
          </SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
