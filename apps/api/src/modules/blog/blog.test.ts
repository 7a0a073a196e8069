import { BLOG_PAGE_SIZE, blogListReplySchema, blogPostReplySchema } from '@learnbuild/domain/schemas/blog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../../e2e/tests/xss-payloads';
import { blogPosts, blogSlugRedirects, media } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBlogPostRow, createUser } from '../../test/factories';
import { blogReplies } from './public-cache';

let t: TestApp;
type Account = Awaited<ReturnType<typeof createUser>>;
let admin: Account;
let author: Account;
let otherInstructor: Account;
let student: Account;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.app.db, 'Admin');
  author = await createUser(t.app, t.app.db, 'Instructor', { name: 'Ada Author' });
  otherInstructor = await createUser(t.app, t.app.db, 'Instructor');
  student = await createUser(t.app, t.app.db, 'Student');
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const anonymous: Headers = {};
const hour = 3_600_000;

const list = (query: string, headers: Headers = anonymous) =>
  t.app.inject({ method: 'GET', url: `/api/blog${query}`, headers });
const read = (slug: string, headers: Headers = anonymous) =>
  t.app.inject({ method: 'GET', url: `/api/blog/${slug}`, headers });
const create = (body: Record<string, unknown>, headers: Headers = author.auth) =>
  t.app.inject({ method: 'POST', url: '/api/blog', headers, payload: body });
const update = (slug: string, body: Record<string, unknown>, headers: Headers = author.auth) =>
  t.app.inject({ method: 'PUT', url: `/api/blog/${slug}`, headers, payload: body });
const remove = (slug: string, headers: Headers = author.auth) =>
  t.app.inject({ method: 'DELETE', url: `/api/blog/${slug}`, headers });

let tagCounter = 0;
/** A tag no other test uses, so a list filtered by it holds only this test's posts. */
const freshTag = (name: string) => `${name}-${++tagCounter}`;

async function published(body: Record<string, unknown>, headers: Headers = author.auth) {
  const reply = await create({ status: 'published', body: 'Some words.', ...body }, headers);
  expect(reply.statusCode, reply.body).toBe(201);
  return blogPostReplySchema.parse(reply.json()).post;
}

/** A row written straight to the table; the readers' cache is dropped as a blog write would. */
async function insertRow(values: Parameters<typeof createBlogPostRow>[2]) {
  const row = await createBlogPostRow(t.app.db, author.user.id, values);
  blogReplies.forget(t.app.db);
  return row;
}

