import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, jobRuns } from '../db/schema';
import { blogReplies } from '../modules/blog/public-cache';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createBlogPostRow, createUser } from '../test/factories';

// The platform's own jobs that were timers or read-time rules before the scheduler: each does its work once
// for a slot, and a second run for the same slot changes nothing.

let t: TestApp;
let authorId: string;

beforeAll(async () => {
  t = await buildTestApp();
  authorId = (await createUser(t.app, t.database.db, 'Instructor')).user.id;
});
afterAll(async () => {
  await t?.close();
});

const hour = 60 * 60_000;

describe('blog.publish-scheduled', () => {
  it('marks a scheduled post published at its publish time, once, and leaves later ones and drafts alone', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const due = await createBlogPostRow(t.database.db, authorId, {
      status: 'scheduled',
      publishAt: new Date(now.getTime() - hour),
    });
    const later = await createBlogPostRow(t.database.db, authorId, {
      status: 'scheduled',
      publishAt: new Date(now.getTime() + hour),
    });
    const draft = await createBlogPostRow(t.database.db, authorId, { status: 'draft' });
    blogReplies.forget(t.database.db);

    const before = await t.app.jobs.runNow('blog.publish-scheduled', new Date(now.getTime() - 2 * hour));
    expect(before).toMatchObject({ ok: true, detail: '0 scheduled posts published' });

    expect(await t.app.jobs.runNow('blog.publish-scheduled', now)).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^[1-9]\d* scheduled posts? published$/),
    });
    const rows = await t.database.db
      .select({ id: blogPosts.id, status: blogPosts.status, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(inArray(blogPosts.id, [due.id, later.id, draft.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(due.id)).toMatchObject({ status: 'published', publishedAt: due.publishAt });
    expect(byId.get(later.id)).toMatchObject({ status: 'scheduled', publishedAt: null });
    expect(byId.get(draft.id)).toMatchObject({ status: 'draft', publishedAt: null });

    // The same slot again: nothing left to do.
    expect(await t.app.jobs.runNow('blog.publish-scheduled', now)).toMatchObject({
      ok: true,
      detail: '0 scheduled posts published',
    });
    // Readers saw it on time before, and see it the same now, dated at its publish time.
    const reply = await t.app.inject({ method: 'GET', url: `/api/blog/${due.slug}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().post).toMatchObject({ status: 'published', publishedAt: due.publishAt!.toISOString() });
  });
});

describe('jobs.prune-runs', () => {
  it('deletes runs older than 30 days and keeps the rest', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * hour);
    await t.database.db.insert(jobRuns).values([
      { name: 'test.prune', startedAt: daysAgo(31), instance: 'old' },
      { name: 'test.prune', startedAt: daysAgo(29), instance: 'recent' },
    ]);
    expect(await t.app.jobs.runNow('jobs.prune-runs', now)).toMatchObject({ ok: true, detail: '1 old run deleted' });
    const left = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.prune'));
    expect(left.map((row) => row.instance)).toEqual(['recent']);
    expect(await t.app.jobs.runNow('jobs.prune-runs', now)).toMatchObject({ detail: '0 old runs deleted' });
  });
});
