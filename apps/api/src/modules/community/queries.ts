import type { Preferences } from '@learnbuild/domain/schemas/community';
import { and, asc, count, desc, eq, gte, isNull, min, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  communityCategories,
  communityReplies,
  communityReports,
  communityThreads,
  communityVotes,
  dsaProblems,
  userPreferences,
  users,
} from '../../db/schema';

// Categories

export async function insertMissingCategories(
  db: DbOrTx,
  categories: { slug: string; name: string; description: string; position: number }[],
): Promise<number> {
  const inserted = await db
    .insert(communityCategories)
    .values(categories)
    .onConflictDoNothing({ target: communityCategories.slug })
    .returning({ id: communityCategories.id });
  return inserted.length;
}

/** Every category in its seeded order, with how many visible threads it holds. */
export async function listCategoriesWithCounts(db: DbOrTx) {
  const counts = db
    .select({ categoryId: communityThreads.categoryId, n: count().as('n') })
    .from(communityThreads)
    .where(eq(communityThreads.hidden, false))
    .groupBy(communityThreads.categoryId)
    .as('counts');
  return db
    .select({
      slug: communityCategories.slug,
      name: communityCategories.name,
      description: communityCategories.description,
      threadCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(communityCategories)
    .leftJoin(counts, eq(counts.categoryId, communityCategories.id))
    .orderBy(asc(communityCategories.position), asc(communityCategories.slug));
}

export async function findCategoryId(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: communityCategories.id })
    .from(communityCategories)
    .where(eq(communityCategories.slug, slug))
    .limit(1);
  return row?.id;
}

// Posters

