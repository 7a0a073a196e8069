import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { attachClusterBus, type ClusterBus, redisClusterBus } from '../../lib/cluster-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { invalidateProblemIndex } from '../dsa/problem-index';
import { seedDsaProblems } from '../dsa/seed';
import { JUDGE_CONTENT_DIR, seedJudgeProblems } from '../judge/service';
import { FRESH_MS, keptPage, keptPageCount, MAX_PAGES, type MadePage } from './page-cache';
import { RENDERER_DIR } from './server-render';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LearnBuild</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stand-in for the web app's server renderer (built in server-render.test.ts, some seconds): it reads the
 * problem's practice reply as the real one does and draws its title, its hints and a navbar for the visitor,
 * and counts its draws.
 */
const FAKE_RENDERER = `
export async function render(url, load, visitor) {
  globalThis.__lbFakeDraws = (globalThis.__lbFakeDraws ?? 0) + 1;
  const slug = decodeURIComponent(new URL(url).pathname.split('/')[2] ?? '');
  const reply = await load('/api/dsa/problems/' + encodeURIComponent(slug) + '/practice');
  const practice = reply.status === 200 ? JSON.parse(reply.body).practice : null;
  const navbar = visitor.signedIn ? '<nav>Dashboard</nav>' : '<nav>Log in</nav>';
  const hints = (practice?.hints ?? []).join(' | ');
  return { html: navbar + '<h1>' + (practice?.title ?? 'none') + '</h1><p>' + hints + '</p>', data: { slug } };
}
`;

const CLIMBING_STAIRS = JSON.parse(readFileSync(path.join(JUDGE_CONTENT_DIR, 'climbing-stairs.json'), 'utf8'));

