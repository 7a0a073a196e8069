import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { FormMessage } from './field';

/** A part of a page that could not load: why (the server's message, or `fallback`), and Try again. */
export function InlineLoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <FormMessage message={errorMessage(error, fallback)} tone="error" />
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
