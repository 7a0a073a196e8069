import type { DbOrTx } from '../../db/client';
import * as q from './queries';
import { notifyIn, quoted } from './service';

// The notifications the platform's events make (issue 31). Each is called inside the event's own transaction,
// once the event's rows are written; its dedupe key ties it to the event, so it is made once whatever retries.

const threadUrl = (threadId: string, replyId?: string | null) =>
  replyId ? `/community/${threadId}#reply-${replyId}` : `/community/${threadId}`;

/** thread_reply: a reply in my thread (replies have no parents, so the thread's author is the one told). */
export function notifyThreadReply(
  tx: DbOrTx,
  event: {
    thread: { id: string; title: string; authorId: string };
    replyId: string;
    replier: { id: string; name: string };
    /** The reply mail went to the thread's author: the notification is not mailed again. */
    mailed: boolean;
  },
) {
  return notifyIn(tx, {
    kind: 'thread_reply',
    recipients: [event.thread.authorId],
    actorId: event.replier.id,
    title: `${event.replier.name} replied to ${quoted(event.thread.title)}`,
    url: threadUrl(event.thread.id, event.replyId),
    dedupeKey: `reply:${event.replyId}`,
    mailed: event.mailed,
  });
}

/** The most people one post can mention: a longer list of @handles tells no one beyond these. */
export const MENTIONS_PER_POST = 20;

/**
 * The handles a post mentions, lower-cased, each once, in order: `@` at the start or after a character that is
 * not part of a word or an address (so `ana@mail.com` mentions nobody), then a handle's characters.
 */
export function mentionedHandles(body: string): string[] {
  const handles = new Set<string>();
  for (const match of body.matchAll(/(?:^|[^\w@.-])@([a-z0-9_-]{3,30})(?![\w@-])/gi)) {
    handles.add(match[1]!.toLowerCase());
    if (handles.size === MENTIONS_PER_POST) break;
  }
  return [...handles];
}

/**
 * mention: everyone a new thread or reply names by @handle, once per post, never its author, and not those the
 * same post already tells of as their thread's reply (`alreadyTold`).
 */
export async function notifyMentions(
  tx: DbOrTx,
  post: {
    body: string;
    author: { id: string; name: string };
    thread: { id: string; title: string };
    replyId?: string | null;
    alreadyTold?: string[];
  },
) {
  const handles = mentionedHandles(post.body);
  if (handles.length === 0) return 0;
  const told = new Set(post.alreadyTold ?? []);
  const recipients = (await q.usersByHandles(tx, handles)).filter((id) => !told.has(id));
  return notifyIn(tx, {
    kind: 'mention',
    recipients,
    actorId: post.author.id,
    title: `${post.author.name} mentioned you in ${quoted(post.thread.title)}`,
    url: threadUrl(post.thread.id, post.replyId),
    dedupeKey: `mention:${post.replyId ?? post.thread.id}`,
  });
}

/** answer_accepted: my reply chosen as the thread's answer (once per reply, however often it is chosen again). */
export async function notifyAnswerAccepted(
  tx: DbOrTx,
  event: { thread: { id: string; title: string }; replyId: string; replyAuthorId: string; chooserId: string },
) {
  const chooser = await q.userName(tx, event.chooserId);
  return notifyIn(tx, {
    kind: 'answer_accepted',
    recipients: [event.replyAuthorId],
    actorId: event.chooserId,
    title: `${chooser} accepted your answer in ${quoted(event.thread.title)}`,
    url: threadUrl(event.thread.id, event.replyId),
    dedupeKey: `accepted:${event.replyId}`,
  });
}