describe('GET /api/blog', () => {
  it('lists published posts newest first with exactly the fields of the issue', async () => {
    const tag = freshTag('order');
    const older = await insertRow({ title: 'Older post', tags: [tag], publishedAt: new Date(Date.now() - 2 * hour) });
    const newer = await insertRow({ title: 'Newer post', tags: [tag], publishedAt: new Date(Date.now() - hour) });
    const reply = await list(`?tag=${tag}`);
    expect(reply.statusCode).toBe(200);
    const body = blogListReplySchema.parse(reply.json());
    expect(body).toEqual(reply.json());
    expect(body.total).toBe(2);
    expect(body.posts.map((post) => post.slug)).toEqual([newer.slug, older.slug]);
    expect(body.posts[0]).toEqual({
      slug: newer.slug,
      title: 'Newer post',
      excerpt: newer.excerpt,
      coverImage: null,
      tags: [tag],
      author: { id: author.user.id, name: 'Ada Author' },
      publishedAt: newer.publishedAt!.toISOString(),
      readingMinutes: 1,
      status: 'published',
    });
  });

  it('leaves out drafts and posts scheduled for later, for everyone', async () => {
    const tag = freshTag('hidden');
    await insertRow({ tags: [tag], status: 'draft' });
    await insertRow({ tags: [tag], status: 'scheduled', publishAt: new Date(Date.now() + hour) });
    const shown = await insertRow({ tags: [tag] });
    for (const headers of [anonymous, student.auth, author.auth, admin.auth]) {
      const body = (await list(`?tag=${tag}`, headers)).json();
      expect(body.posts.map((post: { slug: string }) => post.slug)).toEqual([shown.slug]);
      expect(body.total).toBe(1);
    }
  });

  it('shows a scheduled post once its time has passed, dated by its publish time', async () => {
    const tag = freshTag('due');
    const publishAt = new Date(Date.now() - 60_000);
    const due = await insertRow({ tags: [tag], status: 'scheduled', publishAt });
    const body = (await list(`?tag=${tag}`)).json();
    expect(body.posts).toEqual([
      expect.objectContaining({ slug: due.slug, status: 'published', publishedAt: publishAt.toISOString() }),
    ]);
    const post = (await read(due.slug)).json().post;
    expect(post).toMatchObject({ status: 'published', publishedAt: publishAt.toISOString() });
  });

  it(`pages ${BLOG_PAGE_SIZE} at a time with the total`, async () => {
    const tag = freshTag('paging');
    for (let i = 0; i < BLOG_PAGE_SIZE + 2; i++) {
      await insertRow({ tags: [tag], title: `Paged ${i}`, publishedAt: new Date(Date.now() - i * 60_000) });
    }
    const first = (await list(`?tag=${tag}`)).json();
    const second = (await list(`?tag=${tag}&page=2`)).json();
    const third = (await list(`?tag=${tag}&page=3`)).json();
    expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.posts[0].title).toBe('Paged 0');
    expect(second.posts.map((post: { title: string }) => post.title)).toEqual(['Paged 9', 'Paged 10']);
    expect(third.posts).toEqual([]);
    expect([first.total, second.total, third.total]).toEqual([11, 11, 11]);
  });

  it('filters by one tag, exactly and case-insensitively', async () => {
    const tag = freshTag('graphs');
    const tagged = await insertRow({ tags: [tag, 'other'] });
    await insertRow({ tags: [`${tag}x`] });
    const body = (await list(`?tag=${tag.toUpperCase()}`)).json();
    expect(body.posts.map((post: { slug: string }) => post.slug)).toEqual([tagged.slug]);
  });

  it('searches title, excerpt and body by words and word starts, with % and _ taken literally', async () => {
    const tag = freshTag('search');
    const byTitle = await insertRow({ tags: [tag], title: 'Dynamic programming, step by step' });
    const byExcerpt = await insertRow({ tags: [tag], excerpt: 'Knapsack variations explained' });
    const byBody = await insertRow({ tags: [tag], body: 'We meet a zygomorphic heap and a snake_case name.' });
    const percent = await insertRow({ tags: [tag], title: 'A 100% honest review' });
    const find = async (q: string) =>
      (await list(`?tag=${tag}&q=${encodeURIComponent(q)}`)).json().posts.map((post: { slug: string }) => post.slug);
    expect(await find('dynamic')).toEqual([byTitle.slug]);
    expect(await find('dynam')).toEqual([byTitle.slug]);
    expect(await find('PROGRAMS step')).toEqual([byTitle.slug]);
    expect(await find('knapsack')).toEqual([byExcerpt.slug]);
    expect(await find('zygomorphic')).toEqual([byBody.slug]);
    expect(await find('snake_case')).toEqual([byBody.slug]);
    expect(await find('100%')).toEqual([percent.slug]);
    // Wildcards of LIKE mean nothing here: they match no post rather than every post.
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([]);
    expect(await find('%%_%')).toEqual([]);
    expect(await find("'):* | !(")).toEqual([]);
    expect(await find('the a of')).toEqual([]);
    expect(await find('dynamic zygomorphic')).toEqual([]);
    // A page past the last match still counts the matches.
    const past = (await list(`?tag=${tag}&q=step&page=2`)).json();
    expect(past).toEqual({ success: true, posts: [], total: 1 });
  });

  it("searches the stored document: newest first, readers' posts only, and an edit is found at once", async () => {
    const tag = freshTag('stored');
    const older = await insertRow({ tags: [tag], body: 'Quokka notes', publishedAt: new Date(Date.now() - 2 * hour) });
    const newer = await insertRow({ tags: [tag], body: 'More quokka notes', publishedAt: new Date(Date.now() - hour) });
    await insertRow({ tags: [tag], body: 'Quokka draft', status: 'draft' });
    await insertRow({ tags: [tag], body: 'Quokka later', status: 'scheduled', publishAt: new Date(Date.now() + hour) });
    const find = async (q: string) => {
      blogReplies.forget(t.app.db);
      const body = (await list(`?tag=${tag}&q=${encodeURIComponent(q)}`)).json();
      return { slugs: body.posts.map((post: { slug: string }) => post.slug), total: body.total };
    };
    expect(await find('quokka')).toEqual({ slugs: [newer.slug, older.slug], total: 2 });
    await t.app.db.update(blogPosts).set({ body: 'Now about wombats' }).where(eq(blogPosts.id, newer.id));
    expect(await find('quokka')).toEqual({ slugs: [older.slug], total: 1 });
    expect(await find('wombat')).toEqual({ slugs: [newer.slug], total: 1 });
  });

  it("lists an author's own posts of every status with mine=1, and every post for an Admin", async () => {
    const tag = freshTag('mine');
    const draft = await insertRow({ tags: [tag], status: 'draft' });
    const later = await insertRow({ tags: [tag], status: 'scheduled', publishAt: new Date(Date.now() + hour) });
    const others = await createBlogPostRow(t.app.db, otherInstructor.user.id, { tags: [tag], status: 'draft' });
    const mine = (await list(`?mine=1&tag=${tag}`, author.auth)).json();
    expect(mine.posts.map((post: { slug: string }) => post.slug).sort()).toEqual([draft.slug, later.slug].sort());
    expect(mine.posts.find((post: { slug: string }) => post.slug === later.slug)).toMatchObject({
      status: 'scheduled',
      publishedAt: later.publishAt!.toISOString(),
    });
    const all = (await list(`?mine=1&tag=${tag}`, admin.auth)).json();
    expect(all.total).toBe(3);
    expect(all.posts.map((post: { slug: string }) => post.slug)).toContain(others.slug);
    expect((await list('?mine=1')).statusCode).toBe(401);
    expect((await list('?mine=1', student.auth)).statusCode).toBe(403);
  });

  it('refuses a bad query with 400 and the fields at fault', async () => {
    for (const query of ['?page=0', '?page=abc', `?q=${'x'.repeat(101)}`, '?mine=2', `?tag=${'t'.repeat(31)}`]) {
      const reply = await list(query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, error: expect.any(String), details: expect.any(Array) });
    }
  });
});

