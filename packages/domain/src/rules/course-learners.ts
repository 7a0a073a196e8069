import { isAdmin, isInstructor, type Role } from '../roles';

/** Who reads a course reply: a signed-in user, or null for an anonymous visitor. */
export interface LearnerListViewer {
  id: string;
  role: Role;
}

/**
 * Issue 26: a course's learner ids are personal (the same ids sign community posts). Its own instructor and
 * admins see every id a reply lists; the counts (`enrolledCount`) are for everyone.
 */
export function seesAllLearners(viewer: LearnerListViewer | null, instructorId: string): boolean {
  if (!viewer) return false;
  return isAdmin(viewer.role) || (isInstructor(viewer.role) && viewer.id === instructorId);
}

/**
 * `studentsEnrolled` or `completedStudents` as `viewer` may read it (SPEC 3 keeps the names): every listed id
 * for the instructor and admins; for anyone else only their own id, when `viewerIsOne` (enrolled, or having
 * completed), which is how a client tells "am I enrolled"; nothing for an anonymous visitor.
 */
export function visibleLearnerIds(
  viewer: LearnerListViewer | null,
  instructorId: string,
  listed: readonly string[],
  viewerIsOne: boolean,
): string[] {
  if (!viewer) return [];
  if (seesAllLearners(viewer, instructorId)) return [...listed];
  return viewerIsOne ? [viewer.id] : [];
}