/** admin_new_report: every admin, when a post is reported. */
export async function notifyAdminsOfReport(
  tx: DbOrTx,
  report: { id: string; reporterId: string; thread: { title: string }; onReply: boolean },
) {
  const reporter = await q.userName(tx, report.reporterId);
  return notifyIn(tx, {
    kind: 'admin_new_report',
    recipients: await q.adminIds(tx),
    actorId: report.reporterId,
    title: `${reporter} reported ${report.onReply ? 'a reply in' : 'the thread'} ${quoted(report.thread.title)}`,
    url: '/admin?tab=reports',
    dedupeKey: `report:${report.id}`,
  });
}

/** report_resolved: the author of a reported post, when a moderator hides it or dismisses the report. */
export function notifyReportResolved(
  tx: DbOrTx,
  event: {
    reportId: string;
    moderatorId: string;
    authorId: string;
    thread: { id: string; title: string };
    replyId: string | null;
    action: 'hide' | 'dismiss';
  },
) {
  const post = event.replyId
    ? `your reply in ${quoted(event.thread.title)}`
    : `your thread ${quoted(event.thread.title)}`;
  return notifyIn(tx, {
    kind: 'report_resolved',
    recipients: [event.authorId],
    actorId: event.moderatorId,
    title:
      event.action === 'hide'
        ? `A moderator hid ${post} after a report`
        : `A report on ${post} was dismissed: it stays up`,
    url: threadUrl(event.thread.id, event.replyId),
    dedupeKey: `report-resolved:${event.reportId}`,
  });
}

/** admin_new_application: every admin, when an instructor application arrives (or comes back). */
export async function notifyAdminsOfApplication(
  tx: DbOrTx,
  application: { id: string; applicantId: string; requestedAt: Date },
) {
  const applicant = await q.userName(tx, application.applicantId);
  return notifyIn(tx, {
    kind: 'admin_new_application',
    recipients: await q.adminIds(tx),
    actorId: application.applicantId,
    title: `${applicant} applied to teach`,
    url: '/admin?tab=applications',
    dedupeKey: `application:${application.id}:${application.requestedAt.toISOString()}`,
  });
}

/** application_decided: the applicant, when an admin approves or rejects their application. */
export function notifyApplicationDecided(
  tx: DbOrTx,
  decision: { applicationId: string; applicantId: string; reviewerId: string; approved: boolean; decidedAt: Date },
) {
  return notifyIn(tx, {
    kind: 'application_decided',
    recipients: [decision.applicantId],
    actorId: decision.reviewerId,
    title: decision.approved
      ? 'Your instructor application was approved'
      : 'Your instructor application was not approved',
    url: decision.approved ? '/instructor-panel' : '/dashboard',
    dedupeKey: `application-decided:${decision.applicationId}:${decision.decidedAt.toISOString()}`,
    // The decision's own mail (SPEC) has already told them: the notification mail job must not tell them again.
    mailed: true,
  });
}

/** course_update: every learner enrolled in a published course, when a lesson is added to it. */
export async function notifyNewLesson(
  tx: DbOrTx,
  event: {
    course: { id: string; slug: string | null; title: string; status: string };
    lesson: { id: string; title: string };
    actorId: string;
  },
) {
  if (event.course.status !== 'published') return 0;
  return notifyIn(tx, {
    kind: 'course_update',
    recipients: await q.enrolledLearners(tx, event.course.id),
    actorId: event.actorId,
    title: `New lesson in ${quoted(event.course.title)}: ${quoted(event.lesson.title)}`,
    url: `/courses/${event.course.slug ?? event.course.id}`,
    dedupeKey: `lesson:${event.lesson.id}`,
  });
}

/** badge_earned: the learner, once per badge. */
export async function notifyBadgesEarned(tx: DbOrTx, userId: string, badges: { id: string; name: string }[]) {
  let made = 0;
  for (const badge of badges) {
    made += await notifyIn(tx, {
      kind: 'badge_earned',
      recipients: [userId],
      title: `You earned the badge ${quoted(badge.name)}`,
      url: '/dashboard',
      dedupeKey: `badge:${badge.id}`,
    });
  }
  return made;
}
