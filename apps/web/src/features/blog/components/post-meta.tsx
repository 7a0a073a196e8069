import { CalendarDays, Clock } from 'lucide-react';
import { cn } from '@/components/ui/class-names';
import { formatPostDate, readingLabel } from '@/features/blog/blog-format';
import { useDisplayTimeZone } from '@/lib/hydration';

/** "Ada Lovelace · 3 March 2026 · 6 min read". */
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
  const timeZone = useDisplayTimeZone();
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted', className)}>
      <span className="font-medium text-[var(--text)]">{author}</span>
      {publishedAt ? (
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden />
          <time dateTime={publishedAt}>{formatPostDate(publishedAt, timeZone)}</time>
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        {readingLabel(readingMinutes)}
      </span>
    </p>
  );
}
