import { RANDOM_PROBLEM_NONE_MESSAGE } from '@learnbuild/domain/schemas/dsa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProblems, dsaTopics, seedRuns } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { DEMO_COMPANY_TAGS, seedDemoCompanyTags } from './seed';

// Issue 28, company tags: edited in DSA Management by instructors and admins, carried by the catalogue and the
// sheet, a filter of the sheet and of "Pick one", carried by import and export, and seeded on a few demo problems.

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let instructor: User;
let student: User;
let topicId: string;
/** slug → id of the fixture problems. */
const ids: Record<string, string> = {};

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const problemBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  step: 'Step 1: Basics',
  topicId,
  difficulty: 'Easy',
  url: `https://leetcode.com/problems/${title.toLowerCase().replaceAll(' ', '-')}/`,
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await createUser(t.app, db, 'Admin');
  instructor = await createUser(t.app, db, 'Instructor');
  student = await createUser(t.app, db, 'Student');
  const [topic] = await db.insert(dsaTopics).values({ name: 'Arrays', position: 0 }).returning();
  topicId = topic!.id;
  const rows = await db
    .insert(dsaProblems)
    .values(
      ['two-sum', 'lru-cache', 'trapping-rain-water', 'plain-problem'].map((slug, position) => ({
        slug,
        title: slug.replaceAll('-', ' '),
        step: 'Step 1: Basics',
        topicId,
        difficulty: 'Easy' as const,
        url: `https://leetcode.com/problems/${slug}/`,
        position,
        companies: slug === 'lru-cache' ? ['Stripe'] : [],
      })),
    )
    .returning();
  for (const row of rows) ids[row.slug] = row.id;
});
afterAll(async () => {
  await t.close();
});

