/**
 * Every dashboard query starts with ['dashboard', userId]: one invalidation refreshes the whole
 * dashboard, and one account never reads another's cache.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (userId: string) => ['dashboard', userId] as const,
  dsaStats: (userId: string) => ['dashboard', userId, 'dsa-stats'] as const,
  dsaActivity: (userId: string) => ['dashboard', userId, 'dsa-activity'] as const,
  subjects: (userId: string) => ['dashboard', userId, 'subjects'] as const,
  courses: (userId: string) => ['dashboard', userId, 'courses'] as const,
  resume: (userId: string) => ['dashboard', userId, 'resume'] as const,
  badges: (userId: string) => ['dashboard', userId, 'badges'] as const,
  studyPlan: (userId: string) => ['dashboard', userId, 'study-plan'] as const,
  activityFeed: (userId: string, page: number, pageSize: number) =>
    ['dashboard', userId, 'activity-feed', page, pageSize] as const,
  adminStats: (userId: string) => ['dashboard', userId, 'admin-stats'] as const,
  adminCharts: (userId: string) => ['dashboard', userId, 'admin-charts'] as const,
};
