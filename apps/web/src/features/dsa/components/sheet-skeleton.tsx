import { Skeleton } from '@/components/ui/skeleton';

export function SheetSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading problems">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  );
}
