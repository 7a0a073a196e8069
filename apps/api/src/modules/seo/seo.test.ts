import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../../e2e/tests/xss-payloads';
import { media } from '../../db/schema';
import { seedDemoAccounts } from '../../seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createBlogPostRow, createCourseRows, createUser } from '../../test/factories';
import { sheetSlugWithoutJudge } from '../../test/judge-content';
import { loadBlogContent } from '../blog/content';
import { blogReplies } from '../blog/public-cache';
import { seedDemoBlogPosts } from '../blog/seed';
import { seedDsaProblems } from '../dsa/seed';
import { seedJudgeProblems } from '../judge/service';
import { FEED_SIZE } from './feeds';

/** A seeded problem of the sheet with no judge file. */
const UNJUDGED = sheetSlugWithoutJudge();

const BASE = 'http://learnbuild.test';
/** Shaped like the built index.html: the app's own title and description, one module script with a src. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="LearnBuild: learn, build, earn." />
    <title>LearnBuild</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let webDist: string;
type Account = Awaited<ReturnType<typeof createUser>>;
let author: Account;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'lb-seo-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
  t = await buildTestApp({ webDist });
  author = await createUser(t.app, t.app.db, 'Instructor', { name: 'Ada <Author> & "Co"' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A POST of `target` exactly as written, over a socket; its status and Location. */
function rawPost(port: number, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      const location = headers.find((line) => line.toLowerCase().startsWith('location:'));
      resolve({ status: Number(statusLine.split(' ')[1]), location: location?.slice('location:'.length).trim() });
    });
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: learnbuild.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}
const publish = async (body: Record<string, unknown>) => {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/blog',
    headers: author.auth,
    payload: { status: 'published', body: 'Some words.', ...body },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().post as { slug: string; id: string; title: string; publishedAt: string };
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const unescapeMarkup = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name]!);

/** What is wrong with `xml` as a well-formed XML document (an empty list when nothing is). */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no XML declaration first');
  if (/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(xml))
    problems.push('a character XML does not allow');
  const text = /^(?:[^&<>]|&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)*$/;
  const attributes = /^(?:\s+[A-Za-z_][\w:.-]*="(?:[^"&<]|&(?:amp|lt|gt|quot|apos|#\d+);)*")*\s*$/;
  const stack: string[] = [];
  let roots = 0;
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  for (const match of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)([^<>]*?)(\/?)>|([^<]+)|(<)/g)) {
    const [whole, closing, name, attrs, selfClosing, content, stray] = match;
    if (stray) problems.push(`a stray < at ${match.index}`);
    else if (content !== undefined) {
      if (stack.length === 0 ? content.trim() !== '' : !text.test(content))
        problems.push(`bad text: ${content.slice(0, 60)}`);
    } else if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else {
      if (!attributes.test(attrs ?? '')) problems.push(`bad attributes: ${whole.slice(0, 80)}`);
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

const between = (text: string, open: string, close: string) =>
  [...text.matchAll(new RegExp(`${open}([\\s\\S]*?)${close}`, 'g'))].map((match) => match[1]!);
const metaContent = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))].map((match) =>
    unescapeMarkup(match[1]!),
  );
