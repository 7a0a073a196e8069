import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';

/** The buttons of a delete dialog; the dialog's description carries the warning. Cancel comes first and takes focus. */
export function ConfirmDelete({
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {error ? <FormMessage message={errorMessage(error, 'Could not delete it. Try again.')} tone="error" /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : confirmLabel}
        </Button>
      </div>
    </div>
  );
}
