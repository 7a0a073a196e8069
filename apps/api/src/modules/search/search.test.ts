import { SEARCH_QUERY_MAX, type SearchResult } from '@learnbuild/domain/schemas/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  communityCategories,
  communityThreads,
  dsaProblems,
  dsaTopics,
  judgeProblems,
  subjectSubtopics,
  subjects,
  subjectTopics,
  users,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBlogPostRow, createCourseRows, createUser } from '../../test/factories';
import { member, startThread } from '../community/community-fixtures';
import { seedCommunityCategories } from '../community/seed';
import { SEARCH_FRESH_MS, SEARCH_STALE_MS } from './reply-cache';
import { snippetAround } from './snippet';

let t: TestApp;
type Headers = Record<string, string>;
let student: Headers;
let admin: Headers;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const author = await createUser(t.app, db, 'Instructor', { name: 'Ada Author' });
  student = (await createUser(t.app, db, 'Student', { name: 'Sam Student' })).auth;
  admin = (await createUser(t.app, db, 'Admin', { name: 'Alma Admin' })).auth;
  await createUser(t.app, db, 'Student', { name: 'Zebulon Quartz', email: 'zebulon@example.com' });

  const [topic] = await db.insert(dsaTopics).values({ name: 'Search topic' }).returning();
  const problem = (slug: string, title: string, position: number) => ({
    slug,
    title,
    position,
    step: 'Step 1',
    topicId: topic!.id,
    difficulty: 'Easy' as const,
    url: `https://judge.example.com/${slug}`,
  });
  const problems = await db
    .insert(dsaProblems)
    .values([
      // Listed before the exact title on the sheet, and as close to the words: only the ranking puts it second.
      problem('two-sum-ii', 'Two Sum II - Input Array Is Sorted', 0),
      problem('count-two-sum-pairs', 'Count Two Sum Pairs', 1),
      problem('two-sum', 'Two Sum', 2),
      problem('dijkstra', 'Implementing Dijkstra Algorithm', 3),
      { ...problem('two-sum-gone', 'Two Sum Removed', 4), deletedAt: new Date() },
    ])
    .returning();
  const twoSum = problems.find((row) => row.slug === 'two-sum')!;
  await db.insert(judgeProblems).values({ problemId: twoSum.id, spec: {}, enabled: true });

  await db.insert(subjects).values({ id: 'os', name: 'Operating Systems' });
  await db
    .insert(subjectTopics)
    .values({ subjectId: 'os', id: 'processes', name: 'Processes and Threads', description: 'How work is shared' });
  await db.insert(subjectSubtopics).values({
    subjectId: 'os',
    topicId: 'processes',
    id: 'scheduling',
    name: 'CPU Scheduling',
    body: 'Round robin gives each process a fixed time quantum before the next one runs.',
  });

  await createCourseRows(db, author.user.id, { title: 'Graph Algorithms Bootcamp', status: 'published' });
  await createCourseRows(db, author.user.id, { title: 'Graph Theory Draft', status: 'draft' });
  await createCourseRows(db, author.user.id, { title: 'Graph Archive Course', status: 'archived' });

  const now = Date.now();
  await createBlogPostRow(db, author.user.id, {
    title: 'Heap sort explained',
    body: 'A heap keeps the largest on top.',
  });
  await createBlogPostRow(db, author.user.id, {
    title: 'Heap draft notes',
    body: 'An unpublished zanzibarword draft body.',
    status: 'draft',
  });
  await createBlogPostRow(db, author.user.id, {
    title: 'Heap scheduled later',
    body: 'Coming zanzibarword soon.',
    status: 'scheduled',
    publishAt: new Date(now + 24 * HOUR),
  });
  await createBlogPostRow(db, author.user.id, {
    title: 'Heap scheduled earlier',
    body: 'Its time has come.',
    status: 'scheduled',
    publishAt: new Date(now - HOUR),
  });

  await seedCommunityCategories(db);
  const [category] = await db.select().from(communityCategories).where(eq(communityCategories.slug, 'dsa-help'));
  const thread = (title: string, body: string, extra: Partial<typeof communityThreads.$inferInsert> = {}) => ({
    categoryId: category!.id,
    authorId: author.user.id,
    title,
    body,
    ...extra,
  });
  await db
    .insert(communityThreads)
    .values([
      thread('Binary search on the answer', 'When the answer is monotonic, search over it.'),
      thread('Binary search hidden away', 'A moderator hid this zanzibarword thread.', { hidden: true }),
      thread('Binary search full solution', 'def solve(): return the whole answer', { containsSolution: true }),
    ]);
});
afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string>, auth?: Headers) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/search?${new URLSearchParams(query)}`,
    headers: auth,
  });
  return reply;
}
async function results(query: Record<string, string>, auth?: Headers): Promise<SearchResult[]> {
  const reply = await search(query, auth);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.json().success).toBe(true);
  return reply.json().results;
}
const titles = (found: SearchResult[]) => found.map((result) => result.title);

describe('GET /api/search: what it finds', () => {
  it('puts the exact title first, then titles that start with it, then the closest', async () => {
    const found = await results({ q: 'two sum', kinds: 'problem' });
    expect(titles(found)).toEqual(['Two Sum', 'Two Sum II - Input Array Is Sorted', 'Count Two Sum Pairs']);
  });

  it('finds through typos: "two sun" finds Two Sum, "djikstra" finds Dijkstra', async () => {
    expect(titles(await results({ q: 'two sun', kinds: 'problem' }))[0]).toBe('Two Sum');
    expect(titles(await results({ q: 'djikstra', kinds: 'problem' }))).toEqual(['Implementing Dijkstra Algorithm']);
    expect(titles(await results({ q: 'dijsktra', kinds: 'problem' }))).toEqual(['Implementing Dijkstra Algorithm']);
    expect(titles(await results({ q: 'heap sotr', kinds: 'post' }))[0]).toBe('Heap sort explained');
    expect(titles(await results({ q: 'binary serch', kinds: 'thread' }))).toContain('Binary search on the answer');
  });

  it('links a judged problem to its page and another to the sheet, and never finds a deleted one', async () => {
    const found = await results({ q: 'two sum', kinds: 'problem' });
    expect(found[0]).toMatchObject({ kind: 'problem', url: '/problems/two-sum', snippet: 'Easy · Search topic' });
    expect(found[1]!.url).toBe('/dsa-sheet?q=Two%20Sum%20II%20-%20Input%20Array%20Is%20Sorted');
    expect(titles(await results({ q: 'two sum removed', kinds: 'problem' }))).not.toContain('Two Sum Removed');
  });

  it('groups the results by kind, in the order problems, lessons, courses, posts, threads', async () => {
    await t.database.db.insert(subjects).values({ id: 'graphs', name: 'Graphs' });
    await t.database.db.insert(subjectTopics).values({ subjectId: 'graphs', id: 'heaps', name: 'Heaps' });
    const found = await results({ q: 'heap' }, student);
    const kinds = found.map((result) => result.kind);
    expect([...new Set(kinds)]).toEqual(['lesson', 'post', 'thread'].filter((kind) => kinds.includes(kind as never)));
    expect(kinds).toEqual([...kinds].sort((a, b) => order(a) - order(b)));
    expect(found.find((result) => result.kind === 'lesson')).toMatchObject({ url: '/subject/graphs/topic/heaps' });
  });
});
const order = (kind: string) => ['problem', 'lesson', 'course', 'post', 'thread', 'user'].indexOf(kind);

describe('GET /api/search: visibility', () => {
  for (const [who, auth] of [
    ['signed out', () => undefined],
    ['a student', () => student],
    ['an admin', () => admin],
  ] as const) {
    it(`never shows ${who} a draft or a not-yet-scheduled post, a hidden thread or an unpublished course`, async () => {
      const posts = titles(await results({ q: 'heap', kinds: 'post' }, auth()));
      expect(posts.sort()).toEqual(['Heap scheduled earlier', 'Heap sort explained']);
      const courses = titles(await results({ q: 'graph', kinds: 'course' }, auth()));
      expect(courses).toEqual(['Graph Algorithms Bootcamp']);
      const threads = titles(await results({ q: 'binary search', kinds: 'thread' }, auth()));
      expect(threads.sort()).toEqual(['Binary search full solution', 'Binary search on the answer']);
      // A word found only in the bodies nobody may read yet finds nothing at all.
      expect(await results({ q: 'zanzibarword' }, auth())).toEqual([]);
    });
  }

  it('takes no snippet from an opening post that gives a solution away', async () => {
    const found = await results({ q: 'binary search', kinds: 'thread' });
    const byTitle = (title: string) => found.find((result) => result.title === title);
    expect(byTitle('Binary search full solution')).toMatchObject({ snippet: 'DSA Help · 0 replies' });
    expect(byTitle('Binary search on the answer')).toMatchObject({
      url: expect.stringMatching(/^\/community\/[0-9a-f-]{36}$/),
      snippet: 'When the answer is monotonic, search over it.',
    });
  });

  it("matches a lesson's text and quotes it only for the signed-in", async () => {
    expect(await results({ q: 'quantum', kinds: 'lesson' })).toEqual([]);
    expect(await results({ q: 'quantum', kinds: 'lesson' }, student)).toEqual([
      {
        kind: 'lesson',
        id: 'os/processes/scheduling',
        title: 'CPU Scheduling',
        url: '/subject/os/topic/processes/subtopic/scheduling',
        snippet: 'Round robin gives each process a fixed time quantum before the next one runs.',
      },
    ]);
    const signedOut = await results({ q: 'cpu scheduling', kinds: 'lesson' });
    expect(signedOut[0]).toMatchObject({
      title: 'CPU Scheduling',
      snippet: 'Operating Systems › Processes and Threads',
    });
  });

  it('finds users for an admin only, by a misspelt name or the email', async () => {
    const found = await results({ q: 'zebulon quarts', kinds: 'user' }, admin);
    expect(found[0]).toMatchObject({
      kind: 'user',
      title: 'Zebulon Quartz',
      url: '/admin?tab=users&q=zebulon%40example.com',
      snippet: 'zebulon@example.com · Student',
    });
    expect(titles(await results({ q: 'zebulon@example', kinds: 'user' }, admin))).toEqual(['Zebulon Quartz']);
    expect(titles(await results({ q: 'zebulon' }, admin))).toEqual(['Zebulon Quartz']);
  });

  it('leaves users out of a wider search for everyone else', async () => {
    expect(await results({ q: 'zebulon' })).toEqual([]);
    expect(await results({ q: 'zebulon' }, student)).toEqual([]);
    expect(await results({ q: 'zebulon', kinds: 'problem,user' }, student)).toEqual([]);
  });

  it('refuses a search of users alone: 401 signed out, 403 for a student', async () => {
    const signedOut = await search({ q: 'zebulon', kinds: 'user' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ success: false, error: 'Log in as an admin to search users' });
    const asStudent = await search({ q: 'zebulon', kinds: 'user' }, student);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ success: false, error: 'Only admins can search users' });
  });

  it('never finds a user who turned the public profile off, for anyone but an admin', async () => {
    await t.database.db
      .update(users)
      .set({ handle: 'zebq', publicProfile: { enabled: false } })
      .where(eq(users.email, 'zebulon@example.com'));
    for (const auth of [undefined, student]) expect(await results({ q: 'zebq' }, auth)).toEqual([]);
    expect(titles(await results({ q: 'zebq' }, admin))).toEqual(['Zebulon Quartz']);
  });
});

describe('GET /api/search: answered from memory for a few seconds', () => {
  it('shows a thread started, and drops a thread hidden, in the very next search of the same words', async () => {
    const author = await member(t, 'Student', { name: 'Quinn Poster' });
    const moderator = await member(t, 'Instructor');
    const ask = async () => titles(await results({ q: 'quokka', kinds: 'thread' }));
    expect(await ask()).toEqual([]);
    const thread = await startThread(t, author, { title: 'Quokka sort in practice', body: 'A sort named for fun.' });
    expect(await ask()).toEqual(['Quokka sort in practice']);
    const hidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/threads/${thread.id}/moderation`,
      headers: moderator.auth,
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await ask()).toEqual([]);
  });

  it('answers a repeated search from memory until SEARCH_FRESH_MS + SEARCH_STALE_MS have passed, per kind of asker', async () => {
    const db = t.database.db;
    const [topic] = await db.select().from(subjectTopics).limit(1);
    const ask = async (auth?: Headers) => titles(await results({ q: 'wombatlesson', kinds: 'lesson' }, auth));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await ask()).toEqual([]);
      expect(await ask(student)).toEqual([]);
      // An admin's lesson written past the API's caches (nothing forgets the searches).
      await db.insert(subjectSubtopics).values({
        subjectId: topic!.subjectId,
        topicId: topic!.id,
        id: 'wombatlesson',
        name: 'Wombatlesson basics',
        body: 'Text.',
      });
      expect(await ask()).toEqual([]);
      // Another kind of asker has an answer of its own, asked now.
      expect(await ask(admin)).toEqual(['Wombatlesson basics']);
      vi.setSystemTime(Date.now() + SEARCH_FRESH_MS + SEARCH_STALE_MS);
      // Past both, the next asker waits for a fresh answer.
      expect(await ask()).toEqual(['Wombatlesson basics']);
      expect(await ask(student)).toEqual(['Wombatlesson basics']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/search: bad input', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['no text', {}, 'Search text is required'],
    ['one character after trimming', { q: '  a  ' }, 'Search text must be at least 2 characters'],
    ['only spaces', { q: '     ' }, 'Search text must be at least 2 characters'],
    ['too long', { q: 'a'.repeat(SEARCH_QUERY_MAX + 1) }, 'Search text must be at most 100 characters'],
    [
      'an unknown kind',
      { q: 'two sum', kinds: 'problem,video' },
      'Unknown kind "video": kinds is a comma list of problem, lesson, course, post, thread, user',
    ],
    [
      'an empty kinds',
      { q: 'two sum', kinds: ' , ' },
      'Kinds must name at least one of problem, lesson, course, post, thread, user',
    ],
  ];
  for (const [name, query, message] of cases) {
    it(`answers 400 to ${name}`, async () => {
      const reply = await search(query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, error: message });
    });
  }

  it('answers 400 to the text given twice', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/search?q=two&q=sum' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error: 'Search text is required' });
  });

  it('takes search syntax and SQL characters as plain text', async () => {
    for (const q of ["'; drop table users; --", '%_\\', 'a:* & !b', '"two sum"', '<->', '((']) {
      const reply = await search({ q });
      expect(reply.statusCode, q).toBe(200);
    }
    expect(titles(await results({ q: '"two sum"', kinds: 'problem' }))).toContain('Two Sum');
  });
});

describe('snippetAround', () => {
  it('keeps a short text whole, as plain text', () => {
    expect(snippetAround('# Title\n\nSome **bold** and `code` with a [link](https://x.test).', 'bold')).toBe(
      'Title Some bold and code with a link.',
    );
  });

  it('cuts a long text around the first match, at word boundaries', () => {
    const text = `${'lorem ipsum '.repeat(40)}the needle sits here ${'dolor sit '.repeat(40)}`;
    const snippet = snippetAround(text, 'needle');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('the needle sits here');
    expect(snippet.length).toBeLessThanOrEqual(162);
  });
});
