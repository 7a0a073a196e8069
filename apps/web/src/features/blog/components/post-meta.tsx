import { CalendarDays, Clock } from 'lucide-react';
import { cn } from '@/components/ui/class-names';
import { readingLabel } from '@/features/blog/blog-format';
import { formatDate, useDateReader } from '@/lib/dates';

/** "Ada Lovelace · 3 Mar 2026 · 6 min read" (the date in the reader's own words once the page is theirs). */
export function PostMeta({
  author,
  publishedAt,
  readingMinutes,
  className,
}: {
  author: string;
  publishedAt: string | null;
  readingMinutes: number;
  className?: string;
}) {
  const reader = useDateReader();
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted', className)}>
      <span className="font-medium text-[var(--text)]">{author}</span>
      {publishedAt ? (
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden />
          <time dateTime={publishedAt}>{formatDate(publishedAt, 'date', reader)}</time>
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        {readingLabel(readingMinutes)}
      </span>
    </p>
  );
}
