import { can } from '@learnbuild/domain/roles';
import type { AuditAction } from '@learnbuild/domain/schemas/admin';
import {
  type CategoriesReply,
  type CommunityReply,
  DISCUSSION_HAS_REPLIES_MESSAGE,
  DISCUSSION_HIDDEN_MESSAGE,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_REPLIES_PER_HOUR,
  NEW_ACCOUNT_THREADS_PER_HOUR,
  PROBLEM_DISCUSSION_CATEGORY,
  type Preferences,
  type ProblemDiscussionReply,
  problemDiscussionTitle,
  REPLIES_PAGE_SIZE,
  REPORTS_PAGE_SIZE,
  type ReportsReply,
  THREADS_PAGE_SIZE,
  type ThreadDetail,
  type ThreadSummary,
  type ThreadsReply,
  threadsReplySchema,
} from '@learnbuild/domain/schemas/community';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import { isUuid } from '../../lib/uuid';
import { enqueueMail } from '../../mail/outbox';
import type { SessionUser } from '../../plugins/auth';
import { insertAuditEntry } from '../admin/queries';
import { awardBadges } from '../badges/service';
import { PROBLEM_NOT_FOUND } from '../dsa/service';
import {
  notifyAdminsOfReport,
  notifyAnswerAccepted,
  notifyMentions,
  notifyReportResolved,
  notifyThreadReply,
} from '../notifications/event-notifications';
import { forgetChannelChoice } from '../notifications/queries';
import { channelOf } from '../notifications/service';
import { unsubscribeLink } from '../notifications/unsubscribe';
import { communityLists } from './list-cache';
import { replyMail } from './mails';
import * as q from './queries';

export interface CommunityContext {
  db: Db;
  config: Config;
}

/** Who is asking: null for an anonymous reader. */
export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

export const THREAD_NOT_FOUND = 'Thread not found';
export const REPLY_NOT_FOUND = 'Reply not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const UNVERIFIED_MESSAGE = 'Please verify your email address before posting in the community';
export const LOCKED_MESSAGE = 'This thread is locked: it takes no new replies or edits';
export const OWN_VOTE_MESSAGE = 'You cannot vote on your own post';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this post; a moderator will look at it soon';
export const REPORT_HANDLED_MESSAGE = 'This report has already been handled';
export const threadLimitMessage = `New accounts can start ${NEW_ACCOUNT_THREADS_PER_HOUR} threads an hour. Please try again later.`;
export const replyLimitMessage = `New accounts can post ${NEW_ACCOUNT_REPLIES_PER_HOUR} replies an hour. Please try again later.`;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** A write that the thread lists show: the cached lists of this instance are forgotten once it commits. */
async function changeLists<T>(ctx: CommunityContext, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(write);
  communityLists.forget(ctx.db);
  return result;
}

const isModerator = (viewer: Viewer) => viewer !== null && can(viewer.role, 'moderateCommunity');

/** The signed-in user, when their address is verified: only verified accounts write in the community. */
export async function verifiedPoster(db: DbOrTx, userId: string): Promise<q.Poster> {
  const poster = await q.findPoster(db, userId);
  if (!poster) throw unauthorized();
  if (!poster.emailVerifiedAt) throw forbidden(UNVERIFIED_MESSAGE);
  return poster;
}

/**
 * Accounts younger than NEW_ACCOUNT_DAYS may write `limit` threads (or replies) per hour, counted from
 * the tables. Call it after lockPoster, so two requests of one user cannot both pass at the last place.
 */
async function checkNewAccountLimit(tx: DbOrTx, poster: q.Poster, kind: 'thread' | 'reply', now: Date) {
  if (now.getTime() - poster.createdAt.getTime() >= NEW_ACCOUNT_DAYS * DAY_MS) return;
  const limit = kind === 'thread' ? NEW_ACCOUNT_THREADS_PER_HOUR : NEW_ACCOUNT_REPLIES_PER_HOUR;
  const recent = await q.countRecentPosts(tx, kind, poster.id, new Date(now.getTime() - HOUR_MS));
  if (recent.count < limit) return;
  const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
  throw tooManyRequests((freeAt - now.getTime()) / 1000, kind === 'thread' ? threadLimitMessage : replyLimitMessage);
}

