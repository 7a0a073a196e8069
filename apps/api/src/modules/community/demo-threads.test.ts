import { COMMUNITY_CATEGORIES } from '@learnbuild/domain/schemas/community';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityCategories, communityReplies, communityThreads, communityVotes } from '../../db/schema';
import { seedDemoAccounts } from '../../seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEMO_THREADS } from './demo-threads';
import { seedCommunityCategories, seedDemoThreads } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('community seed', () => {
  it('writes nothing without the demo accounts, then the demo discussions once', async () => {
    expect(await seedCommunityCategories(t.database.db)).toBe(COMMUNITY_CATEGORIES.length);
    expect(await seedDemoThreads(t.database.db)).toBe(0);
    await seedDemoAccounts(t.database.db);
    expect(await seedDemoThreads(t.database.db)).toBe(DEMO_THREADS.length);
    expect(await seedDemoThreads(t.database.db)).toBe(0);
    const [threads] = await t.database.db.select({ n: count() }).from(communityThreads);
    expect(threads!.n).toBe(DEMO_THREADS.length);
  });

  it('keeps the counters equal to the rows and answers the sliding-window question', async () => {
    const db = t.database.db;
    for (const thread of await db.select().from(communityThreads)) {
      const [replies] = await db
        .select({ n: count() })
        .from(communityReplies)
        .where(eq(communityReplies.threadId, thread.id));
      const [votes] = await db
        .select({ n: count() })
        .from(communityVotes)
        .where(eq(communityVotes.threadId, thread.id));
      expect(thread.replyCount, thread.title).toBe(replies!.n);
      expect(thread.votes, thread.title).toBe(votes!.n);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/community/threads' })).json();
    expect(list.threads[0]).toMatchObject({ title: expect.stringContaining('Welcome'), pinned: true });
    const dsa = (await t.app.inject({ method: 'GET', url: '/api/community/threads?category=dsa-help' })).json();
    expect(dsa.threads[0]).toMatchObject({ title: expect.stringContaining('Sliding window'), answered: true });
    const page = (await t.app.inject({ method: 'GET', url: `/api/community/threads/${dsa.threads[0].id}` })).json();
    expect(page.thread.replies[0]).toMatchObject({ accepted: true, author: { name: 'Ian Instructor' } });
    const search = (await t.app.inject({ method: 'GET', url: '/api/community/threads?q=shortener' })).json();
    expect(search.threads.map((thread: { category: string }) => thread.category)).toEqual(['show-and-tell']);
    const categories = await db.select({ slug: communityCategories.slug }).from(communityCategories);
    expect(new Set(DEMO_THREADS.map((thread) => thread.category)).size).toBe(categories.length);
  });
});
