import { BLOG_SEARCH_MAX } from '@learnbuild/domain/blog';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { SearchBox } from '@/components/ui/search-box';
import { useTags } from '@/features/blog/api/get-tags';
import type { BlogChange } from '@/features/blog/use-blog-params';

const chipClasses =
  'relative inline-flex min-h-8 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm font-medium transition-colors';

/** Tag chips: each is a link to the list filtered by it (so it opens in a new tab too); the chosen one is marked. */
function TagFilter({ tag, hrefFor }: { tag?: string; hrefFor: (changes: BlogChange) => string }) {
  const tags = useTags();
  const list = tags.data ?? [];
  const shown = tag && !list.some((item) => item.tag === tag) ? [{ tag, count: 0 }, ...list] : list;
  const href = (value: string | undefined) => hrefFor({ tag: value });
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Filter by tag">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible">
        <li>
          <Link
            to={href(undefined)}
            aria-current={tag ? undefined : 'true'}
            className={cn(
              chipClasses,
              tag
                ? 'border-default bg-[var(--surface)] text-[var(--text)] hover:bg-muted'
                : 'border-brand-600 bg-brand-600 text-white',
            )}
          >
            All topics
          </Link>
        </li>
        {shown.map((item) => {
          const active = item.tag === tag;
          return (
            <li key={item.tag}>
              <Link
                to={href(active ? undefined : item.tag)}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  chipClasses,
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-default bg-[var(--surface)] text-[var(--text)] hover:bg-muted',
                )}
              >
                #{item.tag}
                {item.count > 0 ? (
                  <span className={cn('text-xs', active ? 'text-white/90' : 'text-muted')}>
                    {item.count}
                    <span className="sr-only"> {item.count === 1 ? 'post' : 'posts'}</span>
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

export function BlogFilters({
  q,
  tag,
  update,
  hrefFor,
}: {
  q?: string;
  tag?: string;
  update: (changes: BlogChange, options?: { replace?: boolean }) => void;
  hrefFor: (changes: BlogChange) => string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        value={q}
        onSearch={(text) => update({ q: text }, { replace: true })}
        label="Search posts"
        placeholder="Search posts"
        maxLength={BLOG_SEARCH_MAX}
        className="sm:max-w-sm"
      />
      <TagFilter tag={tag} hrefFor={hrefFor} />
    </div>
  );
}