// Reading

export async function listCategories(db: DbOrTx): Promise<CategoriesReply['categories']> {
  return communityLists.get(db, 'categories', () => q.listCategoriesWithCounts(db));
}

export function toSummary(row: q.ThreadSummaryRow): ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    author: { id: row.authorId, name: row.authorName },
    replyCount: row.replyCount,
    votes: row.votes,
    answered: row.acceptedReplyId !== null,
    lastActivityAt: row.lastActivityAt.toISOString(),
    tags: row.tags,
    pinned: row.pinned,
    locked: row.locked,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The thread list reply as JSON text: checked against its schema and serialized once per cache fill, so a
 * cached read costs neither a query nor a serialization.
 */
export function threadsReplyJson(
  db: DbOrTx,
  query: { category?: string; q?: string; sort: 'latest' | 'top' | 'unanswered'; page: number },
): Promise<string> {
  const key = JSON.stringify(['threads', query.category, query.q, query.sort, query.page]);
  return communityLists.get(db, key, async () => {
    const filter = {
      category: query.category,
      q: query.q,
      sort: query.sort,
      ...pageWindow(query.page, THREADS_PAGE_SIZE),
    };
    let { rows, total } = await q.listThreads(db, filter);
    // A query of stop words only ("the", "how to") or of punctuation holds nothing to search for (it matches
    // nothing): it is ignored and the list reads as without it.
    if (query.q && total === 0 && !(await q.hasSearchableWords(db, query.q))) {
      ({ rows, total } = await q.listThreads(db, { ...filter, q: undefined }));
    }
    const reply: ThreadsReply = { success: true, threads: rows.map(toSummary), total };
    return JSON.stringify(threadsReplySchema.parse(reply));
  });
}

function toReply(row: q.ReplyRow, acceptedReplyId: string | null, viewer: Viewer): CommunityReply {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.authorId, name: row.authorName },
    votes: row.votes,
    voted: row.voted,
    accepted: row.id === acceptedReplyId,
    hidden: row.hidden,
    containsSolution: row.containsSolution,
    editedAt: row.editedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    canEdit: viewer !== null && viewer.id === row.authorId,
  };
}

/** A thread as `viewer` may see it, or 404: hidden threads exist for moderators only. */
async function visibleThread(db: DbOrTx, id: string, viewer: Viewer): Promise<q.ThreadRow> {
  const row = isUuid(id) ? await q.findThread(db, id) : undefined;
  if (!row || (row.hidden && !isModerator(viewer))) throw notFound(THREAD_NOT_FOUND);
  return row;
}

export async function getThread(db: DbOrTx, id: string, viewer: Viewer, page = 1): Promise<ThreadDetail> {
  const row = await visibleThread(db, id, viewer);
  const moderator = isModerator(viewer);
  const [replies, voted] = await Promise.all([
    q.listReplies(db, row.id, {
      includeHidden: moderator,
      acceptedReplyId: row.acceptedReplyId,
      viewerId: viewer?.id ?? null,
      ...pageWindow(page, REPLIES_PAGE_SIZE),
    }),
    viewer ? q.hasVoted(db, viewer.id, { kind: 'thread', id: row.id }) : false,
  ]);
  const isAuthor = viewer !== null && viewer.id === row.authorId;
  return {
    ...toSummary(row),
    body: row.body,
    hidden: row.hidden,
    containsSolution: row.containsSolution,
    problem: row.problemSlug && row.problemTitle ? { slug: row.problemSlug, title: row.problemTitle } : null,
    editedAt: row.editedAt?.toISOString() ?? null,
    voted,
    acceptedReplyId: row.acceptedReplyId,
    replies: replies.rows.map((reply) => toReply(reply, row.acceptedReplyId, viewer)),
    repliesTotal: replies.total,
    viewer: { canEdit: isAuthor, canModerate: moderator, canAccept: isAuthor },
  };
}

