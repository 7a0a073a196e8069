/** Every Instructor Panel query starts with this key. */
export const instructorPanelKeys = {
  all: ['instructor-panel'] as const,
  teaching: ['instructor-panel', 'teaching'] as const,
  learners: (courseId: string, filter: { page: number; q?: string }) =>
    ['instructor-panel', 'learners', courseId, filter] as const,
  insight: (courseId: string) => ['instructor-panel', 'insight', courseId] as const,
};
