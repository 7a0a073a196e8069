import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';

/** The foot of an admin dialog: the server's refusal, read out when it comes, then Cancel and the action. */
export function DialogActions({
  error,
  errorFallback,
  children,
}: {
  error: unknown;
  errorFallback: string;
  /** The button that does it. */
  children: ReactNode;
}) {
  return (
    <>
      <div aria-live="polite">
        {error ? <FormMessage message={errorMessage(error, errorFallback)} tone="error" /> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        {children}
      </div>
    </>
  );
}
