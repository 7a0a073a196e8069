import { COMMUNITY_SEARCH_MAX } from '@learnbuild/domain/schemas/community';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CommunityChange } from '../use-community-params';

const SEARCH_DELAY_MS = 300;

/** Full-text search: the address follows the typing (after a short pause), and the box follows the address. */
export function SearchBox({
  q,
  update,
}: {
  q?: string;
  update: (changes: CommunityChange, options?: { replace?: boolean }) => void;
}) {
  const id = useId();
  const [text, setText] = useState(q ?? '');
  const typed = useRef(false);

  // Back, forward or a link changes the address: show its words.
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
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = true;
        update({ q: text.trim() || undefined }, { replace: true });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search threads
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        maxLength={COMMUNITY_SEARCH_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search titles and posts"
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
