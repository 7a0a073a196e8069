import { FormMessage } from '@/components/ui/field';

/** The last save's outcome: the refusal, or the saved note until the form is changed again. */
export function SaveMessages({
  failure,
  saved,
  dirty,
}: {
  failure: string | null;
  saved: string | null;
  dirty: boolean;
}) {
  return (
    <div aria-live="polite" className="flex flex-col gap-2">
      <FormMessage message={failure} tone="error" />
      {!failure && saved && !dirty ? <FormMessage message={saved} tone="success" /> : null}
    </div>
  );
}
