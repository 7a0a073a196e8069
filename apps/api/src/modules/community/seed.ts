import { COMMUNITY_CATEGORIES } from '@learnbuild/domain/schemas/community';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communityReplies, communityThreads, communityVotes, seedRuns, users } from '../../db/schema';
import { DEMO_THREADS } from './demo-threads';
import * as q from './queries';

const DEMO_THREADS_SEED = 'community-demo-threads';
const DAY_MS = 86_400_000;

/** The six categories are structure, not demo data: every start adds the ones missing. */
export async function seedCommunityCategories(db: Db): Promise<number> {
  return q.insertMissingCategories(
    db,
    COMMUNITY_CATEGORIES.map((category, position) => ({ ...category, position })),
  );
}

/**
 * The demo discussions, once (a seed_runs row), so threads a moderator deleted do not come back.
 * Needs the demo accounts; returns how many threads it wrote.
 */
export async function seedDemoThreads(db: Db, now = new Date()): Promise<number> {
  const emails = [...new Set(DEMO_THREADS.flatMap((t) => [t.author, ...t.replies.map((r) => r.author)]))];
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(accounts.map((account) => [account.email, account.id]));
  if (idOf.size < emails.length) return 0;
  const userId = (email: string) => idOf.get(email)!;
  const at = (daysAgo: number, minutes: number) => new Date(now.getTime() - daysAgo * DAY_MS + minutes * 60_000);

  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(seedRuns)
      .values({ name: DEMO_THREADS_SEED, version: 1 })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return 0;
    const threadIds: string[] = [];
    for (const thread of DEMO_THREADS) {
      const categoryId = await q.findCategoryId(tx, thread.category);
      if (!categoryId) throw new Error(`community category ${thread.category} is not seeded`);
      const createdAt = at(thread.daysAgo, -120);
      const threadId = await q.insertThread(tx, {
        categoryId,
        authorId: userId(thread.author),
        title: thread.title,
        body: thread.body,
        tags: thread.tags,
        containsSolution: false,
        at: createdAt,
      });
      threadIds.push(threadId);
      let lastActivityAt = createdAt;
      let acceptedReplyId: string | null = null;
      for (const [index, reply] of thread.replies.entries()) {
        const replyAt = at(reply.daysAgo, index * 37);
        const replyId = await q.insertReply(tx, {
          threadId,
          authorId: userId(reply.author),
          body: reply.body,
          containsSolution: false,
          at: replyAt,
        });
        if (reply.accepted) acceptedReplyId = replyId;
        if (replyAt > lastActivityAt) lastActivityAt = replyAt;
        for (const voter of reply.votedBy ?? []) await q.insertVote(tx, userId(voter), { kind: 'reply', id: replyId });
      }
      for (const voter of thread.votedBy ?? []) await q.insertVote(tx, userId(voter), { kind: 'thread', id: threadId });
      await tx
        .update(communityThreads)
        .set({ acceptedReplyId, lastActivityAt, pinned: thread.pinned ?? false })
        .where(eq(communityThreads.id, threadId));
    }
    // The counters, from the rows just written.
    await tx
      .update(communityReplies)
      .set({
        votes: sql`(select count(*) from ${communityVotes} where ${communityVotes.replyId} = ${communityReplies.id})::int`,
      })
      .where(inArray(communityReplies.threadId, threadIds));
    await tx
      .update(communityThreads)
      .set({
        votes: sql`(select count(*) from ${communityVotes} where ${communityVotes.threadId} = ${communityThreads.id})::int`,
        replyCount: sql`(select count(*) from ${communityReplies} where ${communityReplies.threadId} = ${communityThreads.id} and not ${communityReplies.hidden})::int`,
      })
      .where(inArray(communityThreads.id, threadIds));
    return DEMO_THREADS.length;
  });
}
