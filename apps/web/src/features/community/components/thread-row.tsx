import type { ThreadSummary } from '@learnbuild/domain/schemas/community';
import { ArrowBigUp, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryName } from '@/features/community/category-name';
import { TagList } from './tag-list';
import { ThreadBadges } from './thread-badges';
import { TimeAgo } from './time-ago';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The counts: votes, and replies (green when a reply is the accepted answer). */
function Stats({ thread, className }: { thread: ThreadSummary; className?: string }) {
  return (
    <dl className={cn('flex gap-2 text-sm', className)}>
      <div className="flex items-center gap-1" title={plural(thread.votes, 'vote', 'votes')}>
        <dt>
          <ArrowBigUp className="h-4 w-4 text-muted" aria-hidden />
          <span className="sr-only">Votes</span>
        </dt>
        <dd className="font-semibold tabular-nums">{thread.votes}</dd>
      </div>
      <div
        className={cn(
          'flex items-center gap-1 rounded-md',
          thread.answered && 'bg-emerald-100 px-1.5 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
        )}
        title={plural(thread.replyCount, 'reply', 'replies')}
      >
        <dt>
          <MessageSquare className="h-4 w-4" aria-hidden />
          <span className="sr-only">Replies</span>
        </dt>
        <dd className="font-semibold tabular-nums">{thread.replyCount}</dd>
      </div>
    </dl>
  );
}

/** One thread in the list: its status, title (the link), category, author, last activity, tags and counts. */
export function ThreadRow({ thread }: { thread: ThreadSummary }) {
  return (
    <article
      className={cn(
        'surface relative flex flex-col gap-2 rounded-2xl border p-4 shadow-sm transition-colors focus-within:border-brand-500 hover:border-brand-400 sm:flex-row sm:gap-4 dark:hover:border-brand-700',
        thread.pinned && 'border-amber-300 dark:border-amber-800',
      )}
      data-testid="thread-row"
    >
      <Stats thread={thread} className="hidden w-14 shrink-0 flex-col items-start pt-0.5 sm:flex" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <ThreadBadges pinned={thread.pinned} answered={thread.answered} locked={thread.locked} />
        <h2 className="text-base font-semibold leading-snug break-words">
          <Link
            to={`/community/${thread.id}`}
            className="hover:text-brand-700 hover:underline focus-visible:underline dark:hover:text-brand-200"
          >
            {thread.title}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <span className="rounded-md border border-default px-1.5 py-0.5 font-medium text-[var(--text)]">
            {categoryName(thread.category)}
          </span>
          <span className="break-all">{thread.author.name}</span>
          <span aria-hidden>·</span>
          <span>
            active <TimeAgo iso={thread.lastActivityAt} />
          </span>
        </p>
        <TagList tags={thread.tags} />
        <Stats thread={thread} className="text-muted sm:hidden" />
      </div>
    </article>
  );
}

export function ThreadRowSkeleton() {
  return (
    <div className="surface flex gap-4 rounded-2xl border p-4">
      <Skeleton className="hidden h-10 w-14 sm:block" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
