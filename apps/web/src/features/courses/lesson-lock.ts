import type { LessonLockReply } from '@learnbuild/domain/schemas/courses';

/**
 * Why a gated lesson is locked, in the learner's words and locale (issue 30): "Opens on {date}" for a drip
 * or date lock, "Complete “{title}” first" when another lesson comes first. The server decides; this only says it.
 */
export function lessonLockText(lock: LessonLockReply, locale?: string): string {
  if (lock.prerequisite) return `Complete “${lock.prerequisite.title}” first`;
  if (!lock.opensAt) return 'Not open yet';
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(lock.opensAt),
  );
  return `Opens on ${when}`;
}