describe('GET /api/blog/tags', () => {
  it('counts the tags of published posts only, most used first', async () => {
    const common = freshTag('common');
    const rare = freshTag('rare');
    const unseen = freshTag('unseen');
    await insertRow({ tags: [common, rare] });
    await insertRow({ tags: [common] });
    await insertRow({ tags: [common, unseen], status: 'draft' });
    await insertRow({ tags: [unseen], status: 'scheduled', publishAt: new Date(Date.now() + hour) });
    const reply = await t.app.inject({ method: 'GET', url: '/api/blog/tags' });
    expect(reply.statusCode).toBe(200);
    const { tags } = reply.json() as { tags: { tag: string; count: number }[] };
    expect(tags).toContainEqual({ tag: common, count: 2 });
    expect(tags).toContainEqual({ tag: rare, count: 1 });
    expect(tags.map((entry) => entry.tag)).not.toContain(unseen);
    expect(tags.findIndex((entry) => entry.tag === common)).toBeLessThan(tags.findIndex((entry) => entry.tag === rare));
  });
});

describe('GET /api/blog/:slug', () => {
  it('answers a published post to anyone, with up to three related posts sharing its tags', async () => {
    const tag = freshTag('related');
    const second = freshTag('second');
    const post = await published({ title: 'The related root', tags: [tag, second], body: 'word '.repeat(450) });
    const both = await insertRow({ tags: [tag, second], publishedAt: new Date(Date.now() - hour) });
    const one = await insertRow({ tags: [tag] });
    const other = await insertRow({ tags: [second], publishedAt: new Date(Date.now() - 2 * hour) });
    await insertRow({ tags: [tag], publishedAt: new Date(Date.now() - 3 * hour) });
    await insertRow({ tags: [tag], status: 'draft' });
    const reply = await read(post.slug);
    expect(reply.statusCode).toBe(200);
    const body = blogPostReplySchema.parse(reply.json());
    expect(body).toEqual(reply.json());
    expect(body.post).toMatchObject({
      title: 'The related root',
      readingMinutes: 2,
      canEdit: false,
      status: 'published',
      author: { id: author.user.id, name: 'Ada Author' },
    });
    expect(body.post.related.map((related) => related.slug)).toEqual([both.slug, one.slug, other.slug]);
    expect((await read(post.slug, author.auth)).json().post.canEdit).toBe(true);
    expect((await read(post.slug, admin.auth)).json().post.canEdit).toBe(true);
    expect((await read(post.slug, otherInstructor.auth)).json().post.canEdit).toBe(false);
  });

  for (const state of ['draft', 'scheduled for later'] as const) {
    it(`hides a post ${state} (404) from anonymous readers, students and other instructors, not from its author or an Admin`, async () => {
      const row = await insertRow(
        state === 'draft' ? { status: 'draft' } : { status: 'scheduled', publishAt: new Date(Date.now() + hour) },
      );
      for (const headers of [anonymous, student.auth, otherInstructor.auth]) {
        const reply = await read(row.slug, headers);
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toEqual({ success: false, error: 'Post not found' });
      }
      for (const headers of [author.auth, admin.auth]) {
        const reply = await read(row.slug, headers);
        expect(reply.statusCode).toBe(200);
        expect(reply.json().post.status).toBe(state === 'draft' ? 'draft' : 'scheduled');
      }
    });
  }

  it('answers 404 for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-post', 'Not%20A%20Slug', encodeURIComponent('../etc'), 'x'.repeat(200)]) {
      const reply = await read(slug);
      expect(reply.statusCode, slug).toBe(404);
      expect(reply.json().success).toBe(false);
    }
  });
});

