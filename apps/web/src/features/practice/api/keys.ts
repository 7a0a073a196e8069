/**
 * Every practice query starts with 'practice'. A problem's page is the same for everyone; what a learner sent
 * (submissions) and may read (the editorial) sits under their account, so one account never reads another's cache.
 */
export const practiceKeys = {
  all: ['practice'] as const,
  problem: (slug: string) => ['practice', 'problem', slug] as const,
  submissions: (userId: string, slug: string) => ['practice', userId, 'submissions', slug] as const,
  submission: (userId: string, id: string) => ['practice', userId, 'submission', id] as const,
  editorial: (userId: string, slug: string) => ['practice', userId, 'editorial', slug] as const,
  /** Which thread is the problem's discussion (a moderator may see one that is hidden from others). */
  discussion: (userId: string | null, slug: string) => ['practice', userId, 'discussion', slug] as const,
};

/** The API's path of a problem's judge part (by slug). */
export const problemPath = (slug: string) => `/api/dsa/problems/${encodeURIComponent(slug)}`;