/** Who is writing: what the verified check and the new-account limits need. */
export async function findPoster(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type Poster = NonNullable<Awaited<ReturnType<typeof findPoster>>>;

/**
 * Locks the poster's row until the transaction ends: one user's posts and reports are written one at a
 * time, so the per-hour counts and the one-open-report rule cannot be raced past.
 */
export async function lockPoster(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many threads (or replies) the user wrote since `since`, and when the oldest of them was written. */
export async function countRecentPosts(db: DbOrTx, kind: 'thread' | 'reply', authorId: string, since: Date) {
  const table = kind === 'thread' ? communityThreads : communityReplies;
  const [row] = await db
    .select({ n: count(), oldest: min(table.createdAt) })
    .from(table)
    .where(and(eq(table.authorId, authorId), gte(table.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

// Threads

/**
 * A thread's title and body as a search document: a stored column (searchVector), so neither the search
 * index's answers nor the ranking parse the text again.
 */
const threadDocument = communityThreads.searchVector;
const searchQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;
/** Threads matching the search text: the GIN index answers it (the test of the search EXPLAINs it). */
export const threadSearchMatch = (text: string) => sql`${threadDocument} @@ ${searchQuery(text)}`;

/** Whether `text` holds any word the search can use (a query of stop words or punctuation holds none). */
export async function hasSearchableWords(db: DbOrTx, text: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`numnode(${searchQuery(text)})` }).from(sql`(select 1) as one`);
  return (row?.n ?? 0) > 0;
}

const author = alias(users, 'author');

const summaryColumns = {
  id: communityThreads.id,
  title: communityThreads.title,
  category: communityCategories.slug,
  authorId: communityThreads.authorId,
  authorName: author.name,
  replyCount: communityThreads.replyCount,
  votes: communityThreads.votes,
  acceptedReplyId: communityThreads.acceptedReplyId,
  lastActivityAt: communityThreads.lastActivityAt,
  tags: communityThreads.tags,
  pinned: communityThreads.pinned,
  locked: communityThreads.locked,
  createdAt: communityThreads.createdAt,
};
export type ThreadSummaryRow = {
  id: string;
  title: string;
  category: string;
  authorId: string;
  authorName: string;
  replyCount: number;
  votes: number;
  acceptedReplyId: string | null;
  lastActivityAt: Date;
  tags: string[];
  pinned: boolean;
  locked: boolean;
  createdAt: Date;
};

export interface ThreadFilter {
  category?: string;
  q?: string;
  sort: 'latest' | 'top' | 'unanswered';
  limit: number;
  offset: number;
}

/**
 * A search ranks this many of its most recently active matches by relevance (ts_rank over each one's
 * stored document); matches past them follow by latest activity.
 */
export const SEARCH_RANK_WINDOW = 100;

/**
 * Visible threads only (moderators find hidden ones through the report queue). Browsing puts pinned threads
 * first in every sort; a search is ordered by relevance instead (`top` by votes). `unanswered` means no accepted
 * answer yet.
 */
export async function listThreads(
  db: DbOrTx,
  filter: ThreadFilter,
): Promise<{ rows: ThreadSummaryRow[]; total: number }> {
  const conditions: SQL[] = [eq(communityThreads.hidden, false)];
  if (filter.category) {
    conditions.push(
      eq(
        communityThreads.categoryId,
        sql`(select ${communityCategories.id} from ${communityCategories} where ${communityCategories.slug} = ${filter.category})`,
      ),
    );
  }
  if (filter.sort === 'unanswered') conditions.push(isNull(communityThreads.acceptedReplyId));
  if (filter.q) conditions.push(threadSearchMatch(filter.q));
  const where = and(...conditions)!;
  if (filter.q) return searchThreads(db, where, filter.q, filter);

  const order = [
    ...(filter.sort === 'top' ? [desc(communityThreads.votes)] : []),
    desc(communityThreads.lastActivityAt),
    desc(communityThreads.id),
  ];
  const page = (extra: SQL | undefined, limit: number, offset: number) =>
    db
      .select(summaryColumns)
      .from(communityThreads)
      .innerJoin(communityCategories, eq(communityCategories.id, communityThreads.categoryId))
      .innerJoin(author, eq(author.id, communityThreads.authorId))
      .where(and(where, extra))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const counted = db.select({ n: count() }).from(communityThreads).where(where);
  // Pinned first, as two reads that each follow an index: the few pinned threads, then the rest.
  const [pinned, [total]] = await Promise.all([
    page(eq(communityThreads.pinned, true), filter.offset + filter.limit, 0),
    counted,
  ]);
  const rows = pinned.slice(filter.offset);
  if (rows.length < filter.limit && pinned.length < filter.offset + filter.limit) {
    const skip = Math.max(0, filter.offset - pinned.length);
    rows.push(...(await page(eq(communityThreads.pinned, false), filter.limit - rows.length, skip)));
  }
  return { rows, total: total?.n ?? 0 };
}

/**
 * One scan of the matches (through the GIN index) gives the total and their order: by votes for `top`,
 * else by activity with the first SEARCH_RANK_WINDOW of them reordered by ts_rank. Collecting every match
 * first also keeps the planner from walking another index and testing each row against the search.
 */
async function searchThreads(
  db: DbOrTx,
  where: SQL,
  text: string,
  filter: ThreadFilter,
): Promise<{ rows: ThreadSummaryRow[]; total: number }> {
  const byVotes = filter.sort === 'top';
  // Every match, through the GIN index. The LIMIT (which never cuts anything) keeps the planner from merging
  // this subquery into the ordering below and walking the votes or activity index instead, testing each of
  // 100,000 rows against the search one by one.
  const found = db
    .select({
      id: sql<string>`${communityThreads.id}`.as('found_id'),
      votes: sql<number>`${communityThreads.votes}`.as('found_votes'),
      lastActivityAt: sql<Date>`${communityThreads.lastActivityAt}`.as('found_last_activity_at'),
    })
    .from(communityThreads)
    .where(where)
    .limit(Number.MAX_SAFE_INTEGER)
    .as('found');
  const order = [...(byVotes ? [desc(found.votes)] : []), desc(found.lastActivityAt), desc(found.id)];
  const needed = filter.offset + filter.limit;
  const matches = db.$with('matches').as(
    db
      .select({
        id: sql<string>`${found.id}`.as('match_id'),
        total: sql<number>`count(*) over ()`.as('total'),
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('match_position'),
      })
      .from(found)
      .orderBy(...order)
      .limit(byVotes ? needed : Math.max(SEARCH_RANK_WINDOW, needed)),
  );
  const relevance = sql`case when ${matches.position} <= ${SEARCH_RANK_WINDOW} then ts_rank(${threadDocument}, ${searchQuery(text)}) end desc nulls last`;
  const ranked = await db
    .with(matches)
    .select({ ...summaryColumns, total: matches.total })
    .from(matches)
    .innerJoin(communityThreads, eq(communityThreads.id, matches.id))
    .innerJoin(communityCategories, eq(communityCategories.id, communityThreads.categoryId))
    .innerJoin(author, eq(author.id, communityThreads.authorId))
    .orderBy(...(byVotes ? [] : [relevance]), asc(matches.position))
    .limit(filter.limit)
    .offset(filter.offset);
  let total = Number(ranked[0]?.total ?? 0);
  if (ranked.length === 0 && filter.offset > 0) {
    const [counted] = await db.select({ n: count() }).from(communityThreads).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: ranked.map(({ total: _total, ...row }) => row), total };
}

/** One thread with what its page shows; hidden ones too (the caller decides who may see them). */
export async function findThread(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      body: communityThreads.body,
      hidden: communityThreads.hidden,
      containsSolution: communityThreads.containsSolution,
      editedAt: communityThreads.editedAt,
      problemSlug: dsaProblems.slug,
      problemTitle: dsaProblems.title,
    })
    .from(communityThreads)
    .innerJoin(communityCategories, eq(communityCategories.id, communityThreads.categoryId))
    .innerJoin(author, eq(author.id, communityThreads.authorId))
    .leftJoin(dsaProblems, eq(dsaProblems.id, communityThreads.problemId))
    .where(eq(communityThreads.id, id))
    .limit(1);
  return row;
}
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

/** The thread's row, locked until the transaction ends, with its author's address for the reply mail. */
export async function lockThread(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: communityThreads.id,
      title: communityThreads.title,
      body: communityThreads.body,
      tags: communityThreads.tags,
      categoryId: communityThreads.categoryId,
      authorId: communityThreads.authorId,
      authorName: users.name,
      authorEmail: users.email,
      acceptedReplyId: communityThreads.acceptedReplyId,
      hidden: communityThreads.hidden,
      locked: communityThreads.locked,
      pinned: communityThreads.pinned,
      problemId: communityThreads.problemId,
      replyCount: communityThreads.replyCount,
      containsSolution: communityThreads.containsSolution,
    })
    .from(communityThreads)
    .innerJoin(users, eq(users.id, communityThreads.authorId))
    .where(eq(communityThreads.id, id))
    .for('update', { of: communityThreads })
    .limit(1);
  return row;
}
export type LockedThread = NonNullable<Awaited<ReturnType<typeof lockThread>>>;