// Threads

/** A locked thread row `viewer` may act on, or 404 (missing, or hidden from them). */
async function lockVisibleThread(tx: DbOrTx, id: string, viewer: Viewer): Promise<q.LockedThread> {
  const thread = isUuid(id) ? await q.lockThread(tx, id) : undefined;
  if (!thread || (thread.hidden && !isModerator(viewer))) throw notFound(THREAD_NOT_FOUND);
  return thread;
}

async function categoryIdOf(tx: DbOrTx, slug: string): Promise<string> {
  const id = await q.findCategoryId(tx, slug);
  // The categories are seeded at every start; a missing one is a server fault, not the client's.
  if (!id) throw new Error(`community category ${slug} is not seeded`);
  return id;
}

export async function createThread(
  ctx: CommunityContext,
  poster: q.Poster,
  body: { title: string; body: string; category: string; tags: string[]; containsSolution?: boolean },
  now = new Date(),
): Promise<ThreadDetail> {
  const id = await changeLists(ctx, async (tx) => {
    await q.lockPoster(tx, poster.id);
    await checkNewAccountLimit(tx, poster, 'thread', now);
    const threadId = await q.insertThread(tx, {
      categoryId: await categoryIdOf(tx, body.category),
      authorId: poster.id,
      title: body.title,
      body: body.body,
      tags: [...new Set(body.tags)],
      containsSolution: body.containsSolution ?? false,
      at: now,
    });
    await notifyMentions(tx, { body: body.body, author: poster, thread: { id: threadId, title: body.title } });
    return threadId;
  });
  return getThread(ctx.db, id, poster);
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, index) => tag === b[index]);

/** The author edits their thread; a change sets the 'edited' mark, an edit that changes nothing does not. */
export async function updateThread(
  ctx: CommunityContext,
  poster: q.Poster,
  id: string,
  body: { title?: string; body?: string; category?: string; tags?: string[]; containsSolution?: boolean },
  now = new Date(),
): Promise<ThreadDetail> {
  await changeLists(ctx, async (tx) => {
    const thread = await lockVisibleThread(tx, id, poster);
    if (thread.authorId !== poster.id) throw forbidden('Only the author can edit this thread');
    if (thread.locked) throw conflict(LOCKED_MESSAGE);
    const set: Parameters<typeof q.updateThread>[2] = {};
    if (body.title !== undefined && body.title !== thread.title) set.title = body.title;
    if (body.body !== undefined && body.body !== thread.body) set.body = body.body;
    if (body.containsSolution !== undefined && body.containsSolution !== thread.containsSolution) {
      set.containsSolution = body.containsSolution;
    }
    if (body.tags !== undefined) {
      const tags = [...new Set(body.tags)];
      if (!sameTags(tags, thread.tags)) set.tags = tags;
    }
    if (body.category !== undefined) {
      const categoryId = await categoryIdOf(tx, body.category);
      if (categoryId !== thread.categoryId) set.categoryId = categoryId;
    }
    if (Object.keys(set).length > 0) await q.updateThread(tx, thread.id, { ...set, editedAt: now });
  });
  return getThread(ctx.db, id, poster);
}

/** The author deletes their own thread, a moderator anyone's (audit-logged); its replies go with it. */
export async function deleteThread(ctx: CommunityContext, viewer: Viewer & object, id: string): Promise<void> {
  await changeLists(ctx, async (tx) => {
    const thread = await lockVisibleThread(tx, id, viewer);
    const isAuthor = thread.authorId === viewer.id;
    if (!isAuthor && !isModerator(viewer)) throw forbidden('Only the author or a moderator can delete this thread');
    // A problem's discussion is everyone's: its opener cannot take the others' replies away with their post.
    if (isAuthor && !isModerator(viewer) && thread.problemId && (await q.hasRepliesByOthers(tx, thread))) {
      throw conflict(DISCUSSION_HAS_REPLIES_MESSAGE);
    }
    if (!isAuthor) {
      await insertAuditEntry(tx, {
        actorId: viewer.id,
        action: 'community.thread_deleted',
        targetUserId: thread.authorId,
        details: { threadId: thread.id, title: thread.title },
      });
    }
    await q.deleteThread(tx, thread.id);
  });
}