const tagNames = (markup: string) => new Set([...markup.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((match) => match[1]!));

describe('the xml check used below', () => {
  it('tells well-formed XML from broken XML', () => {
    const ok = '<?xml version="1.0" encoding="UTF-8"?>\n<a x="1"><b>t &amp; u</b><c/></a>\n';
    expect(xmlProblems(ok)).toEqual([]);
    for (const broken of [
      ok.replace('&amp;', '&'),
      ok.replace('</b>', ''),
      ok.replace('t &amp;', '<script>'),
      `${ok}<d/>`,
    ]) {
      expect(xmlProblems(broken)).not.toEqual([]);
    }
  });
});

describe('GET /robots.txt', () => {
  it('opens the public site and our images, closes the API and signed-in pages, and names the sitemap', async () => {
    const reply = await get('/robots.txt');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = reply.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /api/media/', 'Disallow: /api/']));
    expect(lines).toEqual(
      expect.arrayContaining(['Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /courses/create']),
    );
    // /courses itself is signed-in, but a prefix rule would hide every public course page.
    expect(lines).not.toContain('Disallow: /courses');
    expect(lines).not.toContain('Disallow: /blog');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('GET /blog/rss.xml', () => {
  it('is valid RSS 2.0 of the 20 newest published posts, absolute links, every value XML-escaped', async () => {
    await createBlogPostRow(t.app.db, author.user.id, { slug: 'feed-draft', status: 'draft' });
    await createBlogPostRow(t.app.db, author.user.id, {
      slug: 'feed-later',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    const payloadPosts = [];
    for (const payload of XSS_PAYLOADS) {
      payloadPosts.push(await publish({ title: payload.slice(0, 150), excerpt: payload, tags: ['x&y', 'a<b'] }));
    }
    const reply = await get('/blog/rss.xml');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = reply.body;
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<link>${BASE}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${BASE}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    const items = between(xml, '<item>', '</item>');
    expect(items).toHaveLength(Math.min(FEED_SIZE, XSS_PAYLOADS.length));
    const newest = [...payloadPosts].reverse().slice(0, FEED_SIZE);
    expect(items.map((item) => unescapeMarkup(between(item, '<title>', '</title>')[0]!))).toEqual(
      newest.map((post) => post.title),
    );
    for (const item of items) {
      const [link] = between(item, '<link>', '</link>');
      expect(link).toMatch(new RegExp(`^${BASE}/blog/[a-z0-9-]+$`));
      expect(between(item, '<guid isPermaLink="true">', '</guid>')).toEqual([link]);
      expect(between(item, '<pubDate>', '</pubDate>')[0]).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(between(item, '<dc:creator>', '</dc:creator>')).toEqual(['Ada &lt;Author&gt; &amp; &quot;Co&quot;']);
      expect(between(item, '<category>', '</category>')).toEqual(['x&amp;y', 'a&lt;b']);
    }
    // Nothing of a payload survives as markup: no element but the feed's own.
    expect([...tagNames(xml)].sort()).toEqual(
      [
        'atom:link',
        'category',
        'channel',
        'dc:creator',
        'description',
        'guid',
        'item',
        'language',
        'lastBuildDate',
        'link',
        'pubDate',
        'rss',
        'title',
      ].sort(),
    );
    expect(xml).not.toContain('feed-draft');
    expect(xml).not.toContain('feed-later');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages, seeded and written posts, published courses and judged problems, with absolute addresses', async () => {
    await seedDemoAccounts(t.app.db);
    await seedDsaProblems(t.app.db);
    await seedJudgeProblems(t.app.db);
    expect(await seedDemoBlogPosts(t.app.db)).toBe(8);
    const post = await publish({ title: 'Sitemap post' });
    const draft = await createBlogPostRow(t.app.db, author.user.id, { status: 'draft' });
    const { course } = await createCourseRows(t.app.db, author.user.id, { status: 'published' });
    const { course: draftCourse } = await createCourseRows(t.app.db, author.user.id, { status: 'draft' });
    blogReplies.forget(t.app.db);

    const reply = await get('/sitemap.xml');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xmlProblems(reply.body)).toEqual([]);
    expect(reply.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = between(reply.body, '<loc>', '</loc>');
    for (const page of ['/', '/blog', '/community', '/about', '/code-editor', '/privacy']) {
      expect(locations).toContain(`${BASE}${page}`);
    }
    for (const flow of ['/Home', '/auth-success', '/verify-otp', '/api/auth/success', '/dashboard', '/courses']) {
      expect(locations).not.toContain(`${BASE}${flow}`);
    }
    expect(locations).toContain(`${BASE}/blog/${loadBlogContent()[0]!.slug}`);
    expect(locations).toContain(`${BASE}/blog/${post.slug}`);
    expect(locations).toContain(`${BASE}/courses/${course.slug}`);
    expect(locations).not.toContain(`${BASE}/blog/${draft.slug}`);
    expect(locations).not.toContain(`${BASE}/courses/${draftCourse.slug}`);
    expect(locations).toContain(`${BASE}/problems/two-sum`);
    expect(locations).not.toContain(`${BASE}/problems/${UNJUDGED}`);
    expect(reply.body).toMatch(
      new RegExp(`<url><loc>${BASE}/blog/${post.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z</lastmod></url>`),
    );
  });
});

describe('a blog post page', () => {
  it('carries the post title, description, canonical link and Open Graph and Twitter tags in the HTML', async () => {
    const [cover] = await t.app.db
      .insert(media)
      .values({ ownerId: author.user.id, kind: 'image', mime: 'image/png', size: 10, storageName: 'seo-cover.png' })
      .returning();
    const post = await publish({
      title: 'Graphs, explained',
      excerpt: 'BFS and DFS, step by step.',
      tags: ['dsa', 'graphs'],
      coverMediaId: cover!.id,
    });
    const reply = await get(`/blog/${post.slug}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    const csp = reply.headers['content-security-policy'] as string;
    expect(csp.split(';').filter((directive) => directive.startsWith('script-src'))).toEqual([
      "script-src 'self'",
      "script-src-attr 'none'",
    ]);
    const html = reply.body;
    expect(between(html, '<title>', '</title>')).toEqual(['Graphs, explained · LearnBuild']);
    expect(metaContent(html, 'description')).toEqual(['BFS and DFS, step by step.']);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/blog/${post.slug}" />`);
    expect(metaContent(html, 'og:title')).toEqual(['Graphs, explained']);
    expect(metaContent(html, 'og:type')).toEqual(['article']);
    expect(metaContent(html, 'og:url')).toEqual([`${BASE}/blog/${post.slug}`]);
    expect(metaContent(html, 'og:image')).toEqual([`${BASE}/api/media/${cover!.id}/content`]);
    expect(metaContent(html, 'og:description')).toEqual(['BFS and DFS, step by step.']);
    expect(metaContent(html, 'article:published_time')).toEqual([post.publishedAt]);
    expect(metaContent(html, 'article:tag')).toEqual(['dsa', 'graphs']);
    expect(metaContent(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContent(html, 'twitter:title')).toEqual(['Graphs, explained']);
    expect(html).toContain(`href="${BASE}/blog/rss.xml"`);
    // Still the app: its bundle and root, and no script of ours.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect((await t.app.inject({ method: 'HEAD', url: `/blog/${post.slug}` })).statusCode).toBe(200);
  });

  it('describes a post without an excerpt by the start of its text', async () => {
    const post = await publish({
      title: 'No excerpt',
      body: '## Intro\n\nA **bold** start with [a link](https://x.test) and more.',
    });
    expect(metaContent((await get(`/blog/${post.slug}`)).body, 'description')).toEqual([
      'Intro A bold start with a link and more.',
    ]);
  });

  it('keeps every XSS payload inert in the title, description and preview tags', async () => {
    for (const payload of [...XSS_PAYLOADS, '"><script>alert(1)</script>', "$& $' $` $1 </title><script>x</script>"]) {
      const post = await publish({
        title: payload.slice(0, 150),
        excerpt: payload,
        tags: [payload.slice(0, 30).toLowerCase().trim()],
      });
      const reply = await get(`/blog/${post.slug}`);
      expect(reply.statusCode).toBe(200);
      const html = reply.body;
      expect(html.match(/<script/g), payload).toHaveLength(1);
      expect([...tagNames(html)].sort(), payload).toEqual([
        'body',
        'div',
        'head',
        'html',
        'link',
        'meta',
        'script',
        'title',
      ]);
      expect(between(html, '<title>', '</title>').map(unescapeMarkup)).toEqual([`${post.title} · LearnBuild`]);
      expect(metaContent(html, 'og:title')).toEqual([post.title]);
      expect(metaContent(html, 'twitter:description')).toEqual([payload]);
      // Every attribute value is one quoted string: no payload closes it.
      for (const tag of html.match(/<meta [^>]*>/g) ?? []) {
        expect(tag, payload).toMatch(/^<meta (?:[\w:-]+="[^"<>]*" ?)+\/?>$/);
      }
    }
  });

  it('answers an old slug with a 301 to the current address, keeping the query', async () => {
    const post = await publish({ title: 'Before the rename' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/blog/${post.slug}`,
      headers: author.auth,
      payload: { title: 'After the rename' },
    });
    const reply = await get('/blog/before-the-rename?utm_source=feed');
    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe('/blog/after-the-rename?utm_source=feed');
    expect((await get('/blog/after-the-rename')).statusCode).toBe(200);
  });

  it('answers the plain app with 404 for an unknown, draft or future post, telling nothing of it', async () => {
    const draft = await createBlogPostRow(t.app.db, author.user.id, { status: 'draft', title: 'Secret draft' });
    const later = await createBlogPostRow(t.app.db, author.user.id, {
      status: 'scheduled',
      title: 'Secret plan',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    for (const slug of ['no-such-post', draft.slug, later.slug, 'Not%20a%20slug']) {
      const reply = await get(`/blog/${slug}`);
      expect(reply.statusCode, slug).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body).toBe(INDEX_HTML);
    }
    // A path kept for the blog's own screens is the app, not a missing post.
    expect((await get('/blog/new')).statusCode).toBe(200);
  });
});

describe('other shared pages', () => {
  it('gives a published course page its title and preview tags, canonical by slug', async () => {
    const { course } = await createCourseRows(t.app.db, author.user.id, { title: 'Graph <Algorithms>' });
    for (const key of [course.slug, course.id]) {
      const html = (await get(`/courses/${key}`)).body;
      expect(between(html, '<title>', '</title>')).toEqual(['Graph &lt;Algorithms&gt; · LearnBuild']);
      expect(html).toContain(`<link rel="canonical" href="${BASE}/courses/${course.slug}" />`);
      expect(metaContent(html, 'og:title')).toEqual(['Graph <Algorithms>']);
      // The description is markdown, where <Algorithms> is an HTML tag (never shown), not text.
      expect(metaContent(html, 'description')).toEqual(['About Graph']);
    }
  });

  it('leaves other course paths (a draft, the create screen) as the plain app with 200', async () => {
    const { course } = await createCourseRows(t.app.db, author.user.id, { status: 'draft' });
    for (const url of [`/courses/${course.slug}`, '/courses/create']) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toBe(INDEX_HTML);
    }
  });

  it('titles the home page and the blog index', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(between(home.body, '<title>', '</title>')).toEqual(['LearnBuild']);
    expect(home.body).toContain(`<link rel="canonical" href="${BASE}/" />`);
    const blog = await get('/blog?tag=dsa');
    expect(between(blog.body, '<title>', '</title>')).toEqual(['Blog · LearnBuild']);
    expect(metaContent(blog.body, 'og:title')).toEqual(['LearnBuild Blog']);
    expect(blog.body).toContain(`<link rel="canonical" href="${BASE}/blog" />`);
    // Every other page keeps the plain fallback.
    expect((await get('/about')).body).toBe(INDEX_HTML);
  });
});

describe('a form sent to its page before the app took it over', () => {
  it('sends the browser back to the page with 303, whatever the form held', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/login?redirectTo=%2Fdashboard',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=student%40demo.local&password=Demo1234%21',
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/login?redirectTo=%2Fdashboard');
    expect(login.body).not.toContain('Demo1234');
    // The page it leads to is the page itself.
    expect((await get('/login?redirectTo=%2Fdashboard')).statusCode).toBe(200);

    for (const url of ['/register', '/blog/some-post', '/contact']) {
      const reply = await t.app.inject({ method: 'POST', url, payload: { any: 'thing' } });
      expect(reply.statusCode, url).toBe(303);
      expect(reply.headers.location, url).toBe(url);
    }
  });

  it('never sends the browser to another site: a path that starts with several slashes keeps one', async () => {
    for (const url of ['//evil.example/login', '///evil.example/x?y=1']) {
      const reply = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(reply.statusCode, url).toBe(303);
      expect(reply.headers.location, url).toMatch(/^\/[^/]/);
    }
  });

  it('never sends the browser to another site through a backslash or a control character (issue 26)', async () => {
    // Sent over a socket as written: an injected request's url is parsed first, which already turns `\\` into `/`.
    const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const cases: Array<[string, string]> = [
      ['/\\host/', '/host/'],
      ['/\\\\host/x?y=1', '/host/x?y=1'],
      ['/\\/host/', '/host/'],
      ['//\\host/', '/host/'],
      ['/login\\x?a=\\b', '/login/x?a=\\b'],
      ['/%5chost/', '/%5chost/'],
      ['/%09/host/', '/%09/host/'],
    ];
    for (const [target, location] of cases) {
      const reply = await rawPost(Number(port), target);
      expect(reply.status, target).toBe(303);
      expect(reply.location, target).toBe(location);
      // What a browser makes of it: still this site.
      expect(new URL(location, 'https://learnbuild.example').host, target).toBe('learnbuild.example');
    }
    // A raw tab never reaches the page: the HTTP parser refuses the request line.
    expect((await rawPost(Number(port), '/\t/host/')).status).toBe(400);
  });

  it('still answers an unknown API call with a 404 JSON error', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: {} });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false });
  });
});
