import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextListSearch, pageParam } from '@/lib/list-params';

export interface BlogParams {
  tag?: string;
  q?: string;
  page: number;
  /** The author's own posts, drafts and scheduled ones included (`?mine=1`). */
  mine: boolean;
}

export type BlogChange = Partial<Record<'tag' | 'q' | 'page', string | undefined>>;

/** Reads the list's state from the address: a reload, a shared link or the back button keeps it. */
export function readBlogParams(params: URLSearchParams): BlogParams {
  return {
    tag: params.get('tag')?.trim().toLowerCase() || undefined,
    q: params.get('q')?.trim() || undefined,
    page: pageParam(params),
    mine: params.get('mine') === '1',
  };
}

/** The next address after a change: empty values and page 1 are left out; any change but the page goes back to page 1. */
export function nextBlogSearch(current: URLSearchParams, changes: BlogChange): URLSearchParams {
  return nextListSearch(current, changes);
}

export function useBlogParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => readBlogParams(params), [params]);

  /** Typing in the search box replaces the entry; a tag or a page is a step the back button undoes. */
  const update = useCallback(
    (changes: BlogChange, options: { replace?: boolean } = {}) => {
      // The address bar holds the newest params even while the router is still rendering the last change.
      setParams(nextBlogSearch(new URLSearchParams(window.location.search), changes), { replace: options.replace });
    },
    [setParams],
  );

  /** The address after a change, for links (a tag chip opens in a new tab too). */
  const hrefFor = useCallback(
    (changes: BlogChange) => {
      const search = nextBlogSearch(params, changes).toString();
      return search ? `/blog?${search}` : '/blog';
    },
    [params],
  );

  const clear = useCallback(() => setParams(current.mine ? { mine: '1' } : {}), [setParams, current.mine]);
  const filtered = Boolean(current.q || current.tag);
  return { ...current, filtered, update, hrefFor, clear };
}