// Replies

export async function createReply(
  ctx: CommunityContext,
  poster: q.Poster,
  threadId: string,
  post: { body: string; containsSolution?: boolean },
  now = new Date(),
): Promise<CommunityReply> {
  const replyId = await changeLists(ctx, async (tx) => {
    await q.lockPoster(tx, poster.id);
    const thread = await lockVisibleThread(tx, threadId, poster);
    return addReply(ctx, tx, poster, thread, post, now);
  });
  return replyFor(ctx.db, replyId, poster);
}

/** A reply in a thread already locked (and visible to the poster), counted and mailed to the thread's author. */
async function addReply(
  ctx: CommunityContext,
  tx: DbOrTx,
  poster: q.Poster,
  thread: q.LockedThread,
  post: { body: string; containsSolution?: boolean },
  now: Date,
): Promise<string> {
  const { body } = post;
  {
    if (thread.locked) throw conflict(LOCKED_MESSAGE);
    await checkNewAccountLimit(tx, poster, 'reply', now);
    const id = await q.insertReply(tx, {
      threadId: thread.id,
      authorId: poster.id,
      body,
      containsSolution: post.containsSolution ?? false,
      at: now,
    });
    await q.changeReplyCount(tx, thread.id, 1, now);
    // The reply mail is the thread_reply notification's mail, sent at once as before when replies reach the
    // author by mail ("mail me on reply", or 'mail' chosen in the notification settings).
    const mailed = thread.authorId !== poster.id && (await channelOf(tx, thread.authorId, 'thread_reply')) === 'mail';
    await notifyThreadReply(tx, { thread, replyId: id, replier: poster, mailed });
    await notifyMentions(tx, { body, author: poster, thread, replyId: id, alreadyTold: [thread.authorId] });
    if (mailed) {
      const base = ctx.config.publicUrl;
      await enqueueMail(
        tx,
        replyMail({
          to: thread.authorEmail,
          name: thread.authorName,
          replierName: poster.name,
          threadTitle: thread.title,
          replyBody: body,
          threadUrl: `${base}/community/${thread.id}`,
          settingsUrl: `${base}/profile`,
          // One-click unsubscribe from reply mails (RFC 8058), as every notification mail carries.
          unsubscribe: unsubscribeLink(ctx.config, thread.authorId, 'thread_reply', now),
        }),
      );
    }
    return id;
  }
}

async function replyFor(db: DbOrTx, replyId: string, viewer: Viewer): Promise<CommunityReply> {
  const row = await q.findReply(db, replyId, viewer?.id ?? null);
  if (!row) throw notFound(REPLY_NOT_FOUND);
  const thread = await q.findThread(db, row.threadId);
  return toReply(row, thread?.acceptedReplyId ?? null, viewer);
}

/**
 * A reply and its thread, both locked, when `viewer` may see both; else 404. Like every write here it locks the
 * thread before the reply, so two writes on one thread cannot deadlock.
 */
async function lockVisibleReply(tx: DbOrTx, id: string, viewer: Viewer) {
  const threadId = isUuid(id) ? await q.findReplyThreadId(tx, id) : undefined;
  const thread = threadId ? await q.lockThread(tx, threadId) : undefined;
  const reply = thread ? await q.lockReply(tx, id) : undefined;
  if (!thread || !reply || ((reply.hidden || thread.hidden) && !isModerator(viewer))) throw notFound(REPLY_NOT_FOUND);
  return { reply, thread };
}

