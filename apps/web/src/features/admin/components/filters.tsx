import { Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { filterControlClasses } from '@/components/ui/filter-select';
import type { useAdminParams } from '@/features/admin/use-admin-params';

/** A search box that asks the server after a pause in typing, and follows the address when it changes. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (text: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const wanted = text.trim() || undefined;
    if (wanted === value) return;
    const timer = setTimeout(() => onSearch(wanted), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text.trim() || undefined);
          }}
          className={`${filterControlClasses} pl-9`}
        />
      </div>
    </div>
  );
}

/** What an empty search result says under a searchable list. */
export const noMatchText = (q: string) => `Nothing matches "${q}". Try another name or email.`;

/** The filter bar of a searchable admin list: the name-or-email search, then the list's own filters. */
export function ListFilters({
  label,
  q,
  update,
  children,
}: {
  label: string;
  q: string | undefined;
  update: ReturnType<typeof useAdminParams>['update'];
  children: ReactNode;
}) {
  const search = useCallback((text: string | undefined) => update({ q: text }), [update]);
  return (
    <search className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" aria-label={label}>
      <SearchBox label="Search by name or email" placeholder="e.g. ada@example.com" value={q} onSearch={search} />
      {children}
    </search>
  );
}
