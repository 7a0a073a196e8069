/**
 * Every course query starts with the account, so one account never sees another's cache, and an
 * enrolment, a review or a lesson mark refreshes all of them by this one prefix.
 */
export const coursesKey = (userId: string | null) => ['courses', userId ?? 'anonymous'] as const;

/** The course page and player, by the id or slug in the address. */
export const courseDetailKey = (userId: string | null) => [...coursesKey(userId), 'detail'] as const;