export async function updateReply(
  ctx: CommunityContext,
  poster: q.Poster,
  id: string,
  post: { body: string; containsSolution?: boolean },
  now = new Date(),
): Promise<CommunityReply> {
  await changeLists(ctx, async (tx) => {
    const { reply, thread } = await lockVisibleReply(tx, id, poster);
    if (reply.authorId !== poster.id) throw forbidden('Only the author can edit this reply');
    if (thread.locked) throw conflict(LOCKED_MESSAGE);
    const set: Parameters<typeof q.updateReply>[2] = {};
    if (post.body !== reply.body) set.body = post.body;
    if (post.containsSolution !== undefined && post.containsSolution !== reply.containsSolution) {
      set.containsSolution = post.containsSolution;
    }
    if (Object.keys(set).length > 0) await q.updateReply(tx, reply.id, { ...set, editedAt: now });
  });
  return replyFor(ctx.db, id, poster);
}

/** The author deletes their own reply, a moderator anyone's (audit-logged); counters follow in the same step. */
export async function deleteReply(ctx: CommunityContext, viewer: Viewer & object, id: string): Promise<void> {
  await changeLists(ctx, async (tx) => {
    const { reply, thread } = await lockVisibleReply(tx, id, viewer);
    const isAuthor = reply.authorId === viewer.id;
    if (!isAuthor && !isModerator(viewer)) throw forbidden('Only the author or a moderator can delete this reply');
    if (!isAuthor) {
      await insertAuditEntry(tx, {
        actorId: viewer.id,
        action: 'community.reply_deleted',
        targetUserId: reply.authorId,
        details: { threadId: thread.id, replyId: reply.id, threadTitle: thread.title },
      });
    }
    await q.deleteReply(tx, reply.id);
    if (!reply.hidden) await q.changeReplyCount(tx, thread.id, -1);
    if (thread.acceptedReplyId === reply.id) await q.updateThread(tx, thread.id, { acceptedReplyId: null });
  });
}

// Votes

/**
 * Adds (`on`) or takes back the user's vote. Idempotent: a second vote changes nothing. The vote row and
 * the counter change in one transaction, and only the request whose row went in (or came out) moves it.
 */
export async function vote(
  ctx: CommunityContext,
  poster: q.Poster,
  target: q.VoteTarget,
  on: boolean,
): Promise<{ votes: number; voted: boolean }> {
  return ctx.db.transaction(async (tx) => {
    let authorId: string;
    if (target.kind === 'thread') {
      const thread = isUuid(target.id) ? await q.findThread(tx, target.id) : undefined;
      if (!thread || (thread.hidden && !isModerator(poster))) throw notFound(THREAD_NOT_FOUND);
      authorId = thread.authorId;
    } else {
      const reply = isUuid(target.id) ? await q.findReply(tx, target.id, null) : undefined;
      const thread = reply && (await q.findThread(tx, reply.threadId));
      if (!reply || !thread || ((reply.hidden || thread.hidden) && !isModerator(poster))) {
        throw notFound(REPLY_NOT_FOUND);
      }
      authorId = reply.authorId;
    }
    if (authorId === poster.id) throw forbidden(OWN_VOTE_MESSAGE);
    const changed = on ? await q.insertVote(tx, poster.id, target) : await q.deleteVote(tx, poster.id, target);
    const votes = await q.changeVotes(tx, target, changed ? (on ? 1 : -1) : 0);
    return { votes, voted: on };
  });
}

// Answers

