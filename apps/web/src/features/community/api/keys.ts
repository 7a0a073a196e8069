/**
 * Every community query starts with `all`; a thread's detail carries the viewer's id (their votes and
 * rights differ), so signing in or out never shows someone else's view from the cache.
 */
export const communityKeys = {
  all: ['community'] as const,
  categories: () => [...communityKeys.all, 'categories'] as const,
  lists: () => [...communityKeys.all, 'threads'] as const,
  threads: () => [...communityKeys.all, 'thread'] as const,
  thread: (id: string) => [...communityKeys.threads(), id] as const,
};
