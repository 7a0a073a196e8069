/**
 * npm run bench:lighthouse -w bench: builds the web app into a temporary folder, starts the real API on it
 * (apps/api/src/server.ts, which migrates and seeds the demo content) with a PostgreSQL database of its own, picks
 * a published course and a published post from the API, then runs Lighthouse (mobile, default throttling) on
 * /, /login, /courses/{id}, /blog and /blog/{slug}, then signs in as the demo learner and runs it on the pages a
 * learner spends their time on (SIGNED_IN_PAGES below), each LIGHTHOUSE_RUNS (3) times, and keeps the median of each
 * figure; one more run of each page, with V8's CPU sampling on and not counted in the figures, names the main
 * thread's longest tasks (bench/lib/main-thread.ts). Writes bench/results/lighthouse-<date>.json and rewrites
 * bench/results/lighthouse.md from every such file.
 * CHROME_PATH (default /usr/bin/chromium) is the browser; LIGHTHOUSE_WEB_DIST measures an existing build instead
 * of building; LIGHTHOUSE_NOTE is shown beside the run; LIGHTHOUSE_PAGES (say "/,/login") measures only those;
 * (names work too, and `public` or `signed-in` measure one group); LIGHTHOUSE_PROFILE=0 skips the naming run;
 * LIGHTHOUSE_SUMMARY_ONLY=1 only rewrites lighthouse.md from the results files;
 * LIGHTHOUSE_REPORTS_DIR keeps every run's full Lighthouse report (JSON) there, to open in the Lighthouse viewer.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE, STORAGE_KEYS } from '@learnbuild/domain/constants';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { createDatabase, databaseUrlOn, dropUnlessKept, SERVER_URL } from './lib/database';
import { RESULTS_DIR, writeResults } from './lib/load-test';
import { CPU_PROFILER_CATEGORY, longestTasks, type NamedTask } from './lib/main-thread';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3389);
const base = `http://127.0.0.1:${port}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DATABASE = process.env.BENCH_LIGHTHOUSE_DATABASE ?? `lb_bench_lighthouse_${process.pid}`;
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;
/** The issue's targets, per page. */
const TARGETS = { performance: 95, accessibility: 100, seo: 100 };
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS_DIR;
const PROFILE = process.env.LIGHTHOUSE_PROFILE !== '0';
/** The seeded demo learner (apps/api/src/seed/demo-accounts.ts) the signed-in pages are measured as. */
const LEARNER = { email: 'student@demo.local', password: 'Demo1234!' };

/** The figures of one Lighthouse run of one page (scores 0 to 100, times in ms, bytes as transferred). */
interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  scriptBytes: number;
  requests: number;
}

/** A page to measure; a signed-in one is opened with the demo learner's session in the browser's storage. */
interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}

/** A script's main-thread time in a run (Lighthouse's `bootup-time`, simulated ms). */
interface ScriptTime {
  script: string;
  totalMs: number;
  scriptingMs: number;
  parseMs: number;
}

interface PageResult extends Page {
  /** Each figure's median over the runs. */
  median: Figures;
  runs: Figures[];
  /** Audits below full marks in accessibility, SEO or best practices (in any run), with their titles. */
  failedAudits: Record<string, string>;
  /** The last run's largest contentful paint element and the elements that moved, to see what to fix. */
  lcpElement: string;
  layoutShifts: { element: string; score: number }[];
  /** The last run's long tasks as Lighthouse counts them (`long-tasks`: simulated ms, the script they are put on). */
  longTasks: { script: string; startMs: number; durationMs: number }[];
  /** The last run's scripts by main-thread time. */
  scripts: ScriptTime[];
  /** The naming run's longest tasks with the modules and functions that took them (none with LIGHTHOUSE_PROFILE=0). */
  namedTasks: NamedTask[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function gitCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * The production build of apps/web into `outDir`: each step of its own build script (the browser bundle, the
 * server renderer, the precompressed copies), with `dist` swapped for `outDir`.
 */
function buildWeb(outDir: string): void {
  console.log(`Building the web app into ${outDir}...`);
  const webRoot = path.join(root, 'apps/web');
  const script = (
    JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as { scripts: { build: string } }
  ).scripts.build;
  for (const step of script.split('&&').map((part) => part.trim())) {
    const args = step.split(/\s+/);
    if (args[0] === 'node') {
      // A script over the build (the precompressed copies): its `dist` argument becomes `outDir`.
      const nodeArgs = args.slice(1).map((arg) => (arg === 'dist' ? outDir : arg));
      execFileSync(process.execPath, nodeArgs, { cwd: webRoot, stdio: 'inherit' });
      continue;
    }
    if (args[0] !== 'vite') throw new Error(`cannot follow the web build step "${step}"`);
    // The browser bundle keeps source maps beside its chunks (no comment points a browser at them): the long
    // tasks are named by the modules of ours and the libraries they ran.
    if (!args.includes('--ssr')) args.push('--sourcemap', 'hidden');
    const at = args.indexOf('--outDir');
    if (at === -1) args.push('--outDir', outDir, '--emptyOutDir');
    else args[at + 1] = path.join(outDir, path.relative('dist', args[at + 1]!));
    execFileSync(path.join(root, 'node_modules/.bin/vite'), args.slice(1), { cwd: webRoot, stdio: 'inherit' });
  }
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the API did not answer /api/health within 120 s');
}

/** The real API (as `npm start` runs it) on its own database and data folder, serving `webDist`. */
function startApi(webDist: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrlOn(SERVER_URL, DATABASE),
      JWT_SECRET: 'lighthouse-benchmark-secret-0123456789abcdef',
      WEB_DIST: webDist,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
  });
}