describe('POST /api/blog', () => {
  const body = { title: 'Role matrix post', body: 'Text', status: 'published' };

  it('lets Instructors and Admins write; refuses students (403) and anonymous callers (401)', async () => {
    expect((await create(body, anonymous)).statusCode).toBe(401);
    const refused = await create(body, student.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    expect((await create(body, author.auth)).statusCode).toBe(201);
    const byAdmin = await create(body, admin.auth);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().post.author.id).toBe(admin.user.id);
  });

  it('makes the slug from the title and numbers repeats -2, -3', async () => {
    const title = 'Hello, Wörld: Slugs & Things!';
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create({ title })).json().post.slug);
    expect(slugs).toEqual(['hello-world-slugs-things', 'hello-world-slugs-things-2', 'hello-world-slugs-things-3']);
  });

  it('gives posts of one title written at the same moment distinct slugs', async () => {
    const replies = await Promise.all(
      [author, otherInstructor, admin, author, otherInstructor].map((account) =>
        create({ title: 'Parallel title' }, account.auth),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(replies.map((reply) => reply.json().post.slug).sort()).toEqual([
      'parallel-title',
      'parallel-title-2',
      'parallel-title-3',
      'parallel-title-4',
      'parallel-title-5',
    ]);
  });

  it('takes a chosen slug, refuses one another post holds (409) and one that is reserved (400)', async () => {
    const chosen = await create({ title: 'Anything', slug: 'my-chosen-address' });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().post.slug).toBe('my-chosen-address');
    const taken = await create({ title: 'Another', slug: 'my-chosen-address' }, otherInstructor.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, error: expect.stringContaining('taken') });
    const reserved = await create({ title: 'Tags', slug: 'tags' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().details).toEqual([{ path: 'slug', message: expect.any(String) }]);
    // A title that slugifies to a reserved address moves on to the next number.
    expect((await create({ title: 'Tags' })).json().post.slug).toBe('tags-2');
  });

  it('publishes with publishedAt now, keeps a draft undated, and computes the reading time', async () => {
    const before = Date.now();
    const post = (await create({ title: 'Now', status: 'published', body: 'word '.repeat(1000) })).json().post;
    expect(Date.parse(post.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(post.readingMinutes).toBe(5);
    const draft = (await create({ title: 'Later maybe' })).json().post;
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, readingMinutes: 1, excerpt: '', tags: [] });
  });

  it('schedules a post for a future time and refuses one in the past or without a time (400)', async () => {
    const publishAt = new Date(Date.now() + 2 * hour).toISOString();
    const scheduled = await create({ title: 'Scheduled', status: 'scheduled', publishAt });
    expect(scheduled.statusCode).toBe(201);
    expect(scheduled.json().post).toMatchObject({ status: 'scheduled', publishAt, publishedAt: publishAt });
    for (const late of [{}, { publishAt: new Date(Date.now() - hour).toISOString() }, { publishAt: null }]) {
      const reply = await create({ title: 'Too late', status: 'scheduled', ...late });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toEqual([{ path: 'publishAt', message: expect.any(String) }]);
    }
  });

  it('refuses bad bodies with 400 and the fields at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'title'],
      [{ title: 'ab' }, 'title'],
      [{ title: 'x'.repeat(151) }, 'title'],
      [{ title: 'Fine', excerpt: 'x'.repeat(301) }, 'excerpt'],
      [{ title: 'Fine', body: 42 }, 'body'],
      [{ title: 'Fine', tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'tags'],
      [{ title: 'Fine', tags: ['x'.repeat(31)] }, 'tags.0'],
      [{ title: 'Fine', tags: ['  '] }, 'tags.0'],
      [{ title: 'Fine', status: 'live' }, 'status'],
      [{ title: 'Fine', publishAt: 'tomorrow' }, 'publishAt'],
      [{ title: 'Fine', slug: 'Not A Slug' }, 'slug'],
      [{ title: 'Fine', coverMediaId: 'nope' }, 'coverMediaId'],
    ];
    for (const [payload, path] of cases) {
      const reply = await create(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
  });

  it("takes a cover from the author's own images only (any image for an Admin)", async () => {
    const image = async (ownerId: string, kind: 'image' | 'video' = 'image') => {
      const [row] = await t.app.db
        .insert(media)
        .values({
          ownerId,
          kind,
          mime: kind === 'image' ? 'image/png' : 'video/mp4',
          size: 10,
          storageName: `${crypto.randomUUID()}.bin`,
        })
        .returning();
      return row!.id;
    };
    const own = await image(author.user.id);
    const reply = await create({ title: 'With cover', coverMediaId: own });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().post).toMatchObject({ coverMediaId: own, coverImage: `/api/media/${own}/content` });
    for (const coverMediaId of [
      await image(otherInstructor.user.id),
      await image(author.user.id, 'video'),
      crypto.randomUUID(),
    ]) {
      const refused = await create({ title: 'Bad cover', coverMediaId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'coverMediaId', message: expect.any(String) }]);
    }
    expect((await create({ title: 'Admin cover', coverMediaId: own }, admin.auth)).statusCode).toBe(201);
  });
});