export async function insertThread(
  tx: DbOrTx,
  values: {
    categoryId: string;
    authorId: string;
    title: string;
    body: string;
    tags: string[];
    at: Date;
    containsSolution: boolean;
    problemId?: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(communityThreads)
    .values({
      categoryId: values.categoryId,
      authorId: values.authorId,
      title: values.title,
      body: values.body,
      tags: values.tags,
      containsSolution: values.containsSolution,
      problemId: values.problemId ?? null,
      lastActivityAt: values.at,
      createdAt: values.at,
    })
    .returning({ id: communityThreads.id });
  return row!.id;
}

export async function updateThread(
  tx: DbOrTx,
  id: string,
  set: Partial<
    Pick<
      typeof communityThreads.$inferInsert,
      | 'title'
      | 'body'
      | 'tags'
      | 'categoryId'
      | 'editedAt'
      | 'hidden'
      | 'locked'
      | 'pinned'
      | 'acceptedReplyId'
      | 'containsSolution'
    >
  >,
): Promise<void> {
  await tx.update(communityThreads).set(set).where(eq(communityThreads.id, id));
}

// Problem discussions

/**
 * The problem a discussion is for, by its slug (not deleted), its row locked against another discussion's first
 * post until the transaction ends (NO KEY UPDATE: progress rows referencing it still go in meanwhile).
 */
export async function lockDiscussedProblem(tx: DbOrTx, slug: string) {
  const [row] = await tx
    .select({ id: dsaProblems.id, slug: dsaProblems.slug, title: dsaProblems.title })
    .from(dsaProblems)
    .where(and(eq(dsaProblems.slug, slug), isNull(dsaProblems.deletedAt)))
    .for('no key update')
    .limit(1);
  return row;
}

export async function findDiscussedProblem(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      slug: dsaProblems.slug,
      title: dsaProblems.title,
      threadId: communityThreads.id,
      hidden: communityThreads.hidden,
    })
    .from(dsaProblems)
    .leftJoin(communityThreads, eq(communityThreads.problemId, dsaProblems.id))
    .where(and(eq(dsaProblems.slug, slug), isNull(dsaProblems.deletedAt)))
    .limit(1);
  return row;
}