async function stopApi(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

async function getJson(pathname: string, token?: string): Promise<Record<string, unknown>> {
  const reply = await fetch(`${base}${pathname}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!reply.ok) throw new Error(`${pathname} answered ${reply.status}`);
  return (await reply.json()) as Record<string, unknown>;
}

/** The first item of the list a public API reply holds, whatever that list is named. */
function firstItem(reply: Record<string, unknown>): Record<string, unknown> | undefined {
  const list = Object.values(reply).find((value) => Array.isArray(value) && value.length > 0) as
    | Record<string, unknown>[]
    | undefined;
  return list?.[0];
}

/** The demo learner's session token. */
async function signIn(): Promise<string> {
  const reply = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LEARNER),
  });
  if (!reply.ok) throw new Error(`signing in as ${LEARNER.email} answered ${reply.status}`);
  return ((await reply.json()) as { token: string }).token;
}

/** The public pages a newcomer lands on, with a real course, a real post and a judged problem. */
async function publicPages(): Promise<Page[]> {
  const course = firstItem(await getJson('/api/courses'));
  const post = firstItem(await getJson('/api/blog'));
  if (!course) console.warn('No published course: /courses/{id} is not measured');
  if (!post) console.warn('No published post: /blog/{slug} is not measured');
  return [
    { name: 'home', path: '/' },
    { name: 'login', path: '/login' },
    ...(course ? [{ name: 'course', path: `/courses/${String(course._id ?? course.id)}` }] : []),
    { name: 'blog', path: '/blog' },
    ...(post ? [{ name: 'blog post', path: `/blog/${String(post.slug)}` }] : []),
    // A judged problem's page (issue 27): its statement drawn by the server, the editor loaded after it.
    { name: 'problem', path: '/problems/two-sum' },
  ].map((page) => ({ ...page, signedIn: false }));
}

/**
 * The pages a signed-in learner spends their time on: the dashboard, the DSA sheet, a core subject's first lesson,
 * the course list, the player of the learner's first course (its first lesson), the community, the help centre and
 * the code editor.
 */
async function signedInPages(token: string): Promise<Page[]> {
  const subject = firstItem(await getJson('/api/subjects', token));
  const detail = subject
    ? ((await getJson(`/api/subjects/${String(subject.id)}`, token)).subject as SubjectDetail)
    : null;
  const topic = detail?.topics.find((candidate) => candidate.subtopics.length > 0);
  const enrolled = firstItem(await getJson('/api/courses?mine=enrolled', token));
  const courseId = enrolled ? String(enrolled._id) : '';
  const course = enrolled ? ((await getJson(`/api/courses/${courseId}`, token)).course as CourseDetail) : null;
  const lesson = course?.sections.flatMap((section) => section.lessons)[0];
  if (!topic) console.warn('No subject with a lesson: the lesson page is not measured');
  if (!lesson) console.warn('The learner has no course with a lesson: the player is not measured');
  return [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'dsa sheet', path: '/dsa-sheet' },
    ...(detail && topic
      ? [{ name: 'lesson', path: `/subject/${detail.id}/topic/${topic.id}/subtopic/${topic.subtopics[0]!.id}` }]
      : []),
    { name: 'courses', path: '/courses' },
    ...(course && lesson ? [{ name: 'course player', path: `/courses/${courseId}?lesson=${lesson.id}` }] : []),
    { name: 'community', path: '/community' },
    { name: 'help', path: '/help' },
    { name: 'code editor', path: '/code-editor' },
  ].map((page) => ({ ...page, signedIn: true }));
}

interface SubjectDetail {
  id: string;
  topics: { id: string; subtopics: { id: string }[] }[];
}

interface CourseDetail {
  sections: { lessons: { id: string }[] }[];
}

/** LIGHTHOUSE_PAGES: paths or names, or a whole group (`public`, `signed-in`). */
function chosen(page: Page): boolean {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((item) => item.trim());
  if (!only) return true;
  const group = page.signedIn ? 'signed-in' : 'public';
  return only.includes(page.path) || only.includes(page.name) || only.includes(group);
}

/**
 * Puts the learner's session where the web app keeps it (local storage, `STORAGE_KEYS.authToken`, and the signed-in
 * hint cookie the app sets beside it, so a learner's page comes drawn as it does for a returning learner), or takes
 * it out (`null`). Lighthouse's own reset before each run clears the cache and service workers but keeps local
 * storage and cookies (its default `clearStorageTypes`), so every run opens the page cold yet signed in.
 */
async function setSession(chromePort: number, token: string | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    // A same-origin address that loads no app code: the storage is the origin's, whatever the page.
    await page.goto(`${base}/api/health`);
    // Evaluated in the page (bench's own types know no DOM): the key and token are quoted as JSON.
    const key = JSON.stringify(STORAGE_KEYS.authToken);
    await page.evaluate(
      token === null ? `localStorage.removeItem(${key})` : `localStorage.setItem(${key}, ${JSON.stringify(token)})`,
    );
    const hint = `${SIGNED_IN_HINT_COOKIE}=${token === null ? '; Max-Age=0' : '1'}; Path=/; SameSite=Lax`;
    await page.evaluate(`document.cookie = ${JSON.stringify(hint)}`);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as {
      items?: { resourceType: string; transferSize: number; requestCount: number }[];
    }
  )?.items;
  const resource = (type: string) => summary?.find((item) => item.resourceType === type);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(value('speed-index')),
    transferBytes: Math.round(value('total-byte-weight')),
    scriptBytes: resource('script')?.transferSize ?? 0,
    requests: resource('total')?.requestCount ?? 0,
  };
}

/** Audits that cost points outside performance (where every audit is a target of its own). */
function failedAudits(lhr: Lhr): Record<string, string> {
  const failed: Record<string, string> = {};
  for (const id of ['accessibility', 'seo', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed[ref.id] = audit.title;
    }
  }
  return failed;
}

interface NodeDetails {
  snippet?: string;
  selector?: string;
}

/** The element of the largest contentful paint, as Lighthouse shows it. */
function lcpElementOf(lhr: Lhr): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: NodeDetails }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.snippet ?? node?.selector ?? '';
}

function layoutShiftsOf(lhr: Lhr): { element: string; score: number }[] {
  const details = lhr.audits['layout-shifts']?.details as
    | { items?: { node?: NodeDetails; score?: number }[] }
    | undefined;
  return (details?.items ?? []).map((item) => ({
    element: item.node?.snippet ?? item.node?.selector ?? '',
    score: Math.round((item.score ?? 0) * 1000) / 1000,
  }));
}

/** The last run's long tasks, as Lighthouse's `long-tasks` audit lists them. */
function longTasksOf(lhr: Lhr): PageResult['longTasks'] {
  const details = lhr.audits['long-tasks']?.details as
    | { items?: { url?: string; startTime?: number; duration?: number }[] }
    | undefined;
  return (details?.items ?? []).map((item) => ({
    script: item.url?.startsWith('http') ? new URL(item.url).pathname : (item.url ?? ''),
    startMs: Math.round(item.startTime ?? 0),
    durationMs: Math.round(item.duration ?? 0),
  }));
}

function scriptsOf(lhr: Lhr): ScriptTime[] {
  const details = lhr.audits['bootup-time']?.details as
    | { items?: { url?: string; total?: number; scripting?: number; scriptParseCompile?: number }[] }
    | undefined;
  return (details?.items ?? []).slice(0, 6).map((item) => ({
    script: item.url?.startsWith('http') ? new URL(item.url).pathname : (item.url ?? ''),
    totalMs: Math.round(item.total ?? 0),
    scriptingMs: Math.round(item.scripting ?? 0),
    parseMs: Math.round(item.scriptParseCompile ?? 0),
  }));
}

/** One Lighthouse run; a run Lighthouse itself gives up on (a lost trace on a busy machine) is tried again. */
async function lighthouseRun(chromePort: number, pagePath: string, attempts = 3, traceCategories?: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${base}${pagePath}`, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(traceCategories ? { additionalTraceCategories: traceCategories } : {}),
    });
    const error = result ? result.lhr.runtimeError?.message : 'no result';
    if (result && !error) return result;
    if (attempt >= attempts) throw new Error(`${pagePath}: ${error}`);
    console.warn(`  ${pagePath}: ${error}; trying again`);
  }
}

