// The courses' limits and progress rules, free of zod: the public course page reads them without loading any schema.

export const COURSE_PAGE_SIZE = 12;
export const COURSE_TITLE_MIN = 3;
export const COURSE_TITLE_MAX = 120;
export const COURSE_SUBTITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 20_000;
export const COURSE_TAGS_MAX = 8;
export const COURSE_TAG_MAX = 30;
export const COURSE_OUTCOMES_MAX = 10;
export const COURSE_OUTCOME_MAX = 160;
export const SECTION_TITLE_MAX = 120;
export const LESSON_TITLE_MAX = 120;
export const LESSON_BODY_MAX = 100_000;
export const LESSON_DURATION_MAX_MINUTES = 600;
export const QUIZ_QUESTIONS_MAX = 30;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 6;
export const REVIEW_BODY_MAX = 2000;
export const COURSE_SEARCH_MAX = 100;

// The catalogue's choices (levels, categories, sorts): the course list's filters show them without loading zod.
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const COURSE_CATEGORIES = [
  'Web Development',
  'Data Structures & Algorithms',
  'Databases',
  'System Design',
  'Programming Languages',
  'Computer Science Fundamentals',
  'Career',
] as const;
export const COURSE_SORTS = ['newest', 'popular'] as const;

/** A quiz counts as complete at this share of correct answers. */
export const QUIZ_PASS_RATIO = 0.7;

/** Whether `correct` answers out of `total` pass a quiz (exactly QUIZ_PASS_RATIO passes; an empty quiz never does). */
export function isQuizPassed(correct: number, total: number): boolean {
  return total > 0 && correct / total >= QUIZ_PASS_RATIO;
}

/** Percent of a course done, rounded to a whole number; 0 for a course without lessons. */
export function courseProgressPercent(completedLessons: number, lessonCount: number): number {
  if (lessonCount <= 0) return 0;
  return Math.round((Math.min(completedLessons, lessonCount) / lessonCount) * 100);
}