export async function findProblemThreadId(db: DbOrTx, problemId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: communityThreads.id })
    .from(communityThreads)
    .where(eq(communityThreads.problemId, problemId))
    .limit(1);
  return row?.id;
}

/** Whether anyone but the thread's author has replied in it (hidden replies count: they may come back). */
export async function hasRepliesByOthers(db: DbOrTx, thread: { id: string; authorId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: communityReplies.id })
    .from(communityReplies)
    .where(and(eq(communityReplies.threadId, thread.id), ne(communityReplies.authorId, thread.authorId)))
    .limit(1);
  return row !== undefined;
}

export async function deleteThread(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(communityThreads).where(eq(communityThreads.id, id));
}

/** Counts one more (or one fewer) visible reply; a new reply also makes the thread the latest active. */
export async function changeReplyCount(tx: DbOrTx, threadId: string, delta: 1 | -1, activityAt?: Date) {
  await tx
    .update(communityThreads)
    .set({
      replyCount: sql`greatest(${communityThreads.replyCount} + ${delta}, 0)`,
      ...(activityAt ? { lastActivityAt: activityAt } : {}),
    })
    .where(eq(communityThreads.id, threadId));
}

// Replies

const replyColumns = {
  id: communityReplies.id,
  threadId: communityReplies.threadId,
  body: communityReplies.body,
  authorId: communityReplies.authorId,
  authorName: users.name,
  votes: communityReplies.votes,
  hidden: communityReplies.hidden,
  containsSolution: communityReplies.containsSolution,
  editedAt: communityReplies.editedAt,
  createdAt: communityReplies.createdAt,
};
export type ReplyRow = {
  id: string;
  threadId: string;
  body: string;
  authorId: string;
  authorName: string;
  votes: number;
  hidden: boolean;
  containsSolution: boolean;
  editedAt: Date | null;
  createdAt: Date;
  voted: boolean;
};

const votedBy = (viewerId: string | null, target: SQL) =>
  viewerId
    ? sql<boolean>`exists (select 1 from ${communityVotes} where ${communityVotes.userId} = ${viewerId} and ${target})`
    : sql<boolean>`false`;

/** One page of a thread's replies: the accepted answer first, then the rest oldest first. */
export async function listReplies(
  db: DbOrTx,
  threadId: string,
  options: {
    includeHidden: boolean;
    acceptedReplyId: string | null;
    viewerId: string | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ReplyRow[]; total: number }> {
  const where = options.includeHidden
    ? eq(communityReplies.threadId, threadId)
    : and(eq(communityReplies.threadId, threadId), eq(communityReplies.hidden, false));
  const order: SQL[] = [asc(communityReplies.createdAt), asc(communityReplies.id)];
  if (options.acceptedReplyId) {
    order.unshift(asc(sql`case when ${communityReplies.id} = ${options.acceptedReplyId} then 0 else 1 end`));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...replyColumns,
        voted: votedBy(options.viewerId, sql`${communityVotes.replyId} = ${communityReplies.id}`),
      })
      .from(communityReplies)
      .innerJoin(users, eq(users.id, communityReplies.authorId))
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(communityReplies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findReply(db: DbOrTx, id: string, viewerId: string | null): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select({ ...replyColumns, voted: votedBy(viewerId, sql`${communityVotes.replyId} = ${communityReplies.id}`) })
    .from(communityReplies)
    .innerJoin(users, eq(users.id, communityReplies.authorId))
    .where(eq(communityReplies.id, id))
    .limit(1);
  return row;
}

/** The thread a reply belongs to (it never changes), read without a lock: lock the thread first, then the reply. */
export async function findReplyThreadId(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ threadId: communityReplies.threadId })
    .from(communityReplies)
    .where(eq(communityReplies.id, id))
    .limit(1);
  return row?.threadId;
}

