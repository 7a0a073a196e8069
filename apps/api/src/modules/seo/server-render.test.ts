import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courses } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';
import { sheetSlugWithoutJudge } from '../../test/judge-content';
import { publicCourseReplies } from '../courses/public-cache';
import { seedDsaProblems } from '../dsa/seed';
import { readJudgeFiles, seedJudgeProblems } from '../judge/service';
import { drawsSignedIn, fillRoot, RENDERER_DIR, scriptSafeJson } from './server-render';

/** A seeded problem of the sheet with no judge file. */
const UNJUDGED = sheetSlugWithoutJudge();

/**
 * The public pages drawn by the web app's real server renderer: it is built once here (vite build
 * --ssr, some seconds) into a dist folder of its own, next to an index.html shaped like the built one.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="LearnBuild: learn, build, earn." />
    <title>LearnBuild</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const WEB_APP = path.resolve(import.meta.dirname, '../../../../web');
const BREAKOUT_TITLE = 'Tags </script><script>alert(1)</script> & more';

let t: TestApp;
let webDist: string;
let author: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'lb-ssr-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(webDist, RENDERER_DIR),
      '--logLevel',
      'warn',
    ],
    { cwd: WEB_APP, encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
  t = await buildTestApp({ webDist });
  author = await createUser(t.app, t.app.db, 'Instructor');
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The page's data block, parsed; its raw text must hold no `<` (nothing can close the element early). */
function initialData(html: string): unknown {
  const match = /<script type="application\/json" id="lb-initial-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a data block').not.toBeNull();
  expect(match![1]).not.toMatch(/</);
  return JSON.parse(match![1]!);
}

/** The text inside #root, tags dropped and entities read back. */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function publishPost(title: string, body: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: author.auth,
    payload: { title, body, status: 'published', tags: ['ssr'] },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().post as { slug: string };
}