let t: TestApp;
let webDist: string;
let admin: Awaited<ReturnType<typeof createUser>>;
/** The app's inject, watched: the page's route and the renderer read the practice reply through it. */
let inject: MockInstance;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'lb-page-cache-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, RENDERER_DIR));
  writeFileSync(path.join(webDist, RENDERER_DIR, 'entry-server.js'), FAKE_RENDERER);
  t = await buildTestApp({ webDist });
  await seedDsaProblems(t.app.db);
  await seedJudgeProblems(t.app.db);
  admin = await createUser(t.app, t.app.db, 'Admin');
  inject = vi.spyOn(t.app, 'inject');
});
afterAll(async () => {
  inject?.mockRestore();
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const draws = () => (globalThis as { __lbFakeDraws?: number }).__lbFakeDraws ?? 0;
/** Reads of a practice reply through the app's inject: the page's route, the renderer, and `practiceOf` below. */
const practiceReads = () =>
  inject.mock.calls.filter(([options]) => typeof options === 'object' && /\/practice$/.test(String(options.url)))
    .length;

const SIGNED_IN = { cookie: 'theme=dark; lb_signed_in=1' };
const page = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/problems/${slug}`, headers });

async function practiceOf(slug: string) {
  const reply = await t.app.inject({ method: 'GET', url: `/api/dsa/problems/${slug}/practice` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().practice as { problemId: string; title: string };
}

describe('the problem page cache', () => {
  it('answers a second visit from the cache: no practice read, no draw, the same bytes and ETag', async () => {
    const first = await page('two-sum');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Two Sum · LearnBuild</title>');
    expect(first.body).toContain('<h1>Two Sum</h1>');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Cookie/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);

    const [readsBefore, drawsBefore] = [practiceReads(), draws()];
    const second = await page('two-sum');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(practiceReads() - readsBefore).toBe(0);
    expect(draws() - drawsBefore).toBe(0);
  });

  it('sends the kept bytes compressed as asked, and 304 to an If-None-Match that names them', async () => {
    const plain = await page('two-sum');
    const brotli = await page('two-sum', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);

    for (const [tag, encoding] of [
      [plain.headers.etag, 'identity'],
      [brotli.headers.etag, 'br'],
      [`W/${plain.headers.etag}`, 'br'],
    ]) {
      const again = await page('two-sum', { 'if-none-match': String(tag), 'accept-encoding': String(encoding) });
      expect(again.statusCode, String(tag)).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.vary).toMatch(/Cookie/);
    }
    const other = await page('two-sum', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(plain.body);
  });

  it('keeps a page for a visitor with the signed-in hint apart from the signed-out one, each served again', async () => {
    const signedIn = await page('valid-anagram', SIGNED_IN);
    const signedOut = await page('valid-anagram');
    expect(signedIn.body).toContain('<nav>Dashboard</nav>');
    expect(signedIn.body).toContain('id="lb-initial-data" data-signed-in>');
    expect(signedOut.body).toContain('<nav>Log in</nav>');
    expect(signedOut.body).not.toContain('data-signed-in');
    expect(signedIn.headers.etag).not.toBe(signedOut.headers.etag);
    // A signed-out visitor's tag is no good for the signed-in page.
    expect(
      (await page('valid-anagram', { ...SIGNED_IN, 'if-none-match': String(signedOut.headers.etag) })).statusCode,
    ).toBe(200);

    const drawsBefore = draws();
    for (let visit = 0; visit < 3; visit += 1) {
      expect((await page('valid-anagram', SIGNED_IN)).body).toBe(signedIn.body);
      expect((await page('valid-anagram', { cookie: 'lb_signed_in=0' })).body).toBe(signedOut.body);
    }
    expect(draws() - drawsBefore).toBe(0);
  });

  it('shows a renamed problem at once, signed in and out, and a deleted one is gone', async () => {
    const { problemId } = await practiceOf('contains-duplicate');
    expect((await page('contains-duplicate')).body).toContain('<h1>Contains Duplicate</h1>');
    expect((await page('contains-duplicate', SIGNED_IN)).body).toContain('<h1>Contains Duplicate</h1>');

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/dsa/problems/${problemId}`,
      headers: admin.auth,
      payload: { title: 'Duplicates, renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const headers of [{}, SIGNED_IN]) {
      const after = await page('contains-duplicate', headers);
      expect(after.body).toContain('<title>Duplicates, renamed · LearnBuild</title>');
      expect(after.body).toContain('<h1>Duplicates, renamed</h1>');
    }

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/dsa/problems/${problemId}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await page('contains-duplicate');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(INDEX_HTML);
  });

  it('shows an edited judge: gone while the change turns it off, the new hints once it is on again', async () => {
    const { problemId } = await practiceOf('climbing-stairs');
    const judge = `/api/admin/dsa/problems/${problemId}/judge`;
    expect((await page('climbing-stairs')).body).toContain(CLIMBING_STAIRS.hints[0]);

    const hints = ['Count the ways to the step before.', 'And the one before that.'];
    const saved = await t.app.inject({
      method: 'PUT',
      url: judge,
      headers: admin.auth,
      payload: { spec: { ...CLIMBING_STAIRS, hints } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page('climbing-stairs')).statusCode).toBe(404);

    const validated = await t.app.inject({ method: 'POST', url: `${judge}/validate`, headers: admin.auth });
    expect(validated.json().valid, validated.body).toBe(true);
    // Validated but still off: no page yet, and none kept.
    expect((await page('climbing-stairs')).statusCode).toBe(404);
    const on = await t.app.inject({
      method: 'PUT',
      url: `${judge}/enabled`,
      headers: admin.auth,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const back = await page('climbing-stairs');
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(hints.join(' | '));
    expect(back.body).not.toContain(CLIMBING_STAIRS.hints[0]);
  }, 60_000);

  it('keeps no page for an unknown problem: each visit asks again, and the cache does not grow', async () => {
    const keptBefore = keptPageCount(t.app.db);
    const readsBefore = practiceReads();
    for (let index = 0; index < 40; index += 1) {
      const reply = await page(`no-such-problem-${index}`, index % 2 ? SIGNED_IN : {});
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toBe(INDEX_HTML);
    }
    expect((await page('no-such-problem-0')).statusCode).toBe(404);
    expect(practiceReads() - readsBefore).toBe(41);
    expect(keptPageCount(t.app.db)).toBe(keptBefore);
  });

  it('draws an address with a query string for its visitor alone, without keeping it', async () => {
    const keptBefore = keptPageCount(t.app.db);
    const reply = await page('two-sum?from=sheet');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<h1>Two Sum</h1>');
    expect(keptPageCount(t.app.db)).toBe(keptBefore);
  });
});

describe('the page cache itself', () => {
  const made = (html: string, keep = true): MadePage => ({ status: 200, html, keep });

  afterEach(() => {
    vi.useRealTimers();
  });

  it(`keeps at most ${MAX_PAGES} pages, the least recently used leaving first`, async () => {
    const db = {};
    for (let index = 0; index < MAX_PAGES + 25; index += 1) {
      await keptPage(db, `page ${index}`, async () => made(`<p>${index}</p>`));
      // The first page stays in use.
      await keptPage(db, 'page 0', async () => made('<p>made again</p>'));
    }
    expect(keptPageCount(db)).toBe(MAX_PAGES);
    const first = await keptPage(db, 'page 0', async () => made('<p>made again</p>'));
    expect(first.kept && first.body.body('identity').toString()).toBe('<p>0</p>');
    const second = await keptPage(db, 'page 1', async () => made('<p>made again</p>'));
    expect(second.kept && second.body.body('identity').toString()).toBe('<p>made again</p>');
  });

  it('shares one making among visitors arriving together', async () => {
    const db = {};
    let makings = 0;
    const make = async () => {
      makings += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return made('<p>once</p>');
    };
    const pages = await Promise.all(Array.from({ length: 10 }, () => keptPage(db, 'busy', make)));
    expect(makings).toBe(1);
    for (const served of pages) expect(served.kept).toBe(true);
  });

  it(`makes a page older than ${FRESH_MS} ms again in the background, keeping its bytes when unchanged`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = {};
    let content = '<p>first</p>';
    let makings = 0;
    const make = async () => {
      makings += 1;
      return made(content);
    };
    const first = await keptPage(db, 'page', make);
    vi.advanceTimersByTime(FRESH_MS + 1);
    // Answered at once from the old page while it is made again.
    expect(await keptPage(db, 'page', make)).toBe(first);
    await vi.waitFor(() => expect(makings).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const unchanged = await keptPage(db, 'page', make);
    expect(unchanged.kept && first.kept && unchanged.body).toBe(first.kept && first.body);

    content = '<p>changed without a word</p>';
    vi.advanceTimersByTime(FRESH_MS + 1);
    await keptPage(db, 'page', make);
    await vi.waitFor(async () => {
      const now = await keptPage(db, 'page', make);
      expect(now.kept && now.body.body('identity').toString()).toBe('<p>changed without a word</p>');
    });
  });

  it('drops every page on a change to the problem bank, and keeps no page made before it', async () => {
    const db = {};
    await keptPage(db, 'a', async () => made('<p>a</p>'));
    let finish: (page: MadePage) => void = () => {};
    const slow = keptPage(db, 'b', () => new Promise<MadePage>((resolve) => (finish = resolve)));
    expect(keptPageCount(db)).toBe(1);
    invalidateProblemIndex(db as never);
    expect(keptPageCount(db)).toBe(0);
    finish(made('<p>old b</p>'));
    expect((await slow).kept).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(keptPageCount(db)).toBe(0);
    const fresh = await keptPage(db, 'b', async () => made('<p>new b</p>'));
    expect(fresh.kept && fresh.body.body('identity').toString()).toBe('<p>new b</p>');
  });

  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)('drops the pages of the other instances too, through the cluster bus', async () => {
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const channel = `lb:test:page-cache:${randomBytes(6).toString('hex')}`;
    const buses: ClusterBus[] = [redisClusterBus(redisUrl!, channel, log), redisClusterBus(redisUrl!, channel, log)];
    const [dbA, dbB] = [{}, {}];
    const detach = [attachClusterBus(dbA, buses[0]!), attachClusterBus(dbB, buses[1]!)];
    try {
      await vi.waitFor(() => expect(buses.every((bus) => bus.listening)).toBe(true), { timeout: 3_000 });
      for (const db of [dbA, dbB]) await keptPage(db, 'two-sum', async () => made('<p>Two Sum</p>'));
      invalidateProblemIndex(dbA as never);
      expect(keptPageCount(dbA)).toBe(0);
      await vi.waitFor(() => expect(keptPageCount(dbB)).toBe(0), { timeout: 3_000 });
    } finally {
      for (const stop of detach) stop();
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