async function measurePage(chromePort: number, page: Page): Promise<PageResult> {
  const runs: Figures[] = [];
  const failed: Record<string, string> = {};
  let lcpElement = '';
  let layoutShifts: { element: string; score: number }[] = [];
  let longTasks: PageResult['longTasks'] = [];
  let scripts: ScriptTime[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouseRun(chromePort, page.path);
    const figures = figuresOf(result.lhr);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`;
      writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr));
    }
    Object.assign(failed, failedAudits(result.lhr));
    lcpElement = lcpElementOf(result.lhr);
    layoutShifts = layoutShiftsOf(result.lhr);
    longTasks = longTasksOf(result.lhr);
    scripts = scriptsOf(result.lhr);
    runs.push(figures);
    console.log(
      `  ${page.path} run ${run + 1}: performance ${figures.performance}, FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms`,
    );
  }
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  const medianFigures = Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as unknown as Figures;
  let namedTasks: NamedTask[] = [];
  if (PROFILE) {
    // Sampling slows the page a little, so this run names the tasks and its figures are not counted.
    const profiled = await lighthouseRun(chromePort, page.path, 3, CPU_PROFILER_CATEGORY);
    namedTasks = longestTasks(profiled.artifacts.Trace, webDist);
    if (REPORTS_DIR) {
      const name = `${page.name.replace(/\W+/g, '-')}-profiled-trace.json`;
      writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(profiled.artifacts.Trace));
    }
    for (const task of namedTasks.slice(0, 3)) {
      const top = task.top.map((item) => `${item.module} ${item.fn} ${item.selfMs} ms`).join('; ');
      console.log(
        `    task at ${task.startMs} ms, ${task.durationMs} ms, ${task.kind} (${task.script}): ${task.cause.join(' → ')}; samples: ${top}`,
      );
    }
  }
  return {
    ...page,
    median: medianFigures,
    runs,
    failedAudits: failed,
    lcpElement,
    layoutShifts,
    longTasks,
    scripts,
    namedTasks,
  };
}

interface Report {
  date: string;
  commit: string;
  note: string;
  node: string;
  lighthouse: string;
  runsPerPage: number;
  /** The machine's load average when the run began: other work slows the simulated timings too. */
  loadAverage: number[];
  pages: PageResult[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function summaryOf(reports: Report[]): string {
  const sections = reports.map((report) => {
    const rows = report.pages.map((page) => {
      const m = page.median;
      // robots.txt keeps search engines off a learner's own pages (the dashboard, the sheet, lessons), which
      // Lighthouse's SEO score counts against them: SEO is a target of the public pages only.
      const met =
        m.performance >= TARGETS.performance &&
        m.accessibility >= TARGETS.accessibility &&
        (page.signedIn || m.seo >= TARGETS.seo);
      return `| ${page.path}${page.signedIn ? ' (signed in)' : ''} | ${m.performance} | ${m.accessibility} | ${m.seo} | ${m.bestPractices} | ${seconds(m.fcpMs)} | ${seconds(m.lcpMs)} | ${m.tbtMs} ms | ${m.cls} | ${seconds(m.speedIndexMs)} | ${kib(m.transferBytes)} | ${kib(m.scriptBytes)} | ${m.requests} | ${met ? 'yes' : 'no'} |`;
    });
    const tasks = report.pages.flatMap((page) =>
      (page.namedTasks ?? []).slice(0, 3).map((task) => {
        const top = task.top.map((item) => `${item.module} ${item.selfMs} ms (${item.fn})`).join(', ');
        const cause = (task.cause ?? []).join(' → ');
        return `- ${page.path}: ${task.durationMs} ms at ${seconds(task.startMs)}, ${task.kind}${task.script ? ` (${task.script})` : ''}${cause ? `; ${cause}` : ''}${top ? `; samples: ${top}` : ''}`;
      }),
    );
    const failures = report.pages.flatMap((page) =>
      Object.entries(page.failedAudits).map(([id, title]) => `- ${page.path}: \`${id}\` (${title})`),
    );
    return [
      `## ${report.date.slice(0, 16)} UTC, commit ${report.commit}${report.note ? `: ${report.note}` : ''}`,
      '',
      `Node ${report.node}, Lighthouse ${report.lighthouse}, median of ${report.runsPerPage} runs per page, load average at the start ${report.loadAverage.map((n) => n.toFixed(2)).join(' / ')}.`,
      '',
      '| page | performance | accessibility | SEO | best practices | FCP | LCP | TBT | CLS | Speed Index | transferred | of it JS | requests | targets met |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(tasks.length > 0
        ? [
            "Longest main-thread tasks of each page (the naming run, as this machine ran them, before Lighthouse's 4x CPU scaling), with the modules that took them:",
            '',
            ...tasks,
            '',
          ]
        : []),
      ...(failures.length > 0
        ? ['Audits below full marks (accessibility, SEO, best practices):', '', ...failures, '']
        : []),
    ].join('\n');
  });
  return [
    '# Lighthouse',
    '',
    'Written by `bench/lighthouse.ts` (`npm run bench:lighthouse -w bench`): Lighthouse, mobile with its default',
    '(simulated) throttling, on the public pages a newcomer lands on and (since 2026-11-27) the pages a signed-in learner',
    'uses, served by the real API from a production build.',
    `Targets per page: performance at least ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo} (public pages; robots.txt keeps crawlers off a learner's own pages).`,
    'The simulated timings scale with the CPU the browser gets: on a busy machine they (and the score) come out worse',
    'than on a quiet one, while the transferred bytes and the request count do not change. Newest run first.',
    '',
    ...sections,
  ].join('\n');
}

