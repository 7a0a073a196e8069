import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';

/** The server's refusal (e.g. a duplicate id) and the Cancel / submit buttons at the foot of a form. */
export function FormActions({
  submitLabel,
  pending,
  error,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {error ? <FormMessage message={errorMessage(error, 'Could not save. Try again.')} tone="error" /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </div>
  );
}
