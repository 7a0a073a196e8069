import { COMMUNITY_CATEGORIES } from '@learnbuild/domain/schemas/community';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { useCategories } from '@/features/community/api/get-categories';
import type { CommunityChange } from '@/features/community/use-community-params';

const itemClasses =
  'relative flex min-h-9 items-center justify-between gap-3 whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors';

/**
 * The categories with their thread counts: a column beside the list on wide screens, a row of chips
 * that scrolls sideways on phones. Each is a link, so it opens in a new tab too.
 */
export function CategoryNav({
  category,
  hrefFor,
}: {
  category?: string;
  hrefFor: (changes: CommunityChange) => string;
}) {
  const categories = useCategories();
  const counts = new Map(categories.data?.map((item) => [item.slug, item.threadCount]));
  const total = categories.data?.reduce((sum, item) => sum + item.threadCount, 0);
  const entries = [
    { slug: undefined, name: 'All categories', count: total, description: 'Every thread' },
    ...COMMUNITY_CATEGORIES.map((item) => ({ ...item, count: counts.get(item.slug) })),
  ];
  return (
    <nav aria-label="Categories">
      <h2 className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted uppercase lg:block">Categories</h2>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0">
        {entries.map((entry) => {
          const active = entry.slug === category;
          return (
            <li key={entry.slug ?? 'all'}>
              <Link
                to={hrefFor({ category: entry.slug })}
                aria-current={active ? 'page' : undefined}
                title={entry.description}
                className={cn(
                  itemClasses,
                  'border lg:border-0',
                  active
                    ? 'border-brand-600 bg-brand-600 text-white lg:bg-brand-100 lg:text-brand-700 dark:lg:bg-brand-900 dark:lg:text-brand-100'
                    : 'border-default bg-[var(--surface)] text-[var(--text)] hover:bg-muted lg:bg-transparent',
                )}
              >
                <span>{entry.name}</span>
                {entry.count !== undefined ? (
                  <span className={cn('text-xs tabular-nums', active ? 'opacity-90' : 'text-muted')}>
                    {entry.count}
                    <span className="sr-only"> {entry.count === 1 ? 'thread' : 'threads'}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
