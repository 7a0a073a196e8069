import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';

/**
 * The buttons of a delete dialog; the dialog's description carries the warning. Cancel comes first
 * and takes focus. The deletion runs through the item's own mutation, and its reply is shown.
 */
export function ConfirmDelete<TVariables>({
  confirmLabel,
  useRemoval,
  variables,
  close,
  onDeleted,
}: {
  confirmLabel: string;
  useRemoval: () => UseMutationResult<{ message: string }, Error, TVariables>;
  variables: TVariables;
  close: () => void;
  onDeleted: () => void;
}) {
  const toast = useToast();
  const removal = useRemoval();
  const confirm = () =>
    removal.mutate(variables, {
      onSuccess: (reply) => {
        toast(reply.message, 'success');
        close();
        onDeleted();
      },
    });
  return (
    <div className="flex flex-col gap-4">
      {removal.error ? (
        <FormMessage message={errorMessage(removal.error, 'Could not delete it. Try again.')} tone="error" />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={removal.isPending}>
          {removal.isPending ? 'Deleting...' : confirmLabel}
        </Button>
      </div>
    </div>
  );
}
