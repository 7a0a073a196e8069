/**
 * Every blog query starts with the account: an author's drafts never show from another account's cache,
 * and a save refreshes lists, tags and posts by this one prefix.
 */
export const blogKey = (userId: string | null) => ['blog', userId ?? 'anonymous'] as const;

export const blogKeys = {
  lists: (userId: string | null) => [...blogKey(userId), 'list'] as const,
  tags: (userId: string | null) => [...blogKey(userId), 'tags'] as const,
  post: (userId: string | null, slug: string) => [...blogKey(userId), 'post', slug] as const,
};
