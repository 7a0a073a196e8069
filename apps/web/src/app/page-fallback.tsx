import { Skeleton } from '@/components/ui/skeleton';

/** A page on its way: its screen's code loading, or the account it is shown for not known yet. */
export function PageFallback() {
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-10" role="status" aria-busy="true" aria-label="Loading page">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
