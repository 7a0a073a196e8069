import { COMMUNITY_CATEGORY_SLUGS, THREAD_SORTS } from '@learnbuild/domain/schemas/community';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextListSearch, oneOf, pageParam } from '@/lib/list-params';

export type ThreadSort = (typeof THREAD_SORTS)[number];

export interface CommunityParams {
  category?: string;
  sort: ThreadSort;
  q?: string;
  page: number;
}

export type CommunityChange = Partial<Record<'category' | 'sort' | 'q' | 'page', string | undefined>>;

/** Reads the list's state from the address (`?category=&sort=&q=&page=`); unknown values read as the defaults. */
export function readCommunityParams(params: URLSearchParams): CommunityParams {
  return {
    category: oneOf(COMMUNITY_CATEGORY_SLUGS, params.get('category')),
    sort: oneOf(THREAD_SORTS, params.get('sort')) ?? 'latest',
    q: params.get('q')?.trim() || undefined,
    page: pageParam(params),
  };
}

/**
 * The address after a change: empty values, the default sort and page 1 are left out; any change but the
 * page itself goes back to page 1.
 */
export function nextCommunitySearch(current: URLSearchParams, changes: CommunityChange): URLSearchParams {
  return nextListSearch(current, changes, { sort: 'latest' });
}

/** `/community` with the given search (or none). */
const communityHref = (search: URLSearchParams) => {
  const text = search.toString();
  return text ? `/community?${text}` : '/community';
};

export function useCommunityParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => readCommunityParams(params), [params]);

  /** Typing in the search box replaces the entry; a category, a sort or a page is a step Back undoes. */
  const update = useCallback(
    (changes: CommunityChange, options: { replace?: boolean } = {}) => {
      // The address bar holds the newest params even while the router is still rendering the last change.
      setParams(nextCommunitySearch(new URLSearchParams(window.location.search), changes), {
        replace: options.replace,
      });
    },
    [setParams],
  );

  /** The address after a change, for links (a category or a sort opens in a new tab too). */
  const hrefFor = useCallback(
    (changes: CommunityChange) => communityHref(nextCommunitySearch(params, changes)),
    [params],
  );

  /** `?new=1`: back from logging in to start a thread, the composer opens. */
  return { ...current, update, hrefFor, composing: params.get('new') === '1' };
}
