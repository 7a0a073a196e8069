import { COMMUNITY_SEARCH_MAX } from '@learnbuild/domain/schemas/community';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityCategories, communityThreads } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { member, startThread } from './community-fixtures';
import { communityLists } from './list-cache';
import { SEARCH_RANK_WINDOW, threadSearchMatch } from './queries';
import { seedCommunityCategories } from './seed';

let t: TestApp;
let authorId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  const author = await member(t);
  authorId = author.user.id;
  await startThread(t, author, {
    title: 'Sliding window on strings',
    body: "Two pointers and a hash map: what's the trick?",
  });
  await startThread(t, author, { title: 'Dijkstra with a heap', body: 'Why does it fail with negative edges (-1)?' });
});
afterAll(async () => {
  await t.close();
});

/** Search syntax and what breaks naive query builders: quotes, colons, operators, brackets. */
const searchy = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '"',
          "'",
          ':',
          ':*',
          '&',
          '|',
          '!',
          '(',
          ')',
          '<->',
          '-',
          'or',
          'and',
          'not',
          'the',
          '\\',
          '%',
          '_',
          '*',
          '<',
          '>',
          ';',
          '--',
          '/*',
          'window',
          'heap',
          'dijkstra',
        ),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(' ')),
  fc
    .array(fc.constantFrom('"', ':', '&', '|', '!', '(', ')', "'", '-', 'a', ' '), { maxLength: 30 })
    .map((c) => c.join('')),
);

describe('community search', () => {
  it('never answers 500 for any search text, and every answer is a list or a 400 for over-long text', async () => {
    await fc.assert(
      fc.asyncProperty(searchy, fc.constantFrom('latest', 'top', 'unanswered'), async (q, sort) => {
        const reply = await t.app.inject({ method: 'GET', url: '/api/community/threads', query: { q, sort } });
        if (q.includes('\u0000') || /[\ud800-\udfff]/.test(q)) {
          expect(reply.statusCode).toBeLessThan(500);
          return;
        }
        if (q.trim().length > COMMUNITY_SEARCH_MAX) {
          expect(reply.statusCode).toBe(400);
          return;
        }
        expect(reply.statusCode, JSON.stringify(q)).toBe(200);
        expect(reply.json()).toMatchObject({ success: true, threads: expect.any(Array), total: expect.any(Number) });
      }),
      { numRuns: 250 },
    );
  });

  it('finds by body words through operators and quotes', async () => {
    const titles = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/community/threads', query: { q } }))
        .json()
        .threads.map((thread: { title: string }) => thread.title);
    expect(await titles('negative edges')).toEqual(['Dijkstra with a heap']);
    expect(await titles('"hash map"')).toEqual(['Sliding window on strings']);
    expect(await titles('pointers or edges')).toHaveLength(2);
    expect(await titles("what's (the) trick: & | !")).toEqual(['Sliding window on strings']);
  });

  it('answers the search from the GIN index on the stored search document', async () => {
    // With sequential scans ruled out, a plan that still scans the table means the search does not use the index.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(
        sql`explain select ${communityThreads.id} from ${communityThreads} where ${threadSearchMatch('sliding window')}`,
      );
      const text = (plan.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
      expect(text).toContain('community_threads_search_idx');
      expect(text).not.toContain('Seq Scan');
    });
  });

  it(`ranks the ${SEARCH_RANK_WINDOW} most recently active matches by relevance, then pages on by activity`, async () => {
    const [category] = await t.database.db.select({ id: communityCategories.id }).from(communityCategories).limit(1);
    const minute = 60_000;
    const now = Date.now();
    const rows = Array.from({ length: SEARCH_RANK_WINDOW + 5 }, (_, index) => ({
      categoryId: category!.id,
      authorId,
      title: `Kruskal question ${index}`,
      body: 'Some words about a minimum spanning tree',
      lastActivityAt: new Date(now - index * minute),
    }));
    // Within the window: one thread says "kruskal" three times, so it ranks first though it is not the newest.
    rows[10]!.body = 'Kruskal, kruskal and kruskal again';
    // Past the window: as relevant, but the oldest of all, so it comes last.
    rows.push({ ...rows[10]!, title: 'Kruskal question oldest', lastActivityAt: new Date(now - 10_000 * minute) });
    await t.database.db.insert(communityThreads).values(rows);
    communityLists.forget(t.database.db);
    const page = async (number: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/community/threads?q=kruskal&page=${number}` })).json();
    const first = await page(1);
    expect(first.total).toBe(rows.length);
    expect(first.threads[0].title).toBe('Kruskal question 10');
    expect(first.threads[1].title).toBe('Kruskal question 0');
    const last = await page(Math.ceil(rows.length / 20));
    expect(last.threads.at(-1).title).toBe('Kruskal question oldest');
    const seen = new Set<string>();
    for (let number = 1; number <= Math.ceil(rows.length / 20); number += 1) {
      for (const thread of (await page(number)).threads) seen.add(thread.id);
    }
    expect(seen.size).toBe(rows.length);
    expect(await page(99)).toEqual({ success: true, threads: [], total: rows.length });
  });
});
