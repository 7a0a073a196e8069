import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SEARCH_MAX } from '@learnbuild/domain/schemas/courses';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { CatalogueChange, CatalogueParams } from '../use-catalogue-params';

const controlClasses =
  'h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={controlClasses}>
        {children}
      </select>
    </div>
  );
}

export const SORT_LABELS = { newest: 'Newest', popular: 'Most popular' } as const;

/** Search (after a pause in typing), category, level and sort; each change goes to the address. */
export function CatalogueFilters({
  params,
  filtered,
  update,
  clear,
}: {
  params: CatalogueParams;
  filtered: boolean;
  update: (changes: CatalogueChange) => void;
  clear: () => void;
}) {
  const searchId = useId();
  const [text, setText] = useState(params.q ?? '');
  // Follow the address when it changes from outside (back button, Clear filters).
  useEffect(() => setText(params.q ?? ''), [params.q]);
  useEffect(() => {
    const value = text.trim() || undefined;
    if (value === params.q) return;
    const timer = setTimeout(() => update({ q: value }), 300);
    return () => clearTimeout(timer);
  }, [text, params.q, update]);

  return (
    <search
      aria-label="Find courses"
      className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] md:items-end"
    >
      <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
        <label htmlFor={searchId} className="text-xs font-medium text-muted">
          Search courses
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') update({ q: text.trim() || undefined });
            }}
            placeholder="Title, topic or tag"
            maxLength={COURSE_SEARCH_MAX}
            className={`${controlClasses} pl-9`}
          />
        </div>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <Select
          label="Category"
          value={params.category ?? ''}
          onChange={(value) => update({ category: value || undefined })}
        >
          <option value="">All categories</option>
          {COURSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </div>
      <Select label="Level" value={params.level ?? ''} onChange={(value) => update({ level: value || undefined })}>
        <option value="">All levels</option>
        {COURSE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </Select>
      <Select label="Sort by" value={params.sort} onChange={(value) => update({ sort: value })}>
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      {filtered ? (
        <Button variant="ghost" onClick={clear} className="col-span-2 justify-self-start md:col-span-1">
          <X className="h-4 w-4" aria-hidden /> Clear filters
        </Button>
      ) : null}
    </search>
  );
}