describe('editing company tags in DSA Management', () => {
  it.each([
    ['Admin', () => admin],
    ['Instructor', () => instructor],
  ] as const)('an %s creates a problem with companies (201) and edits them (200), cleaned up', async (role, who) => {
    const created = await call(
      'POST',
      '/api/admin/dsa/problems',
      who().auth,
      problemBody(`Valid Anagram ${role}`, { companies: [' Google ', 'amazon', 'Amazon', 'google'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().problem.companies).toEqual(['Google', 'amazon']);
    const problemId = created.json().problem.id;

    const edited = await call('PATCH', `/api/admin/dsa/problems/${problemId}`, who().auth, {
      companies: ['Johnson  &  Johnson', 'Booking.com'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().problem).toMatchObject({
      title: `Valid Anagram ${role}`,
      companies: ['Johnson & Johnson', 'Booking.com'],
    });
  });

  it('a problem created without companies has none, and an edit of another field keeps them', async () => {
    const created = await call('POST', '/api/admin/dsa/problems', admin.auth, problemBody('Contains Duplicate'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().problem.companies).toEqual([]);
    const problemId = created.json().problem.id;
    await call('PATCH', `/api/admin/dsa/problems/${problemId}`, admin.auth, { companies: ['Apple'] });
    const renamed = await call('PATCH', `/api/admin/dsa/problems/${problemId}`, admin.auth, { difficulty: 'Medium' });
    expect(renamed.json().problem.companies).toEqual(['Apple']);
  });

  it('refuses a Student with 403 and a signed-out visitor with 401, and changes nothing', async () => {
    const body = problemBody('Refused Problem', { companies: ['Google'] });
    expect((await call('POST', '/api/admin/dsa/problems', student.auth, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/dsa/problems', {}, body)).statusCode).toBe(401);
    const patch = { companies: ['Google'] };
    const url = `/api/admin/dsa/problems/${ids['plain-problem']}`;
    expect((await call('PATCH', url, student.auth, patch)).statusCode).toBe(403);
    expect((await call('PATCH', url, {}, patch)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, 'plain-problem'));
    expect(row!.companies).toEqual([]);
  });

  it.each([
    [['G'], 'Company names must be at least 2 characters'],
    [['x'.repeat(41)], 'Company names must be at most 40 characters'],
    [['<b>Google</b>'], "Company names may use letters, digits, spaces and & . - ' only"],
    [Array.from({ length: 11 }, (_, i) => `Company ${i}`), 'At most 10 companies'],
    ['Google', 'Companies must be a list of names'],
  ])('refuses %j with 400 and a sentence that says why', async (companies, error) => {
    const created = await call(
      'POST',
      '/api/admin/dsa/problems',
      admin.auth,
      problemBody('Bad Companies', { companies }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe(error);
    const edited = await call('PATCH', `/api/admin/dsa/problems/${ids['plain-problem']}`, instructor.auth, {
      companies,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error).toBe(error);
  });
});

describe('company tags on the sheet', () => {
  it('the catalogue carries them and a new ETag after an edit (the cached bytes are dropped)', async () => {
    const before = await call('GET', '/api/dsa/catalogue');
    expect(before.statusCode).toBe(200);
    const lru = before.json().problems.find((p: { slug: string }) => p.slug === 'lru-cache');
    expect(lru.companies).toEqual(['Stripe']);

    const edit = await call('PATCH', `/api/admin/dsa/problems/${ids['lru-cache']}`, admin.auth, {
      companies: ['Stripe', 'Microsoft'],
    });
    expect(edit.statusCode).toBe(200);
    const after = await call('GET', '/api/dsa/catalogue', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().problems.find((p: { slug: string }) => p.slug === 'lru-cache').companies).toEqual([
      'Stripe',
      'Microsoft',
    ]);
  });

  it('GET /api/dsa/problems carries them and filters by a company in any case', async () => {
    const all = await call('GET', '/api/dsa/problems');
    expect(all.json().problems.every((p: { companies: unknown }) => Array.isArray(p.companies))).toBe(true);
    const filtered = await call('GET', '/api/dsa/problems?company=microsoft');
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().problems.map((p: { slug: string }) => p.slug)).toEqual(['lru-cache']);
  });

  it('"Pick one" honours the company filter, and says so when no problem has that company', async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await call('GET', '/api/dsa/problems/random?company=STRIPE', student.auth);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().problem).toMatchObject({ slug: 'lru-cache', companies: ['Stripe', 'Microsoft'] });
    }
    const none = await call('GET', '/api/dsa/problems/random?company=Nobody%20Inc', student.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(RANDOM_PROBLEM_NONE_MESSAGE);
    const tooLong = await call('GET', `/api/dsa/problems/random?company=${'x'.repeat(41)}`, student.auth);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('Company must be at most 40 characters');
  });
});

describe('company tags in import and export', () => {
  it('exports them as a column split by |, and an old CSV without the column keeps them', async () => {
    const csv = await call('GET', '/api/admin/dsa/problems/export?format=csv', admin.auth);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe('slug,title,step,topic,difficulty,url,altUrl,tags,companies');
    expect(lines.find((line) => line.startsWith('lru-cache,'))).toMatch(/,Stripe\|Microsoft$/);

    const old = [
      'slug,title,step,topic,difficulty,url,altUrl,tags',
      'lru-cache,lru cache,Step 1: Basics,Arrays,Easy,https://leetcode.com/problems/lru-cache/,,design',
    ].join('\r\n');
    const imported = await call(
      'POST',
      '/api/admin/dsa/problems/import',
      { ...admin.auth, 'content-type': 'text/csv' },
      old,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().report).toMatchObject({ updated: 1, errors: [] });
    const [kept] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, 'lru-cache'));
    expect(kept).toMatchObject({ tags: ['design'], companies: ['Stripe', 'Microsoft'] });
  });

  it('imports companies from the column and from JSON, checked like the form, row by row', async () => {
    const file = [
      'slug,title,step,topic,difficulty,url,altUrl,tags,companies',
      'plain-problem,plain problem,Step 1: Basics,Arrays,Easy,https://leetcode.com/problems/plain-problem/,,,Adobe | adobe|Uber',
      'bad-company,Bad Company,Step 1: Basics,Arrays,Easy,https://leetcode.com/problems/bad-company/,,,G',
    ].join('\r\n');
    const dry = await call(
      'POST',
      '/api/admin/dsa/problems/import?dryRun=true',
      { ...instructor.auth, 'content-type': 'text/csv' },
      file,
    );
    expect(dry.json().report.errors).toEqual([{ row: 3, message: 'Company names must be at least 2 characters' }]);
    const applied = await call(
      'POST',
      '/api/admin/dsa/problems/import?skipInvalid=true',
      { ...instructor.auth, 'content-type': 'text/csv' },
      file,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const [row] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, 'plain-problem'));
    expect(row!.companies).toEqual(['Adobe', 'Uber']);

    const json = await call('GET', '/api/admin/dsa/problems/export', admin.auth);
    const exported = json.json().problems.find((p: { slug: string }) => p.slug === 'plain-problem');
    expect(exported.companies).toEqual(['Adobe', 'Uber']);
    const cleared = await call('POST', '/api/admin/dsa/problems/import', admin.auth, [{ ...exported, companies: [] }]);
    expect(cleared.json().report).toMatchObject({ updated: 1 });
    const [after] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, 'plain-problem'));
    expect(after!.companies).toEqual([]);
  });
});

describe('the demo company tags', () => {
  it('tag a few well-known problems once, keep what staff tagged, and do not come back once removed', async () => {
    expect(Object.keys(DEMO_COMPANY_TAGS).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(DEMO_COMPANY_TAGS).length).toBeLessThanOrEqual(10);
    // lru-cache was tagged by staff above; two-sum and trapping-rain-water were not.
    expect(await seedDemoCompanyTags(t.database.db)).toBe(2);
    const companiesOf = async (slug: string) =>
      (await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, slug)))[0]!.companies;
    expect(await companiesOf('two-sum')).toEqual(['Google', 'Amazon']);
    expect(await companiesOf('lru-cache')).toEqual(['Stripe', 'Microsoft']);
    const [run] = await t.database.db.select().from(seedRuns).where(eq(seedRuns.name, 'dsa-demo-company-tags'));
    expect(run).toMatchObject({ version: 1 });
    // The sheet shows them at once: the catalogue's cache was dropped.
    const catalogue = await call('GET', '/api/dsa/catalogue');
    expect(catalogue.json().problems.find((p: { slug: string }) => p.slug === 'two-sum').companies).toEqual([
      'Google',
      'Amazon',
    ]);

    await call('PATCH', `/api/admin/dsa/problems/${ids['two-sum']}`, admin.auth, { companies: [] });
    expect(await seedDemoCompanyTags(t.database.db)).toBe(0);
    expect(await companiesOf('two-sum')).toEqual([]);
  });
});