/** The reply's row, locked until the transaction ends (after its thread's: every write locks in that order). */
export async function lockReply(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: communityReplies.id,
      threadId: communityReplies.threadId,
      authorId: communityReplies.authorId,
      body: communityReplies.body,
      hidden: communityReplies.hidden,
      containsSolution: communityReplies.containsSolution,
    })
    .from(communityReplies)
    .where(eq(communityReplies.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function insertReply(
  tx: DbOrTx,
  values: { threadId: string; authorId: string; body: string; at: Date; containsSolution: boolean },
): Promise<string> {
  const [row] = await tx
    .insert(communityReplies)
    .values({
      threadId: values.threadId,
      authorId: values.authorId,
      body: values.body,
      containsSolution: values.containsSolution,
      createdAt: values.at,
    })
    .returning({ id: communityReplies.id });
  return row!.id;
}

export async function updateReply(
  tx: DbOrTx,
  id: string,
  set: Partial<Pick<typeof communityReplies.$inferInsert, 'body' | 'editedAt' | 'hidden' | 'containsSolution'>>,
): Promise<void> {
  await tx.update(communityReplies).set(set).where(eq(communityReplies.id, id));
}

export async function deleteReply(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(communityReplies).where(eq(communityReplies.id, id));
}

// Votes

export type VoteTarget = { kind: 'thread'; id: string } | { kind: 'reply'; id: string };

const voteTargetColumn = (target: VoteTarget) =>
  target.kind === 'thread' ? communityVotes.threadId : communityVotes.replyId;

export async function hasVoted(db: DbOrTx, userId: string, target: VoteTarget): Promise<boolean> {
  const [row] = await db
    .select({ id: communityVotes.id })
    .from(communityVotes)
    .where(and(eq(communityVotes.userId, userId), eq(voteTargetColumn(target), target.id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Adds the user's vote, or does nothing when it exists: the unique index decides between two racing
 * requests, and only the one whose row went in moves the counter. True when this call added it.
 */
export async function insertVote(tx: DbOrTx, userId: string, target: VoteTarget): Promise<boolean> {
  const inserted = await tx
    .insert(communityVotes)
    .values(target.kind === 'thread' ? { userId, threadId: target.id } : { userId, replyId: target.id })
    .onConflictDoNothing()
    .returning({ id: communityVotes.id });
  return inserted.length === 1;
}

/** Takes the user's vote back; true when there was one to take. */
export async function deleteVote(tx: DbOrTx, userId: string, target: VoteTarget): Promise<boolean> {
  const deleted = await tx
    .delete(communityVotes)
    .where(and(eq(communityVotes.userId, userId), eq(voteTargetColumn(target), target.id)))
    .returning({ id: communityVotes.id });
  return deleted.length === 1;
}

/** Moves the target's vote counter by `delta` (0 reads it) and returns the new count. */
export async function changeVotes(tx: DbOrTx, target: VoteTarget, delta: -1 | 0 | 1): Promise<number> {
  const table = target.kind === 'thread' ? communityThreads : communityReplies;
  if (delta === 0) {
    const [row] = await tx.select({ votes: table.votes }).from(table).where(eq(table.id, target.id)).limit(1);
    return row?.votes ?? 0;
  }
  const [row] = await tx
    .update(table)
    .set({ votes: sql`greatest(${table.votes} + ${delta}, 0)` })
    .where(eq(table.id, target.id))
    .returning({ votes: table.votes });
  return row?.votes ?? 0;
}

// Reports

export type ReportTarget = { threadId: string; replyId: null } | { threadId: null; replyId: string };

const reportTargetWhere = (target: ReportTarget) =>
  target.replyId ? eq(communityReports.replyId, target.replyId) : eq(communityReports.threadId, target.threadId!);

export async function findOpenReportBy(db: DbOrTx, reporterId: string, target: ReportTarget) {
  const [row] = await db
    .select({ id: communityReports.id })
    .from(communityReports)
    .where(
      and(eq(communityReports.reporterId, reporterId), eq(communityReports.status, 'open'), reportTargetWhere(target)),
    )
    .limit(1);
  return row;
}

export async function insertReport(
  tx: DbOrTx,
  values: { reporterId: string; reason: string } & ReportTarget,
): Promise<string> {
  const [row] = await tx.insert(communityReports).values(values).returning({ id: communityReports.id });
  return row!.id;
}

/** What a report is about, read without a lock (it never changes). */
export async function findReportTarget(db: DbOrTx, id: string): Promise<ReportTarget | undefined> {
  const [row] = await db
    .select({ threadId: communityReports.threadId, replyId: communityReports.replyId })
    .from(communityReports)
    .where(eq(communityReports.id, id))
    .limit(1);
  if (!row) return undefined;
  return row.replyId ? { threadId: null, replyId: row.replyId } : { threadId: row.threadId!, replyId: null };
}

export async function lockReport(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: communityReports.id,
      status: communityReports.status,
      threadId: communityReports.threadId,
      replyId: communityReports.replyId,
    })
    .from(communityReports)
    .where(eq(communityReports.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Closes every open report on the target; returns their ids. */
export async function closeOpenReports(
  tx: DbOrTx,
  target: ReportTarget,
  status: 'resolved' | 'dismissed',
  resolverId: string,
  at: Date,
): Promise<string[]> {
  const rows = await tx
    .update(communityReports)
    .set({ status, resolvedById: resolverId, resolvedAt: at })
    .where(and(eq(communityReports.status, 'open'), reportTargetWhere(target)))
    .returning({ id: communityReports.id });
  return rows.map((row) => row.id);
}

/** One page of the queue, oldest open report first (newest first for the closed ones). */
export async function listReports(
  db: DbOrTx,
  filter: { status: 'open' | 'resolved' | 'dismissed'; limit: number; offset: number },
) {
  const reporter = alias(users, 'reporter');
  const postAuthor = alias(users, 'post_author');
  const reply = alias(communityReplies, 'reported_reply');
  const thread = alias(communityThreads, 'reported_thread');
  const where = eq(communityReports.status, filter.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: communityReports.id,
        reason: communityReports.reason,
        status: communityReports.status,
        createdAt: communityReports.createdAt,
        reporterId: reporter.id,
        reporterName: reporter.name,
        replyId: communityReports.replyId,
        threadId: thread.id,
        threadTitle: thread.title,
        body: sql<string>`coalesce(${reply.body}, ${thread.body})`,
        hidden: sql<boolean>`coalesce(${reply.hidden}, ${thread.hidden})`,
        authorId: postAuthor.id,
        authorName: postAuthor.name,
      })
      .from(communityReports)
      .innerJoin(reporter, eq(reporter.id, communityReports.reporterId))
      .leftJoin(reply, eq(reply.id, communityReports.replyId))
      .innerJoin(thread, eq(thread.id, sql`coalesce(${communityReports.threadId}, ${reply.threadId})`))
      .innerJoin(postAuthor, eq(postAuthor.id, sql`coalesce(${reply.authorId}, ${thread.authorId})`))
      .where(where)
      .orderBy(
        filter.status === 'open' ? asc(communityReports.createdAt) : desc(communityReports.createdAt),
        asc(communityReports.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(communityReports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Preferences

/** No row means the defaults: mail on replies, adaptive revision. */
export async function findPreferences(db: DbOrTx, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({ notifyOnReply: userPreferences.notifyOnReply, revisionSchedule: userPreferences.revisionSchedule })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row ?? { notifyOnReply: true, revisionSchedule: 'adaptive' };
}

export async function findNotifyOnReply(db: DbOrTx, userId: string): Promise<boolean> {
  return (await findPreferences(db, userId)).notifyOnReply;
}

/** Writes the fields given; the others keep their value (or their default on a first write). */
export async function savePreferences(db: DbOrTx, userId: string, changes: Partial<Preferences>): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: new Date() } });
}
