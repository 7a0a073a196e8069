import { createReplyBodySchema } from '@learnbuild/domain/schemas/community';
import { type FormEvent, forwardRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { PostBodyField } from './post-body-field';

/**
 * A markdown body with Write / Preview and a submit button: the reply box under a thread, and the
 * in-place editor of a reply or a thread's body. `onSubmit` rejects with the server's refusal.
 */
export const ReplyForm = forwardRef<
  HTMLTextAreaElement,
  {
    label: string;
    initial?: string;
    /** Whether the post starts marked as giving a solution away (its checkbox is under the body). */
    initialContainsSolution?: boolean;
    submitLabel: string;
    busyLabel: string;
    onSubmit: (body: string, containsSolution: boolean) => Promise<unknown>;
    onCancel?: () => void;
    /** The box empties after a new reply; an edit closes instead. */
    clearOnSuccess?: boolean;
    labelClassName?: string;
  }
>(function ReplyForm(
  {
    label,
    initial = '',
    initialContainsSolution = false,
    submitLabel,
    busyLabel,
    onSubmit,
    onCancel,
    clearOnSuccess,
    labelClassName,
  },
  ref,
) {
  const [body, setBody] = useState(initial);
  const [containsSolution, setContainsSolution] = useState(initialContainsSolution);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createReplyBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data.body, containsSolution);
      if (clearOnSuccess) {
        setBody('');
        setContainsSolution(false);
      }
    } catch (caught) {
      setFailure(errorMessage(caught, 'Could not save the post'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <PostBodyField
        ref={ref}
        label={label}
        labelClassName={labelClassName}
        value={body}
        onChange={(value) => {
          setBody(value);
          setError(undefined);
        }}
        error={error}
        rows={clearOnSuccess ? 6 : 8}
        placeholder={clearOnSuccess ? 'Share what worked for you, or ask for a detail...' : undefined}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={containsSolution}
          onChange={(event) => setContainsSolution(event.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span>
          Contains a solution <span className="text-muted">(readers see it folded until they choose to open it)</span>
        </span>
      </label>
      <div aria-live="polite">{failure ? <FormMessage message={failure} tone="error" /> : null}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
});
