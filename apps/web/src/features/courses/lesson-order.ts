import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';

export interface PlacedLesson extends Lesson {
  sectionId: string;
  sectionTitle: string;
  /** 0-based place in the whole course. */
  index: number;
}

/** Every lesson of the course in reading order: sections, then lessons, each by position. */
export function courseLessons(course: Pick<CourseDetail, 'sections'>): PlacedLesson[] {
  const sections = [...course.sections].sort((a, b) => a.position - b.position);
  const lessons: PlacedLesson[] = [];
  for (const section of sections) {
    for (const lesson of [...section.lessons].sort((a, b) => a.position - b.position)) {
      lessons.push({ ...lesson, sectionId: section.id, sectionTitle: section.title, index: lessons.length });
    }
  }
  return lessons;
}

export interface LessonPlace {
  current: PlacedLesson | null;
  previous: PlacedLesson | null;
  next: PlacedLesson | null;
  total: number;
}

/** The lesson in the address and its neighbours in reading order (null at either end). */
export function lessonPlace(course: Pick<CourseDetail, 'sections'>, lessonId: string | null): LessonPlace {
  const lessons = courseLessons(course);
  const index = lessons.findIndex((lesson) => lesson.id === lessonId);
  if (index < 0) return { current: null, previous: null, next: null, total: lessons.length };
  return {
    current: lessons[index]!,
    previous: index > 0 ? lessons[index - 1]! : null,
    next: index < lessons.length - 1 ? lessons[index + 1]! : null,
    total: lessons.length,
  };
}

/**
 * Where 'Continue' goes: the lesson the learner was last on, else the first one not done yet,
 * else the first lesson (a finished course is re-read from the start).
 */
export function resumeLessonId(course: Pick<CourseDetail, 'sections' | 'viewer'>): string | null {
  const lessons = courseLessons(course);
  const last = lessons.find((lesson) => lesson.id === course.viewer.lastLessonId);
  if (last) return last.id;
  return (lessons.find((lesson) => !lesson.completed) ?? lessons[0])?.id ?? null;
}

/** True when the course has lessons and every one of them is done. */
export function everyLessonDone(course: Pick<CourseDetail, 'sections'>): boolean {
  const lessons = courseLessons(course);
  return lessons.length > 0 && lessons.every((lesson) => lesson.completed);
}

/** The player's address for a lesson: the course page with `?lesson=`. */
export function lessonHref(courseKey: string, lessonId: string): string {
  return `/courses/${encodeURIComponent(courseKey)}?lesson=${encodeURIComponent(lessonId)}`;
}

/** The completion screen's address. */
export function finishedHref(courseKey: string): string {
  return `/courses/${encodeURIComponent(courseKey)}?finished=1`;
}