describe('PUT /api/blog/:slug', () => {
  it('lets the author and an Admin edit; another Instructor gets 403, a student 403, anonymous 401', async () => {
    const post = await published({ title: 'Edit matrix' });
    expect((await update(post.slug, { excerpt: 'x' }, anonymous)).statusCode).toBe(401);
    expect((await update(post.slug, { excerpt: 'x' }, student.auth)).statusCode).toBe(403);
    const other = await update(post.slug, { excerpt: 'x' }, otherInstructor.auth);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, error: 'Only the author or an admin can change this post' });
    expect((await update(post.slug, { excerpt: 'by author' })).json().post.excerpt).toBe('by author');
    const byAdmin = await update(post.slug, { excerpt: 'by admin' }, admin.auth);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().post).toMatchObject({ excerpt: 'by admin', author: { id: author.user.id } });
  });

  it('answers 404 to another Instructor for a draft they cannot see, and for an unknown slug', async () => {
    const draft = await insertRow({ status: 'draft' });
    expect((await update(draft.slug, { excerpt: 'x' }, otherInstructor.auth)).statusCode).toBe(404);
    expect((await remove(draft.slug, otherInstructor.auth)).statusCode).toBe(404);
    expect((await update('no-such-post', { excerpt: 'x' })).statusCode).toBe(404);
  });

  it('changes only the fields sent', async () => {
    const post = await published({ title: 'Partial', excerpt: 'Kept', tags: ['kept'], body: 'word '.repeat(600) });
    const edited = (await update(post.slug, { body: 'short' })).json().post;
    expect(edited).toMatchObject({
      slug: post.slug,
      title: 'Partial',
      excerpt: 'Kept',
      tags: ['kept'],
      status: 'published',
      publishedAt: post.publishedAt,
      readingMinutes: 1,
      body: 'short',
    });
  });

  it('keeps the first publishedAt when a post goes back to draft and is published again', async () => {
    const post = await published({ title: 'Twice published' });
    await update(post.slug, { status: 'draft' });
    expect((await read(post.slug)).statusCode).toBe(404);
    const again = (await update(post.slug, { status: 'published' })).json().post;
    expect(again.publishedAt).toBe(post.publishedAt);
  });

  it('renames: the new title gives a new slug and the old slug still answers the post', async () => {
    const post = await published({ title: 'Original title here' });
    const renamed = (await update(post.slug, { title: 'A better title' })).json().post;
    expect(renamed.slug).toBe('a-better-title');
    const viaOld = await read('original-title-here');
    expect(viaOld.statusCode).toBe(200);
    expect(viaOld.json().post).toMatchObject({ id: post.id, slug: 'a-better-title', title: 'A better title' });
    // Editing through the old address works too, and a second rename keeps both old addresses.
    const custom = (await update('original-title-here', { slug: 'best-title' })).json().post;
    expect(custom.slug).toBe('best-title');
    for (const old of ['original-title-here', 'a-better-title'])
      expect((await read(old)).json().post.slug).toBe('best-title');
    // A title that slugifies the same (or to a numbered variant) keeps the address.
    expect((await update('best-title', { title: 'Best Title' })).json().post.slug).toBe('best-title');
  });

  it("keeps a renamed post's old slug for it: a new post gets the next number, or 409 when chosen", async () => {
    const post = await published({ title: 'Reserved by redirect' });
    await update(post.slug, { title: 'Moved elsewhere' });
    const next = await published({ title: 'Reserved by redirect' }, otherInstructor.auth);
    expect(next.slug).toBe('reserved-by-redirect-2');
    const chosen = await create({ title: 'Chooser', slug: 'reserved-by-redirect' }, otherInstructor.auth);
    expect(chosen.statusCode).toBe(409);
    expect((await read('reserved-by-redirect')).json().post.id).toBe(post.id);
    // The post itself may take its old address back; then it is no longer a redirect.
    const back = (await update('moved-elsewhere', { slug: 'reserved-by-redirect' })).json().post;
    expect(back.slug).toBe('reserved-by-redirect');
    const redirects = await t.app.db.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, post.id));
    expect(redirects.map((row) => row.slug)).toEqual(['moved-elsewhere']);
  });

  it('edits a scheduled post whose time has come as a published one', async () => {
    const publishAt = new Date(Date.now() - 60_000);
    const due = await insertRow({ status: 'scheduled', publishAt });
    const edited = (await update(due.slug, { excerpt: 'Now live' })).json().post;
    expect(edited).toMatchObject({ status: 'published', publishedAt: publishAt.toISOString() });
    const [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, due.id));
    expect(row).toMatchObject({ status: 'published', publishedAt: publishAt });
  });

  it('refuses bad bodies with 400 and the fields at fault', async () => {
    const post = await published({ title: 'Bad update' });
    for (const [payload, path] of [
      [{ title: 'x' }, 'title'],
      [{ tags: 'nope' }, 'tags'],
      [{ status: 'scheduled', publishAt: new Date(Date.now() - hour).toISOString() }, 'publishAt'],
    ] as const) {
      const reply = await update(post.slug, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
  });
});