describe('server-rendered public pages', () => {
  it('draws the home page with its hero text and its data', async () => {
    const reply = await get('/');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const text = rootText(reply.body);
    expect(text).toContain("Become the developer interviews can't stump");
    expect(text).toContain('Everything you need to get interview-ready');
    initialData(reply.body);
    // The page's own tags stay in the head.
    expect(reply.body).toContain('<meta property="og:type" content="website" />');
  });

  it('draws the login form with its labels', async () => {
    const reply = await get('/login');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(/<label[^>]*>Email/);
    expect(reply.body).toMatch(/<label[^>]*>Password/);
    expect(rootText(reply.body)).toContain('Log in to continue learning.');
  });

  it('draws a published course with its title and first section, and its data for the browser', async () => {
    const { course, sections } = await createCourseRows(t.app.db, author.user.id, {
      title: 'Graphs <for> "everyone"',
    });
    const reply = await get(`/courses/${course.slug}`);
    expect(reply.statusCode).toBe(200);
    const text = rootText(reply.body);
    expect(text).toContain('Graphs <for> "everyone"');
    expect(text).toContain(sections[0]!.title);
    expect(text).toContain('Enroll now');
    expect(JSON.stringify(initialData(reply.body))).toContain('Graphs <for> \\"everyone\\"');

    // A change to the course shows at once: the page kept drawn is drawn again.
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: author.auth,
      payload: { title: 'Graphs, renamed' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rootText((await get(`/courses/${course.slug}`)).body)).toContain('Graphs, renamed');
  });

  it('puts no learner id in a drawn course page or its data, only the count (issue 26)', async () => {
    const { course } = await createCourseRows(t.app.db, author.user.id, { title: 'Counted not named' });
    const learners = [await createUser(t.app, t.app.db, 'Student'), await createUser(t.app, t.app.db, 'Student')];
    for (const learner of learners) {
      await t.app.db.insert(courseEnrollments).values({ courseId: course.id, userId: learner.user.id });
    }
    await t.app.db.update(courses).set({ enrolledCount: 2 }).where(eq(courses.id, course.id));
    publicCourseReplies.forget(t.app.db);
    const reply = await get(`/courses/${course.slug}`);
    expect(reply.statusCode).toBe(200);
    for (const learner of learners) expect(reply.body).not.toContain(learner.user.id);
    expect(rootText(reply.body)).toContain('2 learners');
    expect(JSON.stringify(initialData(reply.body))).toContain('"enrolledCount":2');
  });

  it('draws the blog and a post, and a title cannot break out of the data block', async () => {
    const post = await publishPost(BREAKOUT_TITLE, 'The first paragraph of this post.\n\n## Next\n\nMore words.');
    const page = await get(`/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    const text = rootText(page.body);
    expect(text).toContain(BREAKOUT_TITLE);
    expect(text).toContain('The first paragraph of this post.');
    expect(JSON.stringify(initialData(page.body))).toContain('Tags </script><script>alert(1)</script>');
    // The only scripts on the page are the app's module and the data block: the title stayed text.
    expect(page.body.match(/<script/g)).toHaveLength(2);

    const blog = await get('/blog');
    expect(blog.statusCode).toBe(200);
    expect(rootText(blog.body)).toContain(BREAKOUT_TITLE);
    expect(blog.body.match(/<script/g)).toHaveLength(2);
  });

  it('draws a judged problem with its title, statement and examples, and titles the page by it (issue 27)', async () => {
    await seedDsaProblems(t.app.db);
    await seedJudgeProblems(t.app.db);
    const reply = await get('/problems/two-sum');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<title>Two Sum · LearnBuild</title>');
    expect(reply.body).toContain('<meta property="og:title" content="Two Sum" />');
    // The statement's first sentence, its inline code read as words.
    expect(reply.body).toMatch(
      /<meta name="description" content="You are given an array of integers nums and an integer target\." \/>/,
    );
    expect(reply.body).toContain(`<link rel="canonical" href="http://learnbuild.test/problems/two-sum" />`);
    const text = rootText(reply.body);
    expect(text).toContain('Two Sum');
    expect(text).toContain('different positions');
    expect(text).toContain('Example 1');
    expect(text).toContain('nums = [2,7,11,15], target = 9');
    expect(text).toContain('Constraints');
    expect(text).toContain('Show hint 1');
    // Submitting asks for a sign-in; the editor comes later, in the browser.
    expect(text).toContain('Log in to submit');
    expect(text).toContain('Loading the editor');
    expect(reply.body).not.toContain('cm-editor');
    expect(initialData(reply.body)).toMatchObject({
      queries: expect.arrayContaining([expect.objectContaining({ queryKey: ['practice', 'problem', 'two-sum'] })]),
    });
  });

  it('draws the page of every judged problem of the content folder, titled by the problem (issue 28)', async () => {
    await seedDsaProblems(t.app.db);
    await seedJudgeProblems(t.app.db);
    const problems = readJudgeFiles();
    expect(problems.length).toBeGreaterThanOrEqual(150);
    for (const problem of problems) {
      const reply = await get(`/problems/${problem.slug}`);
      expect(reply.statusCode, problem.slug).toBe(200);
      const title = /<title>(.*) · LearnBuild<\/title>/.exec(reply.body)?.[1];
      expect(title && rootText(`<div id="root">${title}<script type="application/json"`).trim(), problem.slug).toBe(
        problem.title,
      );
      const text = rootText(reply.body);
      expect(text, problem.slug).toContain(problem.title);
      expect(text, problem.slug).toContain('Example 1');
    }
    // Seeds the bank and draws 150+ pages: more than the project's 30 s on a machine shared with other work.
  }, 120_000);

  it('answers the plain app with 404 for a problem without a judge, or none', async () => {
    for (const slug of [UNJUDGED, 'no-such-problem']) {
      const reply = await get(`/problems/${slug}`);
      expect(reply.statusCode, slug).toBe(404);
      expect(reply.body).toBe(INDEX_HTML);
    }
  });

  it('draws the signed-in navbar for a visitor with the hint cookie, kept apart from the signed-out page', async () => {
    /** The navbar's markup. */
    const navbar = (html: string) => /<header[^>]*data-testid="navbar"[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { cookie: 'theme=x; lb_signed_in=1' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    const shell = navbar(signedIn.body);
    expect(shell).toContain('Dashboard');
    // Core Subject is the menu's button (its stand-in), never the signed-out link; the account is a stand-in.
    expect(shell).toMatch(/<button[^>]*data-early-click="core-subject"[^>]*>Core Subject/);
    expect(shell).not.toContain('href="/core-subjects"');
    expect(shell).toMatch(/<button[^>]*aria-label="Account menu"/);
    expect(shell).not.toContain('Log in');
    expect(shell).not.toContain('Sign up');
    // The browser's first render reads from here that the page was drawn signed in.
    expect(signedIn.body).toContain('<script type="application/json" id="lb-initial-data" data-signed-in>');
    expect(rootText(signedIn.body)).toContain('About Us');

    // Drawn and kept apart: a visitor without the cookie, before and after, gets the signed-out page.
    for (const cookie of [undefined, 'lb_signed_in=0', 'xlb_signed_in=1']) {
      const signedOut = await t.app.inject({ method: 'GET', url: '/about', headers: cookie ? { cookie } : {} });
      const bar = navbar(signedOut.body);
      expect(bar, cookie).toContain('Log in');
      expect(bar, cookie).toContain('Sign up');
      expect(bar, cookie).toContain('href="/core-subjects"');
      expect(bar, cookie).not.toContain('Dashboard');
      initialData(signedOut.body);
    }
    const again = await t.app.inject({ method: 'GET', url: '/about', headers: { cookie: 'lb_signed_in=1' } });
    expect(navbar(again.body)).not.toContain('Log in');
  });

  it("draws a learner's page for a visitor with the hint cookie without reading anything; others get the plain app", async () => {
    await seedDsaProblems(t.app.db);
    const hint = { cookie: 'lb_signed_in=1' };
    const sheet = await t.app.inject({ method: 'GET', url: '/dsa-sheet', headers: hint });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers.vary).toMatch(/Cookie/);
    // The screen's own words are in the HTML; its data (the sheet's problems, the learner's numbers) is not.
    expect(rootText(sheet.body)).toContain('DSA Sheet');
    expect(rootText(sheet.body)).toContain('A curated path of interview problems, step by step.');
    expect(rootText(sheet.body)).not.toContain('Two Sum');
    expect(sheet.body).toContain('data-testid="dsa-progress-loading"');
    // The browser reads from here that the data waits for the account, and starts from an empty cache.
    const block =
      /<script type="application\/json" id="lb-initial-data" data-signed-in data-waits-for-account>([^<]*)<\/script>/.exec(
        sheet.body,
      );
    expect(block, 'the data block of a page waiting for the account').not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({ mutations: [], queries: [] });

    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard', headers: hint });
    expect(dashboard.body).toContain('aria-label="Loading your dashboard"');
    const lesson = await t.app.inject({
      method: 'GET',
      url: '/subject/dbms/topic/data-models/subtopic/dbms-basics',
      headers: hint,
    });
    expect(lesson.body).toContain('data-waits-for-account');

    // Without the hint (a visitor signed out, sent on to /login by the app), and on pages for some roles only:
    // the plain app.
    for (const [url, headers] of [
      ['/dsa-sheet', {}],
      ['/dashboard', { cookie: 'lb_signed_in=0' }],
      ['/admin', hint],
      ['/instructor-panel', hint],
      ['/dsa-management', hint],
    ] as const) {
      const reply = await t.app.inject({ method: 'GET', url, headers });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(INDEX_HTML);
    }
  });

  it('reads the hint cookie only as lb_signed_in=1, among any others', () => {
    expect(drawsSignedIn('lb_signed_in=1')).toBe(true);
    expect(drawsSignedIn('a=b; lb_signed_in=1; c=d')).toBe(true);
    expect(drawsSignedIn(undefined)).toBe(false);
    expect(drawsSignedIn('')).toBe(false);
    expect(drawsSignedIn('lb_signed_in=0')).toBe(false);
    expect(drawsSignedIn('lb_signed_in=1x')).toBe(false);
    expect(drawsSignedIn('not_lb_signed_in=1')).toBe(false);
  });

  it('keeps the answers for unknown and unpublished pages', async () => {
    const missing = await get('/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).not.toContain('lb-initial-data');
    const draft = await createCourseRows(t.app.db, author.user.id, { status: 'draft' });
    const unpublished = await get(`/courses/${draft.course.slug}`);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.body).toContain('<div id="root"></div>');
    expect(unpublished.body).not.toContain('lb-initial-data');
  });

  it('draws a few new addresses at once; past that the plain app goes out', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => get(`/about?burst=${index}`)));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    const drawn = replies.filter((reply) => reply.body.includes('lb-initial-data')).length;
    expect(drawn).toBeGreaterThanOrEqual(1);
    expect(drawn).toBeLessThanOrEqual(4);
    // Once drawn, an address is kept: the same address again comes drawn.
    expect((await get('/about?burst=0')).body).toContain('lb-initial-data');
  });

  it('never serves the server renderer as a file', async () => {
    const reply = await get(`/${RENDERER_DIR}/entry-server.js`);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).not.toContain('renderToString');
    expect(reply.body).toContain('<div id="root"></div>');
  });
});

describe('public profile pages (issue 29)', () => {
  let profileCounter = 0;
  async function learnerWithProfile(name: string, publicProfile: Record<string, boolean>) {
    const learner = await createUser(t.app, t.app.db, 'Student', { name });
    profileCounter += 1;
    const handle = `ssr_${Date.now().toString(36)}_${profileCounter}`;
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: learner.auth,
      payload: { handle, publicProfile },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return { ...learner, handle };
  }

  it('draws the profile without JavaScript, with its og tags, and leaves a hidden part out of the HTML', async () => {
    const learner = await learnerWithProfile('Grace <Hopper>', { enabled: true, posts: false });
    const reply = await get(`/u/${learner.handle.toUpperCase()}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<meta property="og:title" content="Grace &lt;Hopper&gt; on LearnBuild" />');
    expect(reply.body).toContain(
      '<meta property="og:description" content="Grace &lt;Hopper&gt; on LearnBuild: No problems solved yet." />',
    );
    expect(reply.body).toContain(`<link rel="canonical" href="http://learnbuild.test/u/${learner.handle}" />`);
    expect(reply.body).toContain(
      `<meta property="og:image" content="http://learnbuild.test/api/profiles/${learner.handle}/card.png" />`,
    );
    const text = rootText(reply.body);
    expect(text).toContain('Grace <Hopper>');
    expect(text).toContain(`@${learner.handle}`);
    expect(text).toContain('Problems solved');
    expect(text).toContain('Current streak');
    expect(text).toContain('Completed courses');
    expect(text).not.toContain('Recent community answers');
    expect(JSON.stringify(initialData(reply.body))).not.toContain('"posts"');
  });

  it('answers an unknown handle and a profile that is off with the same 404 page', async () => {
    const off = await learnerWithProfile('Hidden Learner', { enabled: false });
    const hidden = await get(`/u/${off.handle}`);
    const unknown = await get('/u/nobody-has-this-handle');
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.body).toContain('<title>Profile not found · LearnBuild</title>');
    expect(hidden.body.replaceAll(off.handle, 'HANDLE')).toBe(
      unknown.body.replaceAll('nobody-has-this-handle', 'HANDLE'),
    );
    expect(hidden.body).not.toContain('Hidden Learner');
  });

  it('stops answering a kept profile page as soon as its owner turns it off or hides a part', async () => {
    const learner = await learnerWithProfile('Kept Learner', { enabled: true });
    expect(rootText((await get(`/u/${learner.handle}`)).body)).toContain('Completed courses');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: learner.auth,
      payload: { publicProfile: { courses: false, certificates: false } },
    });
    expect(rootText((await get(`/u/${learner.handle}`)).body)).not.toContain('Completed courses');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: learner.auth,
      payload: { publicProfile: { enabled: false } },
    });
    expect((await get(`/u/${learner.handle}`)).statusCode).toBe(404);
  });
});

describe('data block and root', () => {
  it('escapes what could end a script element or a line in JavaScript', () => {
    const json = scriptSafeJson({ title: '</script><!-- & \u2028\u2029 >' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ title: '</script><!-- & \u2028\u2029 >' });
  });

  it('fills the empty root without reading `$` patterns in the page', () => {
    expect(fillRoot('<body><div id="root"></div></body>', '<p>$& $1</p>', '<i></i>')).toBe(
      '<body><div id="root"><p>$& $1</p></div><i></i></body>',
    );
  });
});
