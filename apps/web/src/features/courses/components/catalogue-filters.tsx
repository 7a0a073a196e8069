import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SEARCH_MAX } from '@learnbuild/domain/courses';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilterSelect, filterControlClasses } from '@/components/ui/filter-select';
import type { CatalogueChange, CatalogueParams } from '@/features/courses/use-catalogue-params';

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
            className={`${filterControlClasses} pl-9`}
          />
        </div>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <FilterSelect
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
        </FilterSelect>
      </div>
      <FilterSelect
        label="Level"
        value={params.level ?? ''}
        onChange={(value) => update({ level: value || undefined })}
      >
        <option value="">All levels</option>
        {COURSE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Sort by" value={params.sort} onChange={(value) => update({ sort: value })}>
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      {filtered ? (
        <Button variant="ghost" onClick={clear} className="col-span-2 justify-self-start md:col-span-1">
          <X className="h-4 w-4" aria-hidden /> Clear filters
        </Button>
      ) : null}
    </search>
  );
}
