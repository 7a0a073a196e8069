import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SORTS } from '@learnbuild/domain/courses';
import type { CourseCategory, CourseLevel } from '@learnbuild/domain/schemas/courses';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextListSearch, oneOf, pageParam } from '@/lib/list-params';

export type CatalogueView = 'all' | 'learning';

export interface CatalogueParams {
  view: CatalogueView;
  q?: string;
  category?: CourseCategory;
  level?: CourseLevel;
  sort: (typeof COURSE_SORTS)[number];
  page: number;
}

export type CatalogueChange = Partial<Record<'q' | 'category' | 'level' | 'sort' | 'page', string | undefined>>;

/** Reads the catalogue's state from the address: a reload, a shared link or the back button keeps it. */
export function readCatalogueParams(params: URLSearchParams): CatalogueParams {
  return {
    view: params.get('view') === 'learning' ? 'learning' : 'all',
    q: params.get('q')?.trim() || undefined,
    category: oneOf(COURSE_CATEGORIES, params.get('category')),
    level: oneOf(COURSE_LEVELS, params.get('level')),
    sort: oneOf(COURSE_SORTS, params.get('sort')) ?? 'newest',
    page: pageParam(params),
  };
}

/**
 * The next address after some filter changes: empty values and the defaults (newest, page 1) are
 * left out so links stay short, and any change but the page itself goes back to page 1.
 */
export function nextCatalogueSearch(current: URLSearchParams, changes: CatalogueChange): URLSearchParams {
  return nextListSearch(current, changes, { sort: 'newest' });
}

export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => readCatalogueParams(params), [params]);

  const update = useCallback(
    (changes: CatalogueChange) => {
      // The address bar holds the newest params even while the router is still rendering the last change.
      setParams(nextCatalogueSearch(new URLSearchParams(window.location.search), changes), { replace: true });
    },
    [setParams],
  );

  /** Each view keeps nothing of the other's filters; switching views is a step the back button undoes. */
  const selectView = useCallback(
    (view: CatalogueView) => setParams(view === 'learning' ? { view: 'learning' } : {}),
    [setParams],
  );

  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const filtered = Boolean(current.q || current.category || current.level);
  return { ...current, filtered, update, selectView, clear };
}
