import { DSA_COMPANY_TAGS_NOTE } from '@learnbuild/domain/constants';
import { DIFFICULTIES } from '@learnbuild/domain/rules/dsa-stats';
import { CONFIDENCE_FILTERS, CONFIDENCE_LABELS } from '@learnbuild/domain/rules/revision';
import type { DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilterSelect, filterControlClasses } from '@/components/ui/filter-select';
import type { SheetFilters, SheetSort } from '@/features/dsa/api/keys';

type SetFilter = (name: keyof SheetFilters | 'sort', value: string | undefined) => void;

/**
 * The search box's text. The rows follow it at every keystroke (the page filters what it has loaded); the URL
 * (`?q=`, so a search can be shared) follows after a pause in typing, since each change of it is a navigation.
 */
export function useSearchText(q: string | undefined, setFilter: SetFilter): [string, (text: string) => void] {
  const [text, setText] = useState(q ?? '');
  // Follow the URL when it changes from outside (back button, clear), but not when it only caught up with
  // the box: that would drop the space just typed after a word.
  useEffect(() => setText((current) => (current.trim() === (q ?? '') ? current : (q ?? ''))), [q]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((text.trim() || undefined) !== q) setFilter('q', text.trim() || undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q, setFilter]);
  return [text, setText];
}

export function SheetFiltersBar({
  filters,
  setFilter,
  clear,
  active,
  topics,
  text,
  onTextChange,
  showStatus = true,
  hideTopicAndDifficulty = false,
  sort,
  companies = [],
}: {
  filters: SheetFilters;
  setFilter: SetFilter;
  clear: () => void;
  active: boolean;
  topics: readonly DsaTopic[];
  /** The search box's text (useSearchText). */
  text: string;
  onTextChange: (text: string) => void;
  showStatus?: boolean;
  hideTopicAndDifficulty?: boolean;
  /** The sheet's order (issue 28); no sort control when not given. */
  sort?: SheetSort;
  /** Issue 28: the companies some problem is tagged with; no company filter while there are none. */
  companies?: readonly string[];
}) {
  const searchId = useId();
  const companyNoteId = useId();
  // A company in the address that no problem has (any more) still shows, so the filter can be seen and cleared.
  const companyOptions =
    filters.company && !companies.some((name) => name.toLowerCase() === filters.company?.toLowerCase())
      ? [...companies, filters.company]
      : companies;
  const showCompany = companyOptions.length > 0;

  return (
    <search
      className={
        showCompany
          ? 'grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1.5fr)_repeat(6,minmax(0,1fr))_auto] md:items-end'
          : 'grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))_auto] md:items-end'
      }
    >
      <div className="col-span-2 flex flex-col gap-1 md:col-span-1">
        <label htmlFor={searchId} className="text-xs font-medium text-muted">
          Search titles, tags and your notes
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
            onChange={(event) => onTextChange(event.target.value)}
            placeholder="e.g. sliding window"
            maxLength={100}
            className={`${filterControlClasses} pl-9`}
          />
        </div>
      </div>
      {hideTopicAndDifficulty ? null : (
        <>
          <FilterSelect
            label="Topic"
            value={filters.topic ?? ''}
            onChange={(value) => setFilter('topic', value || undefined)}
          >
            <option value="">All topics</option>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.name}>
                {topic.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Difficulty"
            value={filters.difficulty ?? ''}
            onChange={(value) => setFilter('difficulty', value || undefined)}
          >
            <option value="">All levels</option>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficulty}
              </option>
            ))}
          </FilterSelect>
        </>
      )}
      {showCompany ? (
        <FilterSelect
          label="Company"
          value={
            companyOptions.find((name) => name.toLowerCase() === filters.company?.toLowerCase()) ??
            filters.company ??
            ''
          }
          onChange={(value) => setFilter('company', value || undefined)}
          describedBy={companyNoteId}
        >
          <option value="">All companies</option>
          {companyOptions.map((company) => (
            <option key={company} value={company}>
              {company}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      {showStatus ? (
        <FilterSelect
          label="Status"
          value={filters.status ?? ''}
          onChange={(value) => setFilter('status', value || undefined)}
        >
          <option value="">Any status</option>
          <option value="unsolved">Unsolved</option>
          <option value="solved">Solved</option>
          <option value="verified">Verified (accepted here)</option>
          <option value="bookmarked">Bookmarked</option>
        </FilterSelect>
      ) : null}
      <FilterSelect
        label="Confidence"
        value={filters.confidence ?? ''}
        onChange={(value) => setFilter('confidence', value || undefined)}
      >
        <option value="">Any</option>
        {CONFIDENCE_FILTERS.map((level) => (
          <option key={level} value={level}>
            {CONFIDENCE_LABELS[level]}
          </option>
        ))}
      </FilterSelect>
      {sort ? (
        <FilterSelect
          label="Sort"
          value={sort}
          onChange={(value) => setFilter('sort', value === 'path' ? undefined : value)}
        >
          <option value="path">Learning path</option>
          <option value="difficulty">Difficulty</option>
          <option value="acceptance">Acceptance rate</option>
          <option value="solved">Most solved</option>
        </FilterSelect>
      ) : null}
      {active ? (
        <Button variant="ghost" onClick={clear} className="self-end">
          <X className="h-4 w-4" aria-hidden /> Clear
        </Button>
      ) : null}
      {showCompany ? (
        <p id={companyNoteId} className="col-span-2 text-xs text-muted md:col-span-full" data-testid="company-note">
          {DSA_COMPANY_TAGS_NOTE}
        </p>
      ) : null}
    </search>
  );
}
