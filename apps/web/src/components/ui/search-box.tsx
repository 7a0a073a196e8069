import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from './class-names';

const SEARCH_DELAY_MS = 300;

/**
 * A search box kept in the address: the address follows the typing (after a short pause),
 * and the box follows the address (back, forward or a link).
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  maxLength,
  className,
}: {
  value?: string;
  /** Called with the trimmed words, or undefined when the box is empty. */
  onSearch: (text: string | undefined) => void;
  label: string;
  placeholder: string;
  maxLength: number;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const typed = useRef(false);
  // The latest callback, so that a parent's re-render does not restart the pause.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (!typed.current) setText(value ?? '');
    typed.current = false;
  }, [value]);

  useEffect(() => {
    if ((value ?? '') === text.trim()) return;
    const timer = setTimeout(() => {
      typed.current = true;
      onSearchRef.current(text.trim() || undefined);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      className={cn('relative w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = true;
        onSearch(text.trim() || undefined);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="h-10 w-full rounded-lg border border-default bg-[var(--surface)] pr-10 pl-9 text-sm text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            typed.current = true;
            onSearch(undefined);
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
