import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Role } from '@learnbuild/domain/roles';
import { addDays } from '@learnbuild/domain/rules/streaks';
import {
  type CatalogueProblem,
  type DsaProblem,
  type FlagsReply,
  flagsReplySchema,
} from '@learnbuild/domain/schemas/dsa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dsaProblems } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/queries';
import { currentCatalogue } from './catalogue';
import { forgetProblemStats } from './problem-stats';

let t: TestApp;
let passwordHash: string;
let users = 0;
type Headers = Record<string, string>;

async function signIn(role: Role = 'Student'): Promise<Headers> {
  users += 1;
  const email = `catalogue-${users}-${Date.now()}@example.com`;
  await insertUser(t.database.db, {
    name: `Catalogue ${role} ${users}`,
    email,
    passwordHash,
    wantsToBeInstructor: false,
    role,
    emailVerifiedAt: new Date(),
  });
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: `10.9.0.${users}`,
  });
  return { authorization: `Bearer ${reply.json().token}` };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

const catalogue = (headers: Headers = {}) => call('GET', '/api/dsa/catalogue', headers);

async function etag(): Promise<string> {
  const reply = await catalogue();
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.headers.etag as string;
}

async function problems(): Promise<CatalogueProblem[]> {
  return (await catalogue()).json().problems;
}

