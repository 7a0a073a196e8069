import { COMMUNITY_SEARCH_MAX } from '@learnbuild/domain/schemas/community';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityThreads } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { member, startThread } from './community-fixtures';
import { threadSearchMatch } from './queries';
import { seedCommunityCategories } from './seed';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  const author = await member(t);
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

  it("answers the search from the GIN index on the migration's exact expression", async () => {
    // With sequential scans ruled out, a plan that still scans the table means the expression does not match the index.
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
});