/** Only the thread's author marks (or unmarks) the answer; it must be a visible reply of the thread. */
export async function setAnswer(
  ctx: CommunityContext,
  poster: q.Poster,
  threadId: string,
  replyId: string | null,
): Promise<ThreadDetail> {
  await changeLists(ctx, async (tx) => {
    const thread = await lockVisibleThread(tx, threadId, poster);
    if (thread.authorId !== poster.id) throw forbidden('Only the author of the thread can choose its answer');
    const reply = replyId !== null && isUuid(replyId) ? await q.lockReply(tx, replyId) : undefined;
    if (replyId !== null && (!reply || reply.threadId !== thread.id || reply.hidden)) throw notFound(REPLY_NOT_FOUND);
    if (thread.acceptedReplyId !== replyId) {
      await q.updateThread(tx, thread.id, { acceptedReplyId: replyId });
      // The chosen reply's author may earn the accepted-answer badge (issue 29), in the same transaction.
      if (reply && reply.authorId !== poster.id) {
        await awardBadges(tx, reply.authorId);
        await notifyAnswerAccepted(tx, {
          thread,
          replyId: reply.id,
          replyAuthorId: reply.authorId,
          chooserId: poster.id,
        });
      }
    }
  });
  return getThread(ctx.db, threadId, poster);
}

// Moderation

const FLAG_ACTIONS: Record<'hidden' | 'locked' | 'pinned', [on: AuditAction, off: AuditAction]> = {
  hidden: ['community.thread_hidden', 'community.thread_unhidden'],
  locked: ['community.thread_locked', 'community.thread_unlocked'],
  pinned: ['community.thread_pinned', 'community.thread_unpinned'],
};

async function moderateThreadIn(
  tx: DbOrTx,
  moderatorId: string,
  thread: q.LockedThread,
  flags: { hidden?: boolean; locked?: boolean; pinned?: boolean },
  now: Date,
  extraDetails: Record<string, unknown> = {},
): Promise<string[]> {
  const set: { hidden?: boolean; locked?: boolean; pinned?: boolean } = {};
  for (const flag of ['hidden', 'locked', 'pinned'] as const) {
    const wanted = flags[flag];
    if (wanted === undefined || wanted === thread[flag]) continue;
    set[flag] = wanted;
    await insertAuditEntry(tx, {
      actorId: moderatorId,
      action: FLAG_ACTIONS[flag][wanted ? 0 : 1],
      targetUserId: thread.authorId,
      details: { threadId: thread.id, title: thread.title, ...extraDetails },
    });
  }
  if (Object.keys(set).length > 0) await q.updateThread(tx, thread.id, set);
  // Hiding a post settles what was reported about it.
  if (!set.hidden) return [];
  return q.closeOpenReports(tx, { threadId: thread.id, replyId: null }, 'resolved', moderatorId, now);
}

async function hideReplyIn(
  tx: DbOrTx,
  moderatorId: string,
  reply: NonNullable<Awaited<ReturnType<typeof q.lockReply>>>,
  thread: q.LockedThread,
  hidden: boolean,
  now: Date,
  extraDetails: Record<string, unknown> = {},
): Promise<string[]> {
  if (reply.hidden === hidden) return [];
  await q.updateReply(tx, reply.id, { hidden });
  await q.changeReplyCount(tx, thread.id, hidden ? -1 : 1);
  // A hidden reply cannot stay the thread's answer: the thread reads as unanswered again.
  if (hidden && thread.acceptedReplyId === reply.id) await q.updateThread(tx, thread.id, { acceptedReplyId: null });
  await insertAuditEntry(tx, {
    actorId: moderatorId,
    action: hidden ? 'community.reply_hidden' : 'community.reply_unhidden',
    targetUserId: reply.authorId,
    details: {
      threadId: thread.id,
      replyId: reply.id,
      threadTitle: thread.title,
      ...(hidden && thread.acceptedReplyId === reply.id ? { wasAcceptedAnswer: true } : {}),
      ...extraDetails,
    },
  });
  if (!hidden) return [];
  return q.closeOpenReports(tx, { threadId: null, replyId: reply.id }, 'resolved', moderatorId, now);
}

export async function moderateThread(
  ctx: CommunityContext,
  moderator: Viewer & object,
  id: string,
  flags: { hidden?: boolean; locked?: boolean; pinned?: boolean },
  now = new Date(),
): Promise<ThreadDetail> {
  await changeLists(ctx, async (tx) => {
    const thread = await lockVisibleThread(tx, id, moderator);
    await moderateThreadIn(tx, moderator.id, thread, flags, now);
  });
  return getThread(ctx.db, id, moderator);
}

