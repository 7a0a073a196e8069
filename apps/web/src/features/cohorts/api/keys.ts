/**
 * Every cohort query starts with the account, so one account never sees another's cache; a join, a leave or an
 * edit refreshes them all by this prefix.
 */
export const cohortsKey = (userId: string | null) => ['cohorts', userId ?? 'anonymous'] as const;

/** The course queries' own prefix: joining a cohort may enrol in the course, which the course page shows. */
export const COURSES_PREFIX = ['courses'] as const;

export const coursePath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;
