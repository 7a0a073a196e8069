/**
 * Gating (issue 30): when a lesson of a course opens for an enrolled learner. One rule, used by the server on
 * every read and progress write and by nothing else; the web app shows what the server replies.
 *
 * - Drip by days: a lesson with `releaseAfterDays` N opens N × 24 hours after the learner enrolled, to the
 *   millisecond (not at a midnight of some time zone: the same instant for the learner wherever they travel).
 * - Drip by date: a lesson with `releaseAt` opens at that instant for everyone.
 * - Both set: the later of the two.
 * - Prerequisite: a lesson naming another lesson opens once that one is completed.
 * - Sequential course: each lesson opens once the one before it in course order is completed.
 * - A lesson the learner has completed stays open, whatever was added later; a free preview is open to all.
 * A lesson locked both by a lesson to complete and by time reports the lesson to complete (its opening depends
 * on the learner, so no date is promised); a lesson locked only by time reports when it opens.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const RELEASE_AFTER_DAYS_MAX = 3650;

export interface GatedLesson {
  id: string;
  title: string;
  freePreview?: boolean;
  releaseAfterDays: number | null;
  releaseAt: Date | string | null;
  prerequisiteLessonId: string | null;
}

export type LockReason = 'drip' | 'date' | 'prerequisite' | 'sequence';

export interface LessonLock {
  reason: LockReason;
  /** ISO instant the lesson opens, for drip and date locks; null when a lesson must be completed first. */
  opensAt: string | null;
  /** The lesson to complete first, for prerequisite and sequence locks. */
  prerequisite: { id: string; title: string } | null;
}

export interface CourseGatingInput {
  /** The lessons in course order (sections, then lessons). */
  lessons: readonly GatedLesson[];
  sequential: boolean;
  enrolledAt: Date;
  now: Date;
  completedLessonIds: Iterable<string>;
}

/** The moment time alone lets the lesson open (drip and date, the later wins), or null when time never holds it. */
export function timeOpensAt(lesson: GatedLesson, enrolledAt: Date): Date | null {
  const moments: number[] = [];
  if (lesson.releaseAfterDays !== null && lesson.releaseAfterDays > 0)
    moments.push(enrolledAt.getTime() + lesson.releaseAfterDays * DAY_MS);
  if (lesson.releaseAt !== null) moments.push(new Date(lesson.releaseAt).getTime());
  if (moments.length === 0) return null;
  return new Date(Math.max(...moments));
}

/** Per lesson id: null when open to the learner, else why it is locked. */
export function lessonLocks(input: CourseGatingInput): Map<string, LessonLock | null> {
  const completed = new Set(input.completedLessonIds);
  const byId = new Map(input.lessons.map((lesson) => [lesson.id, lesson]));
  const locks = new Map<string, LessonLock | null>();
  input.lessons.forEach((lesson, index) => {
    if (completed.has(lesson.id) || lesson.freePreview) {
      locks.set(lesson.id, null);
      return;
    }
    const required = lesson.prerequisiteLessonId ? byId.get(lesson.prerequisiteLessonId) : undefined;
    if (required && required.id !== lesson.id && !completed.has(required.id)) {
      locks.set(lesson.id, {
        reason: 'prerequisite',
        opensAt: null,
        prerequisite: { id: required.id, title: required.title },
      });
      return;
    }
    const before = index > 0 ? input.lessons[index - 1] : undefined;
    if (input.sequential && before && !completed.has(before.id)) {
      locks.set(lesson.id, { reason: 'sequence', opensAt: null, prerequisite: { id: before.id, title: before.title } });
      return;
    }
    const opensAt = timeOpensAt(lesson, input.enrolledAt);
    if (opensAt && opensAt.getTime() > input.now.getTime()) {
      const byDate =
        lesson.releaseAt !== null && new Date(lesson.releaseAt).getTime() === opensAt.getTime() ? 'date' : 'drip';
      locks.set(lesson.id, { reason: byDate, opensAt: opensAt.toISOString(), prerequisite: null });
      return;
    }
    locks.set(lesson.id, null);
  });
  return locks;
}

/** The sentence a refused read or write carries (the 403's `error`). */
export function lockMessage(lock: LessonLock): string {
  if (lock.prerequisite) return `Complete “${lock.prerequisite.title}” first`;
  const at = lock.opensAt ?? '';
  return `This lesson opens on ${at.slice(0, 10)} at ${at.slice(11, 16)} UTC`;
}

/**
 * Whether making `fromId` require `toId` closes a loop: true when `toId` already leads back to `fromId`
 * through `requires` (id → the id it requires). Also true for `fromId === toId`.
 */
export function closesPrerequisiteCycle(
  fromId: string,
  toId: string,
  requires: ReadonlyMap<string, string | null>,
): boolean {
  const seen = new Set<string>();
  let current: string | null | undefined = toId;
  while (current) {
    if (current === fromId) return true;
    if (seen.has(current)) return false;
    seen.add(current);
    current = requires.get(current);
  }
  return false;
}