describe('DELETE /api/blog/:slug', () => {
  it('lets the author or an Admin delete; another Instructor 403, a student 403, anonymous 401', async () => {
    const post = await published({ title: 'Delete matrix' });
    expect((await remove(post.slug, anonymous)).statusCode).toBe(401);
    expect((await remove(post.slug, student.auth)).statusCode).toBe(403);
    expect((await remove(post.slug, otherInstructor.auth)).statusCode).toBe(403);
    const reply = await remove(post.slug);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'The post is deleted' });
    expect((await read(post.slug)).statusCode).toBe(404);
    const byAdmin = await published({ title: 'Deleted by admin' });
    expect((await remove(byAdmin.slug, admin.auth)).statusCode).toBe(200);
    expect((await remove(byAdmin.slug, admin.auth)).statusCode).toBe(404);
  });

  it('frees the old slugs of a deleted post', async () => {
    const post = await published({ title: 'Gone soon' });
    await update(post.slug, { title: 'Gone now' });
    await remove('gone-now');
    expect((await read('gone-soon')).statusCode).toBe(404);
    expect((await published({ title: 'Gone soon' })).slug).toBe('gone-soon');
  });
});

describe('user text', () => {
  it('stores every XSS payload as text and answers it unchanged in title, excerpt, body and tags', async () => {
    for (const payload of XSS_PAYLOADS) {
      const tag = payload.trim().toLowerCase().slice(0, 30).trim();
      const reply = await create({
        title: payload.slice(0, 150),
        excerpt: payload,
        body: `${payload}\n\n${payload}`,
        tags: [tag],
        status: 'published',
      });
      expect(reply.statusCode, payload).toBe(201);
      const { post } = reply.json();
      expect(post).toMatchObject({
        title: payload.slice(0, 150).trim(),
        excerpt: payload,
        body: `${payload}\n\n${payload}`,
        tags: [tag],
      });
      const again = (await read(post.slug)).json().post;
      expect(again.title).toBe(post.title);
      expect(again.body).toBe(post.body);
      const listed = (await list(`?tag=${encodeURIComponent(tag)}`)).json().posts;
      expect(listed.map((entry: { excerpt: string }) => entry.excerpt)).toContain(payload);
    }
  });
});