/** The earlier runs in the results folder (none when BENCH_RESULTS_DIR names a folder not made yet). */
function previousReports(): Report[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return readdirSync(RESULTS_DIR)
    .filter((name) => /^lighthouse-.+\.json$/.test(name))
    .map((name) => JSON.parse(readFileSync(path.join(RESULTS_DIR, name), 'utf8')) as Report);
}

// LIGHTHOUSE_SUMMARY_ONLY=1 rewrites results/lighthouse.md from the results files (after a note was edited, say).
if (process.env.LIGHTHOUSE_SUMMARY_ONLY === '1') {
  const reports = previousReports().sort((a, b) => b.date.localeCompare(a.date));
  writeFileSync(path.join(RESULTS_DIR, 'lighthouse.md'), `${summaryOf(reports)}\n`);
  console.log(`Rewrote ${path.join(RESULTS_DIR, 'lighthouse.md')} from ${reports.length} runs`);
  process.exit(0);
}

const date = new Date().toISOString();
const commit = gitCommit();
const scratch = mkdtempSync(path.join(tmpdir(), 'learnbuild-lighthouse-'));
const webDist = process.env.LIGHTHOUSE_WEB_DIST ?? path.join(scratch, 'dist');
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  if (!process.env.LIGHTHOUSE_WEB_DIST) buildWeb(webDist);
  await createDatabase(SERVER_URL, DATABASE);
  console.log(`Starting the API on ${base} (database ${DATABASE})...`);
  server = startApi(webDist, path.join(scratch, 'data'));
  await waitForHealth(server);
  const token = await signIn();
  const pages = [...(await publicPages()), ...(await signedInPages(token))].filter(chosen);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const loadAverage = (await import('node:os')).loadavg();
  const results: PageResult[] = [];
  // The public pages are measured signed out, as a newcomer sees them, then the learner's pages signed in.
  for (const signedIn of [false, true]) {
    const group = pages.filter((page) => page.signedIn === signedIn);
    if (group.length === 0) continue;
    await setSession(chrome.port, signedIn ? token : null);
    for (const page of group) results.push(await measurePage(chrome.port, page));
  }
  const lighthouseVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'))
    .version as string;
  const report: Report = {
    date,
    commit,
    note: process.env.LIGHTHOUSE_NOTE ?? '',
    node: process.version,
    lighthouse: lighthouseVersion,
    runsPerPage: RUNS,
    loadAverage,
    pages: results,
  };
  const reports = [...previousReports().filter((previous) => previous.date !== date), report].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
  writeResults('lighthouse', report, { 'lighthouse.md': `${summaryOf(reports)}\n` });
  for (const page of results) {
    const m = page.median;
    console.log(
      `${page.path}: performance ${m.performance}, accessibility ${m.accessibility}, SEO ${m.seo}, best practices ${m.bestPractices}; LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, ${kib(m.transferBytes)}`,
    );
  }
} finally {
  chrome?.kill();
  if (server) await stopApi(server);
  await dropUnlessKept(SERVER_URL, DATABASE).catch((error: unknown) => console.error(error));
  rmSync(scratch, { recursive: true, force: true });
}
