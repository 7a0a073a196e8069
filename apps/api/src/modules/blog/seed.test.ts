import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, seedRuns, users } from '../../db/schema';
import { seedDemoAccounts } from '../../seed/demo-accounts';
import { runSeed } from '../../seed/seed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { BLOG_SEED_AUTHORS, loadBlogContent, parseBlogPost } from './content';
import { seedDemoBlogPosts } from './seed';

const posts = loadBlogContent();

describe('the demo blog content', () => {
  it('has the eight posts of the issue', () => {
    expect(posts).toHaveLength(8);
  });

  for (const post of posts) {
    it(`${post.slug}: parses, with an excerpt, tags, a known author, a past date and a real body`, () => {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.excerpt.length).toBeGreaterThan(40);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(Object.keys(BLOG_SEED_AUTHORS)).toContain(post.author);
      expect(post.publishedAt.getTime()).toBeLessThan(Date.now());
      expect(post.body.split(/\s+/).length).toBeGreaterThan(800);
      expect(post.body.startsWith('---')).toBe(false);
    });
  }
});

describe('parsing a post file', () => {
  const front = (lines: string[]) => `---\n${lines.join('\n')}\n---\n\nThe body.`;
  const good = [
    'title: "A good title"',
    'excerpt: "Short"',
    'tags: [dsa, DSA, interviews]',
    'author: admin',
    'publishedAt: "2026-01-02T09:00:00Z"',
  ];

  it('reads the front matter and the body; the file name is the slug', () => {
    expect(parseBlogPost(front(good), '/x/a-good-post.md')).toEqual({
      slug: 'a-good-post',
      title: 'A good title',
      excerpt: 'Short',
      tags: ['dsa', 'interviews'],
      author: 'admin',
      publishedAt: new Date('2026-01-02T09:00:00Z'),
      body: 'The body.',
    });
  });

  it('names the file and the field at fault', () => {
    expect(() => parseBlogPost('no front matter', '/x/a.md')).toThrow('/x/a.md: missing front matter');
    expect(() => parseBlogPost(front([...good.slice(0, 3), 'author: someone', good[4]!]), '/x/a.md')).toThrow(
      /a\.md: author/,
    );
    expect(() => parseBlogPost(front(good.filter((line) => !line.startsWith('tags'))), '/x/a.md')).toThrow(
      /a\.md: tags/,
    );
    expect(() => parseBlogPost(front(good), '/x/Not A Slug.md')).toThrow(/file name must be a slug/);
    expect(() => parseBlogPost(`---\n${good.join('\n')}\n---\n`, '/x/a.md')).toThrow(/no body/);
  });
});

describe('seeding the demo posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const countPosts = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts))[0]!.n;

  it('waits for the demo accounts (writes nothing and records nothing without them)', async () => {
    expect(await seedDemoBlogPosts(t.app.db)).toBe(0);
    expect(await countPosts()).toBe(0);
    expect(await t.app.db.select().from(seedRuns).where(eq(seedRuns.name, 'demo-blog-posts'))).toEqual([]);
  });

  it('writes nothing when demo seeding is off', async () => {
    await runSeed(t.app.db, { ...t.config, seedDemo: false }, { info() {} });
    expect(await countPosts()).toBe(0);
  });

  it('loads all eight posts, published at their dates by the demo instructor and admin, once', async () => {
    await seedDemoAccounts(t.app.db);
    expect(await seedDemoBlogPosts(t.app.db)).toBe(8);
    const rows = await t.app.db
      .select({
        slug: blogPosts.slug,
        status: blogPosts.status,
        publishedAt: blogPosts.publishedAt,
        readingMinutes: blogPosts.readingMinutes,
        email: users.email,
      })
      .from(blogPosts)
      .innerJoin(users, eq(users.id, blogPosts.authorId));
    expect(rows).toHaveLength(8);
    for (const post of posts) {
      const row = rows.find((candidate) => candidate.slug === post.slug);
      expect(row, post.slug).toMatchObject({
        status: 'published',
        publishedAt: post.publishedAt,
        email: BLOG_SEED_AUTHORS[post.author],
      });
      expect(row!.readingMinutes).toBeGreaterThan(3);
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json();
    expect(listed.total).toBe(8);
    expect(listed.posts[0].slug).toBe([...posts].sort((a, b) => +b.publishedAt - +a.publishedAt)[0]!.slug);

    // Idempotent: a second run writes nothing, and a post deleted since does not come back.
    await t.app.db.delete(blogPosts).where(eq(blogPosts.slug, posts[0]!.slug));
    expect(await seedDemoBlogPosts(t.app.db)).toBe(0);
    expect(await countPosts()).toBe(7);
  });
});
