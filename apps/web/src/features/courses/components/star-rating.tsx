import { Star } from 'lucide-react';
import { cn } from '@/components/ui/class-names';

/** "Rated 4.5 out of 5 from 12 reviews". */
export function ratingLabel(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No ratings yet';
  return `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Five stars filled to the average; one image to screen readers, named by the numbers. */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} aria-hidden>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = Math.max(0, Math.min(1, value - (star - 1)));
        return (
          <span key={star} className="relative inline-block h-4 w-4">
            <Star className="absolute inset-0 h-4 w-4 text-slate-300 dark:text-slate-600" />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="h-4 w-4 fill-amber-400 text-amber-500" />
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** The course's average and count: "★★★★☆ 4.5 (12)", or 'No ratings yet'. */
export function StarRating({
  average,
  count,
  className,
}: {
  average: number | null;
  count: number;
  className?: string;
}) {
  if (average === null || count === 0) {
    return <span className={cn('text-sm text-muted', className)}>No ratings yet</span>;
  }
  return (
    <span
      role="img"
      aria-label={ratingLabel(average, count)}
      className={cn('inline-flex items-center gap-1.5', className)}
    >
      <span className="text-sm font-semibold text-amber-700 dark:text-amber-300">{average.toFixed(1)}</span>
      <Stars value={average} />
      <span className="text-sm text-muted">({count.toLocaleString('en-US')})</span>
    </span>
  );
}