async function flags(headers: Headers): Promise<FlagsReply> {
  const reply = await call('GET', '/api/dsa/progress/flags', headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return flagsReplySchema.parse(reply.json());
}

const NO_FLAGS = { success: true, solved: {}, bookmarked: [], notes: {}, revision: {}, verified: [], confidence: {} };

let admin: Headers;
let topicId: string;
let problemCount = 0;

async function createProblem(title = `Catalogue Problem ${++problemCount}`): Promise<CatalogueProblem> {
  const reply = await call('POST', '/api/admin/dsa/problems', admin, {
    title,
    step: 'Step 1: Catalogue',
    topicId,
    difficulty: 'Medium',
    url: `https://leetcode.com/problems/catalogue-${problemCount}/`,
    tags: ['catalogue'],
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().problem;
}

beforeAll(async () => {
  t = await buildTestApp();
  passwordHash = await hashPassword(TEST_PASSWORD);
  admin = await signIn('Admin');
  topicId = (await call('POST', '/api/admin/dsa/topics', admin, { name: 'Catalogue Arrays' })).json().topic.id;
  for (let i = 0; i < 30; i++) await createProblem();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/dsa/catalogue', () => {
  it('answers the live bank without flags, with a strong ETag, revalidating cache headers and Vary', async () => {
    const reply = await catalogue();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(reply.headers['cache-control']).toBe('public, no-cache');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['content-encoding']).toBeUndefined();
    const sheet: DsaProblem[] = (await call('GET', '/api/dsa/problems')).json().problems;
    const flagFree = sheet.map(
      // Everyone's numbers (issue 28) come apart, from GET /api/dsa/problem-stats.
      ({
        solved,
        solvedOn,
        bookmarked,
        notes,
        revisionStage,
        revisionDueOn,
        confidence,
        verified,
        acceptanceRate,
        solvedCount,
        ...rest
      }) => rest,
    );
    expect(reply.json()).toEqual({ success: true, problems: flagFree });
  });

  it('is the same bytes for a signed-in learner, and never marked no-store', async () => {
    const learner = await signIn();
    const anonymous = await catalogue();
    const signedIn = await catalogue(learner);
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    expect(signedIn.headers['cache-control']).toBe('public, no-cache');
    expect(signedIn.rawPayload.equals(anonymous.rawPayload)).toBe(true);
  });

  it('sends brotli and gzip bytes made ahead of time that decompress to the same JSON, each with its own ETag', async () => {
    const identity = await catalogue();
    const br = await catalogue({ 'accept-encoding': 'gzip, deflate, br' });
    const gz = await catalogue({ 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    const hash = (identity.headers.etag as string).slice(1, -1);
    expect(br.headers.etag).toBe(`"${hash}-br"`);
    expect(gz.headers.etag).toBe(`"${hash}-gz"`);
    // A coding refused with q=0 is not sent; the higher q wins.
    expect((await catalogue({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await catalogue({ 'accept-encoding': 'br;q=0.5, gzip;q=0.8' })).headers['content-encoding']).toBe('gzip');
    expect((await catalogue({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 with no body when If-None-Match names the current content in any coding', async () => {
    const first = await catalogue({ 'accept-encoding': 'br, gzip' });
    const tag = first.headers.etag as string;
    for (const ifNoneMatch of [tag, `W/${tag}`, `"stale", ${tag}`, tag.replace('-br"', '"'), '*']) {
      const again = await catalogue({ 'accept-encoding': 'br, gzip', 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe('public, no-cache');
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    const other = await catalogue({ 'accept-encoding': 'br, gzip', 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(brotliDecompressSync(other.rawPayload).length).toBeGreaterThan(0);
  });

  it('keeps its ETag while the bank is unchanged, learners writing progress included', async () => {
    const before = await etag();
    const learner = await signIn();
    const [problem] = await problems();
    const put = await call('PUT', `/api/dsa/progress/${problem!.id}`, learner, { solved: true, bookmarked: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(await etag()).toBe(before);
    expect(await etag()).toBe(before);
  });

  it('changes its ETag and contents at once after every kind of bank write', async () => {
    const tags = new Set([await etag()]);
    const changed = async (what: string) => {
      const tag = await etag();
      expect(tags.has(tag), what).toBe(false);
      tags.add(tag);
    };

    const created = await createProblem('Catalogue Created Now');
    expect((await problems()).some((p) => p.id === created.id)).toBe(true);
    await changed('create');

    const edit = await call('PATCH', `/api/admin/dsa/problems/${created.id}`, admin, { title: 'Catalogue Edited' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await problems()).find((p) => p.id === created.id)?.title).toBe('Catalogue Edited');
    await changed('edit');

    const order = (await problems()).filter((p) => p.step === 'Step 1: Catalogue').map((p) => p.id);
    const reorder = await call('PUT', '/api/admin/dsa/problems/order', admin, { ids: [...order].reverse() });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await problems()).filter((p) => p.step === 'Step 1: Catalogue').map((p) => p.id)).toEqual(
      [...order].reverse(),
    );
    await changed('reorder');

    const rename = await call('PATCH', `/api/admin/dsa/topics/${topicId}`, admin, { name: 'Catalogue Renamed' });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await problems()).find((p) => p.id === created.id)?.topic).toBe('Catalogue Renamed');
    await changed('rename topic');

    const imported = await call('POST', '/api/admin/dsa/problems/import', admin, [
      {
        title: 'Catalogue Imported',
        step: 'Step 2: Imported',
        topic: 'Catalogue Renamed',
        difficulty: 'Easy',
        url: 'https://leetcode.com/problems/catalogue-imported/',
      },
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await problems()).some((p) => p.title === 'Catalogue Imported')).toBe(true);
    await changed('import');

    const removed = await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await problems()).some((p) => p.id === created.id)).toBe(false);
    await changed('delete');

    // A browser holding an older tag gets the new bytes, not a 304.
    const old = [...tags][0]!;
    expect((await catalogue({ 'if-none-match': old })).statusCode).toBe(200);
  });
});

describe('the catalogue cache', () => {
  it("reads the bank again after 10 s, keeping the same bytes when nothing changed and seeing another instance's write", async () => {
    const db = t.database.db;
    const start = await currentCatalogue(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      // The old bytes are answered while one re-read runs; an unchanged bank keeps them (no new compression).
      expect(await currentCatalogue(db)).toBe(start);
      await vi.waitFor(async () => expect(await currentCatalogue(db)).toBe(start));

      // A write made elsewhere (not through this app, so nothing was invalidated here).
      const [first] = await problems();
      await db.update(dsaProblems).set({ title: 'Catalogue Written Elsewhere' }).where(eq(dsaProblems.id, first!.id));
      expect(await currentCatalogue(db)).toBe(start);
      vi.setSystemTime(Date.now() + 11_000);
      expect(await currentCatalogue(db)).toBe(start);
      await vi.waitFor(async () => expect((await currentCatalogue(db)).hash).not.toBe(start.hash));
      expect((await problems()).find((p) => p.id === first!.id)?.title).toBe('Catalogue Written Elsewhere');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/dsa/progress/flags', () => {
  it('needs a session', async () => {
    const reply = await call('GET', '/api/dsa/progress/flags');
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ success: false });
  });

  it("answers only the learner's own flags, no-store, and merges with the catalogue into the sheet", async () => {
    const alice = await signIn();
    const bob = await signIn();
    expect(await flags(alice)).toEqual(NO_FLAGS);
    const [first, second, third] = await problems();
    const today = (await call('PUT', `/api/dsa/progress/${first!.id}`, alice, { solved: true })).json().progress
      .solvedOn as string;
    await call('PUT', `/api/dsa/progress/${second!.id}`, alice, { bookmarked: true });
    await call('PUT', `/api/dsa/progress/${third!.id}`, alice, { notes: '  two pointers  ' });
    await call('PUT', `/api/dsa/progress/${third!.id}`, bob, { solved: true, revision: true });
    // A row whose flags were all taken back again holds nothing.
    await call('PUT', `/api/dsa/progress/${first!.id}`, bob, { bookmarked: true });
    await call('PUT', `/api/dsa/progress/${first!.id}`, bob, { bookmarked: false });

    const reply = await call('GET', '/api/dsa/progress/flags', alice);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const own = await flags(alice);
    expect(own).toEqual({
      success: true,
      solved: { [first!.id]: today },
      bookmarked: [second!.id],
      notes: { [third!.id]: 'two pointers' },
      revision: {},
      verified: [],
      confidence: {},
    });
    expect(await flags(bob)).toEqual({
      success: true,
      solved: { [third!.id]: today },
      bookmarked: [],
      notes: {},
      revision: { [third!.id]: { stage: 0, dueOn: addDays(today, 1) } },
      verified: [],
      confidence: {},
    });

    // Catalogue plus flags plus everyone's numbers is exactly the one-call sheet.
    forgetProblemStats(t.database.db);
    const stats = (await call('GET', '/api/dsa/problem-stats')).json().stats;
    const merged = (await problems()).map((p) => ({
      ...p,
      solved: p.id in own.solved,
      solvedOn: own.solved[p.id] ?? null,
      bookmarked: own.bookmarked.includes(p.id),
      notes: own.notes[p.id] ?? '',
      revisionStage: own.revision[p.id]?.stage ?? null,
      revisionDueOn: own.revision[p.id]?.dueOn ?? null,
      confidence: own.confidence?.[p.id] ?? null,
      verified: own.verified?.includes(p.id) ?? false,
      acceptanceRate: stats[p.id]?.acceptanceRate ?? null,
      solvedCount: stats[p.id]?.solvedCount ?? 0,
    }));
    const sheet: DsaProblem[] = (await call('GET', '/api/dsa/problems', alice)).json().problems;
    expect(merged).toEqual(sheet);
  });

  it('sends brotli or gzip as asked, decompressing to the same JSON, and new bytes after each write', async () => {
    const me = await signIn();
    const [first, second] = await problems();
    await call('PUT', `/api/dsa/progress/${first!.id}`, me, { solved: true, notes: 'x'.repeat(2_000) });
    const read = (encoding?: string) =>
      call('GET', '/api/dsa/progress/flags', { ...me, ...(encoding ? { 'accept-encoding': encoding } : {}) });
    const identity = await read();
    const br = await read('gzip, deflate, br');
    const gz = await read('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    expect(br.headers['cache-control']).toBe('no-store');
    // Nobody keeps it, so there is nothing to revalidate.
    expect(br.headers.etag).toBeUndefined();
    // The kept bytes follow the learner's next write, in every coding.
    await call('PUT', `/api/dsa/progress/${second!.id}`, me, { bookmarked: true });
    const after = JSON.parse(brotliDecompressSync((await read('br')).rawPayload).toString());
    expect(after.bookmarked).toEqual([second!.id]);
    expect(JSON.parse(gunzipSync((await read('gzip')).rawPayload).toString()).bookmarked).toEqual([second!.id]);
  });

  it('leaves out problems management deleted', async () => {
    const learner = await signIn();
    const problem = await createProblem();
    await call('PUT', `/api/dsa/progress/${problem.id}`, learner, { solved: true });
    expect(Object.keys((await flags(learner)).solved)).toEqual([problem.id]);
    await call('DELETE', `/api/admin/dsa/problems/${problem.id}`, admin);
    expect(await flags(learner)).toEqual(NO_FLAGS);
  });
});
