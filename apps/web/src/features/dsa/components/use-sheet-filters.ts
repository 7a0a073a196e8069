import { DIFFICULTIES, type Difficulty } from '@learnbuild/domain/rules/dsa-stats';
import { CONFIDENCE_FILTERS, type ConfidenceFilter } from '@learnbuild/domain/rules/revision';
import { type ProblemStatus, problemStatusSchema } from '@learnbuild/domain/schemas/dsa';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SHEET_SORTS, type SheetFilters, type SheetSort } from '@/features/dsa/api/keys';

const STATUSES = problemStatusSchema.options;

/** The sheet's filters live in the URL, so a filtered view can be shared, bookmarked and survives a reload. */
export function useSheetFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<SheetFilters>(() => {
    const difficulty = params.get('difficulty');
    const status = params.get('status');
    const confidence = params.get('confidence');
    return {
      topic: params.get('topic') || undefined,
      difficulty: DIFFICULTIES.includes(difficulty as Difficulty) ? (difficulty as Difficulty) : undefined,
      status: STATUSES.includes(status as ProblemStatus) ? (status as ProblemStatus) : undefined,
      q: params.get('q')?.trim() || undefined,
      company: params.get('company')?.trim() || undefined,
      confidence: CONFIDENCE_FILTERS.includes(confidence as ConfidenceFilter)
        ? (confidence as ConfidenceFilter)
        : undefined,
    };
  }, [params]);

  const sortParam = params.get('sort');
  const sort: SheetSort = SHEET_SORTS.includes(sortParam as SheetSort) ? (sortParam as SheetSort) : 'path';

  const setFilter = useCallback(
    (name: keyof SheetFilters | 'sort', value: string | undefined) => {
      // The router renders a new URL in a transition, so a second quick change would still see the
      // params of the last render and drop the first one; the address bar already holds the newest.
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = Boolean(
    filters.topic ||
      filters.difficulty ||
      filters.status ||
      filters.q ||
      filters.company ||
      filters.confidence ||
      sort !== 'path',
  );
  return { filters, sort, setFilter, clear, active };
}
