import { BLOG_SEARCH_MAX } from '@learnbuild/domain/schemas/blog';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/class-names';
import { useTags } from '../api/get-tags';
import type { BlogChange } from '../use-blog-params';

const SEARCH_DELAY_MS = 300;

/** The search box: the address follows the typing (after a short pause), and the box follows the address. */
function SearchBox({
  q,
  update,
}: {
  q?: string;
  update: (changes: BlogChange, options?: { replace?: boolean }) => void;
}) {
  const id = useId();
  const [text, setText] = useState(q ?? '');
  const typed = useRef(false);

  // Back, forward or a tag link changes the address: show its search words.
  useEffect(() => {
    if (!typed.current) setText(q ?? '');
    typed.current = false;
  }, [q]);

  useEffect(() => {
    if ((q ?? '') === text.trim()) return;
    const timer = setTimeout(() => {
      typed.current = true;
      update({ q: text.trim() || undefined }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, update]);

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = true;
        update({ q: text.trim() || undefined }, { replace: true });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search posts
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        maxLength={BLOG_SEARCH_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search posts"
        className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] pr-10 pl-9 text-sm text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            typed.current = true;
            update({ q: undefined }, { replace: true });
          }}
          aria-label="Clear search"
          className="absolute top-1/2 right-1 inline-flex h-8 w-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-muted"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}

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
      <SearchBox q={q} update={update} />
      <TagFilter tag={tag} hrefFor={hrefFor} />
    </div>
  );
}
