import { THREAD_SORTS } from '@learnbuild/domain/schemas/community';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import type { CommunityChange, ThreadSort } from '@/features/community/use-community-params';

const LABELS: Record<ThreadSort, string> = { latest: 'Latest', top: 'Top', unanswered: 'Unanswered' };

/** Latest / Top / Unanswered as links (the sort is part of the address); a search puts its best matches first. */
export function SortNav({
  sort,
  searching,
  hrefFor,
}: {
  sort: ThreadSort;
  searching: boolean;
  hrefFor: (changes: CommunityChange) => string;
}) {
  return (
    <nav aria-label="Sort threads">
      <ul className="inline-flex gap-1 rounded-xl bg-muted p-1">
        {THREAD_SORTS.map((value) => (
          <li key={value}>
            <Link
              to={hrefFor({ sort: value })}
              aria-current={value === sort ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-8 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap',
                value === sort
                  ? 'bg-[var(--surface)] text-[var(--text)] shadow-sm'
                  : 'text-muted hover:text-[var(--text)]',
              )}
            >
              {value === 'latest' && searching ? 'Best match' : LABELS[value]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