export async function moderateReply(
  ctx: CommunityContext,
  moderator: Viewer & object,
  id: string,
  hidden: boolean,
  now = new Date(),
): Promise<CommunityReply> {
  await changeLists(ctx, async (tx) => {
    const { reply, thread } = await lockVisibleReply(tx, id, moderator);
    await hideReplyIn(tx, moderator.id, reply, thread, hidden, now);
  });
  return replyFor(ctx.db, id, moderator);
}

// Reports

/** Any verified user reports a post they can see; one open report per user per post. */
export async function report(
  ctx: CommunityContext,
  poster: q.Poster,
  target: { kind: 'thread' | 'reply'; id: string },
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await q.lockPoster(tx, poster.id);
    let reportTarget: q.ReportTarget;
    let threadTitle: string;
    if (target.kind === 'thread') {
      const thread = await lockVisibleThread(tx, target.id, poster);
      reportTarget = { threadId: thread.id, replyId: null };
      threadTitle = thread.title;
    } else {
      const { reply, thread } = await lockVisibleReply(tx, target.id, poster);
      reportTarget = { threadId: null, replyId: reply.id };
      threadTitle = thread.title;
    }
    if (await q.findOpenReportBy(tx, poster.id, reportTarget)) throw conflict(ALREADY_REPORTED_MESSAGE);
    const reportId = await q.insertReport(tx, { reporterId: poster.id, reason, ...reportTarget });
    await notifyAdminsOfReport(tx, {
      id: reportId,
      reporterId: poster.id,
      thread: { title: threadTitle },
      onReply: reportTarget.replyId !== null,
    });
  });
}

const EXCERPT_LENGTH = 280;

