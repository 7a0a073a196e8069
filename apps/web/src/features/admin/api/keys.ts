/** Every admin query starts with this key: a decision or a role change refreshes them all. */
export const adminQueryKey = ['admin'] as const;
