import {
  closesPrerequisiteCycle,
  type LessonLock,
  lessonLocks,
  lockMessage,
} from '@learnbuild/domain/rules/course-gating';
import type { DbOrTx } from '../../db/client';
import { forbidden, forbiddenWith, invalidFields } from '../../lib/http-errors';
import type { CourseRow, CourseViewer } from './queries';
import * as queries from './queries';

/** A locked lesson's 403: `{success:false, error, opensAt?}` (opensAt only for a drip or date lock). */
export function lockedLessonError(lock: LessonLock) {
  return forbiddenWith(lockMessage(lock), lock.opensAt ? { opensAt: lock.opensAt } : {});
}

/** Every lesson's lock for an enrolled learner now (null: open); empty when they are not enrolled. */
async function locksOf(db: DbOrTx, course: Pick<CourseRow, 'id' | 'sequential'>, userId: string) {
  const gates = await queries.findLessonGates(db, course.id, userId);
  if (!gates.enrolledAt) return new Map<string, LessonLock | null>();
  return lessonLocks({
    lessons: gates.lessons,
    sequential: course.sequential,
    enrolledAt: gates.enrolledAt,
    now: new Date(),
    completedLessonIds: gates.lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.id),
  });
}

/**
 * Refuses a read or progress write of a lesson that gating holds for this enrolled learner (issue 30).
 * The owner and admins (`canEdit`) are never held.
 */
export async function refuseLockedLesson(
  db: DbOrTx,
  access: { course: Pick<CourseRow, 'id' | 'sequential'>; canEdit: boolean },
  viewer: CourseViewer,
  lessonId: string,
) {
  if (access.canEdit) return;
  const lock = (await locksOf(db, access.course, viewer.id)).get(lessonId);
  if (lock) throw lockedLessonError(lock);
}

/** Refuses completing the course while a lesson not yet completed is still locked; names the first one. */
export async function refuseLockedCourse(
  db: DbOrTx,
  access: { course: Pick<CourseRow, 'id' | 'sequential'>; canEdit: boolean },
  viewer: CourseViewer,
) {
  if (access.canEdit) return;
  for (const lock of (await locksOf(db, access.course, viewer.id)).values()) {
    if (lock) throw lockedLessonError(lock);
  }
}

/** Enrolment in a course with a prerequisite course needs that one completed (admins are never held). */
export async function refuseUnmetCoursePrerequisite(db: DbOrTx, course: CourseRow, viewer: CourseViewer) {
  if (!course.prerequisiteCourseId || viewer.role === 'Admin') return;
  if (await queries.hasCompletedCourse(db, course.prerequisiteCourseId, viewer.id)) return;
  const required = await queries.resolveCourse(db, course.prerequisiteCourseId);
  if (!required) return;
  throw forbidden(`Complete “${required.title}” before enrolling in this course`);
}

const lessonProblem = (message: string) => invalidFields(message, [{ path: 'prerequisiteLessonId', message }]);
const courseProblem = (message: string) => invalidFields(message, [{ path: 'prerequisiteCourseId', message }]);

/** A lesson may require another lesson of the same course, never itself, and never close a loop. */
export async function checkLessonPrerequisite(
  tx: DbOrTx,
  courseId: string,
  lessonId: string | null,
  requiredId: string,
) {
  if (lessonId === requiredId) throw lessonProblem('A lesson cannot require itself');
  const lessons = await queries.listLessonPrerequisites(tx, courseId);
  if (!lessons.some((lesson) => lesson.id === requiredId))
    throw lessonProblem('Choose a lesson of this course to complete first');
  if (!lessonId) return;
  const requires = new Map(lessons.map((lesson) => [lesson.id, lesson.prerequisiteLessonId]));
  if (closesPrerequisiteCycle(lessonId, requiredId, requires))
    throw lessonProblem('That lesson already requires this one: prerequisites cannot go in a circle');
}

/** A course may require another published course, never itself, and never close a loop. */
export async function checkCoursePrerequisite(tx: DbOrTx, courseId: string | null, requiredId: string) {
  if (courseId === requiredId) throw courseProblem('A course cannot require itself');
  const required = await queries.resolveCourse(tx, requiredId);
  if (required?.status !== 'published') throw courseProblem('Choose a published course to complete first');
  if (!courseId) return;
  const chain = await queries.findCoursePrerequisiteChain(tx, requiredId);
  if (closesPrerequisiteCycle(courseId, requiredId, chain))
    throw courseProblem('That course already requires this one: prerequisites cannot go in a circle');
}