export async function listReports(
  db: DbOrTx,
  query: { status: 'open' | 'resolved' | 'dismissed'; page: number },
): Promise<Omit<ReportsReply, 'success'>> {
  const { rows, total } = await q.listReports(db, {
    status: query.status,
    ...pageWindow(query.page, REPORTS_PAGE_SIZE),
  });
  return {
    total,
    reports: rows.map((row) => ({
      id: row.id,
      reason: row.reason,
      status: row.status,
      reporter: { id: row.reporterId, name: row.reporterName },
      target: {
        kind: row.replyId ? ('reply' as const) : ('thread' as const),
        id: row.replyId ?? row.threadId,
        threadId: row.threadId,
        threadTitle: row.threadTitle,
        excerpt: row.body.length > EXCERPT_LENGTH ? `${row.body.slice(0, EXCERPT_LENGTH - 1)}…` : row.body,
        author: { id: row.authorId, name: row.authorName },
        hidden: row.hidden,
      },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Settles a report: `hide` hides the post (closing every open report on it as resolved), `dismiss` leaves
 * it up (closing every open report on it as dismissed). Both are audit-logged; a second call is a 409.
 */
export async function resolveReport(
  ctx: CommunityContext,
  moderator: Viewer & object,
  reportId: string,
  action: 'hide' | 'dismiss',
  now = new Date(),
): Promise<number> {
  return changeLists(ctx, async (tx) => {
    const target = isUuid(reportId) ? await q.findReportTarget(tx, reportId) : undefined;
    if (!target) throw notFound(REPORT_NOT_FOUND);
    // The post first, then the report: the order of every moderation write, so two moderators cannot deadlock.
    const { thread, reply } = target.replyId
      ? await lockVisibleReply(tx, target.replyId, moderator)
      : { thread: await lockVisibleThread(tx, target.threadId!, moderator), reply: undefined };
    const found = await q.lockReport(tx, reportId);
    if (found?.status !== 'open') throw conflict(REPORT_HANDLED_MESSAGE);
    await notifyReportResolved(tx, {
      reportId,
      moderatorId: moderator.id,
      authorId: reply?.authorId ?? thread.authorId,
      thread,
      replyId: reply?.id ?? null,
      action,
    });
    if (action === 'hide') {
      const closed = reply
        ? await hideReplyIn(tx, moderator.id, reply, thread, true, now, { reportId })
        : await moderateThreadIn(tx, moderator.id, thread, { hidden: true }, now, { reportId });
      // The post was hidden already (nothing closed above): its reports are settled all the same.
      closed.push(...(await q.closeOpenReports(tx, target, 'resolved', moderator.id, now)));
      return closed.length;
    }
    const closed = await q.closeOpenReports(tx, target, 'dismissed', moderator.id, now);
    await insertAuditEntry(tx, {
      actorId: moderator.id,
      action: 'community.report_dismissed',
      targetUserId: reply?.authorId ?? thread.authorId,
      details: {
        reportId,
        reportsClosed: closed.length,
        threadId: thread.id,
        title: thread.title,
        ...(reply ? { replyId: reply.id } : {}),
      },
    });
    return closed.length;
  });
}

// Preferences

export async function getPreferences(db: DbOrTx, userId: string): Promise<Preferences> {
  return q.findPreferences(db, userId);
}

/** A field left out keeps its value; `{}` just reads them. */
export async function updatePreferences(db: DbOrTx, userId: string, body: Partial<Preferences>): Promise<Preferences> {
  if (body.notifyOnReply !== undefined || body.revisionSchedule !== undefined) {
    await q.savePreferences(db, userId, body);
  }
  // The switch speaks for replies again: a channel chosen for them in the notification settings gives way.
  if (body.notifyOnReply !== undefined) await forgetChannelChoice(db, userId, 'thread_reply');
  return getPreferences(db, userId);
}

// A problem's discussion (its "Discussion" tab): one thread per problem, opened by the first post.

export async function problemDiscussion(
  db: DbOrTx,
  slug: string,
  viewer: Viewer,
): Promise<ProblemDiscussionReply['discussion']> {
  const row = await q.findDiscussedProblem(db, slug);
  if (!row) throw notFound(PROBLEM_NOT_FOUND);
  const visible = row.threadId !== null && (!row.hidden || isModerator(viewer));
  return { problem: { slug: row.slug, title: row.title }, threadId: visible ? row.threadId : null };
}

/**
 * A post in the problem's discussion: the first opens its thread (in DSA Help, titled after the problem), every
 * later one is a reply in it. The problem's row is locked first, so two first posts at once make one thread: the
 * second waits, finds the thread and becomes its first reply.
 */
export async function postToProblemDiscussion(
  ctx: CommunityContext,
  poster: q.Poster,
  slug: string,
  post: { body: string; containsSolution: boolean },
  now = new Date(),
): Promise<{ threadId: string; replyId: string | null }> {
  return changeLists(ctx, async (tx) => {
    const problem = await q.lockDiscussedProblem(tx, slug);
    if (!problem) throw notFound(PROBLEM_NOT_FOUND);
    await q.lockPoster(tx, poster.id);
    const existing = await q.findProblemThreadId(tx, problem.id);
    if (existing) {
      const thread = await q.lockThread(tx, existing);
      if (!thread) throw notFound(PROBLEM_NOT_FOUND);
      if (thread.hidden && !isModerator(poster)) throw conflict(DISCUSSION_HIDDEN_MESSAGE);
      return { threadId: thread.id, replyId: await addReply(ctx, tx, poster, thread, post, now) };
    }
    await checkNewAccountLimit(tx, poster, 'thread', now);
    const threadId = await q.insertThread(tx, {
      categoryId: await categoryIdOf(tx, PROBLEM_DISCUSSION_CATEGORY),
      authorId: poster.id,
      title: problemDiscussionTitle(problem.title),
      body: post.body,
      tags: [],
      containsSolution: post.containsSolution,
      problemId: problem.id,
      at: now,
    });
    await notifyMentions(tx, {
      body: post.body,
      author: poster,
      thread: { id: threadId, title: problemDiscussionTitle(problem.title) },
    });
    return { threadId, replyId: null };
  });
}
