import { ROUTES } from '@learnbuild/domain/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseCoding, etagOf, matchesIfNoneMatch } from '../../lib/precompressed';
import { RESERVED_SLUGS } from '../blog/service';
import { profilePageKeyPrefix } from '../profiles/page-keys';
import { keptPage, type MadePage, type ServedPage } from './page-cache';
import { type PageMeta, pageTemplate } from './page-head';
import { drawsSignedIn, type PageRenderer } from './server-render';
import {
  blogIndexMeta,
  coursePageMeta,
  homeMeta,
  postPage,
  problemPageMeta,
  profileNotFoundMeta,
  profilePageMeta,
} from './service';

/** Public pages drawn on the server besides the shared ones below (the catalogue /courses needs a sign-in). */
const DRAWN_PAGES = [
  '/login',
  '/register',
  '/community',
  '/about',
  '/help',
  '/contact',
  '/careers',
  '/privacy',
  '/terms',
];

/**
 * A learner's pages (for every signed-in person): drawn for a visitor with the signed-in hint cookie, their data
 * waiting for the account (the renderer reads nothing for them, server-render.ts); the plain app for anyone else,
 * which sends them to /login. Pages for some roles only are never drawn.
 */
const LEARNER_PAGES = ROUTES.filter((route) => route.access.kind === 'signedIn').map((route) => route.path);

/**
 * The SPA's index.html for the pages people share, with their title, description, canonical link and
 * Open Graph/Twitter tags in the HTML itself, so a link preview needs no JavaScript. Called by
 * plugins/web.ts once the built page is read; every other path keeps its plain SPA fallback.
 * With the web app's server renderer (`drawPage`), these pages and the other public ones also come
 * drawn: their text is in the HTML before any JavaScript runs (server-render.ts).
 */
export async function registerSeoPages(
  app: FastifyInstance,
  indexHtml: string,
  drawPage: PageRenderer | null = null,
): Promise<void> {
  const { db, config } = app;
  const render = pageTemplate(indexHtml);
  const hidden = { schema: { hide: true } };
  // Like the SPA fallback: the page must be asked for again, since it names the current bundles. A drawn
  // page differs with the visitor's signed-in hint cookie (its navbar): no cache may give one visitor's to another.
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .send(html);
  /** A kept page's bytes in the coding the visitor takes, with its ETag; 304 when the visitor holds them already. */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, page: Extract<ServedPage, { kept: true }>) => {
    const hash = page.body.hash as string;
    const coding = chooseCoding(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', etagOf(hash, coding));
    if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) return reply.status(304).send();
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.status(page.status).type(page.body.contentType).send(page.body.body(coding));
  };
  /** `html` with the page at the request's address drawn in it for this visitor, when the renderer is there. */
  const drawn = async (request: FastifyRequest, html: string) =>
    drawPage
      ? ((await drawPage(`${config.publicUrl}${request.url}`, html, drawsSignedIn(request.headers.cookie))) ?? html)
      : html;
  const page = async (request: FastifyRequest, reply: FastifyReply, meta: PageMeta) =>
    send(reply, await drawn(request, render(meta)));

  const home = render(homeMeta(config));
  const blogIndex = render(blogIndexMeta(config));
  app.get('/', hidden, async (request, reply) => send(reply, await drawn(request, home)));
  app.get('/blog', hidden, async (request, reply) => send(reply, await drawn(request, blogIndex)));
  // Public pages without tags of their own: drawn, else the plain app as the SPA fallback would send it.
  for (const path of DRAWN_PAGES) {
    app.get(path, hidden, async (request, reply) => send(reply, await drawn(request, indexHtml)));
  }

  for (const path of LEARNER_PAGES) {
    app.get(path, hidden, async (request, reply) =>
      send(reply, drawsSignedIn(request.headers.cookie) ? await drawn(request, indexHtml) : indexHtml),
    );
  }

  app.get<{ Params: { slug: string } }>('/blog/:slug', hidden, async (request, reply) => {
    // Addresses no post may take belong to the blog's own screens (an editor): the plain app.
    if (RESERVED_SLUGS.has(request.params.slug)) return send(reply, indexHtml);
    const found = await postPage(db, config, request.params.slug);
    if (found.kind === 'post') return page(request, reply, found.meta);
    if (found.kind === 'moved') {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/blog/${encodeURIComponent(found.slug)}${query}`, 301);
    }
    // Unknown, or not published yet: the app still loads (an author signed in sees their draft there).
    return send(reply, indexHtml, 404);
  });

  /**
   * The page of the problem `slug` at `address` (its path and query) for a visitor signed in or out. The judge's
   * public reply is the page's data (the drawn page reads it too), so its meta comes from it. Kept only when whole:
   * found and drawn (or there is no renderer).
   */
  const makeProblemPage = async (slug: string, address: string, signedIn: boolean): Promise<MadePage> => {
    const practice = await app.inject({
      method: 'GET',
      url: `/api/dsa/problems/${encodeURIComponent(slug)}/practice`,
      headers: { accept: 'application/json' },
    });
    // No such problem, or one without a judge: the app still loads, and says so. Another failure: the plain app,
    // which reads the problem again in the browser.
    if (practice.statusCode !== 200)
      return { status: practice.statusCode === 404 ? 404 : 200, html: indexHtml, keep: false };
    const html = render(problemPageMeta(config, practice.json().practice));
    if (!drawPage) return { status: 200, html, keep: true };
    const page = await drawPage(`${config.publicUrl}${address}`, html, signedIn);
    return page === null ? { status: 200, html, keep: false } : { status: 200, html: page, keep: true };
  };

  app.get<{ Params: { slug: string } }>('/problems/:slug', hidden, async (request, reply) => {
    const { slug } = request.params;
    const signedIn = drawsSignedIn(request.headers.cookie);
    // A query string is drawn into the page (the login link keeps it), and they are endless: such an address is
    // made for its visitor alone. The plain address is kept, per problem and per navbar (page-cache.ts).
    if (request.url.includes('?')) {
      const page = await makeProblemPage(slug, request.url, signedIn);
      return send(reply, page.html, page.status);
    }
    const address = `/problems/${encodeURIComponent(slug)}`;
    const page = await keptPage(db, `problem ${signedIn ? 'in' : 'out'} ${slug}`, () =>
      makeProblemPage(slug, address, signedIn),
    );
    return page.kept ? sendKept(request, reply, page) : send(reply, page.html, page.status);
  });

  /**
   * A learner's public profile (issue 29), read signed out as anyone else would: never its owner's preview, so a
   * kept page holds only what the profile shows. Unknown and turned-off handles get the same 404 page.
   */
  const makeProfilePage = async (handle: string, address: string, signedIn: boolean): Promise<MadePage> => {
    const reply = await app.inject({
      method: 'GET',
      url: `/api/profiles/${encodeURIComponent(handle)}`,
      headers: { accept: 'application/json' },
    });
    if (reply.statusCode !== 200) {
      const status = reply.statusCode === 404 ? 404 : 200;
      return { status, html: status === 404 ? render(profileNotFoundMeta(config, handle)) : indexHtml, keep: false };
    }
    const html = render(profilePageMeta(config, reply.json().profile));
    if (!drawPage) return { status: 200, html, keep: true };
    const page = await drawPage(`${config.publicUrl}${address}`, html, signedIn);
    return page === null ? { status: 200, html, keep: false } : { status: 200, html: page, keep: true };
  };

  app.get<{ Params: { handle: string } }>('/u/:handle', hidden, async (request, reply) => {
    const handle = request.params.handle.toLowerCase();
    const signedIn = drawsSignedIn(request.headers.cookie);
    if (request.url.includes('?')) {
      const page = await makeProfilePage(handle, request.url, signedIn);
      return send(reply, page.html, page.status);
    }
    const address = `/u/${encodeURIComponent(handle)}`;
    const page = await keptPage(db, `${profilePageKeyPrefix(handle)}${signedIn ? 'in' : 'out'}`, () =>
      makeProfilePage(handle, address, signedIn),
    );
    return page.kept ? sendKept(request, reply, page) : send(reply, page.html, page.status);
  });

  app.get<{ Params: { courseId: string } }>('/courses/:courseId', hidden, async (request, reply) => {
    const meta = await coursePageMeta(db, config, request.params.courseId);
    // Not a published course (a draft, or another screen's path such as /courses/create): the plain app.
    return meta ? page(request, reply, meta) : send(reply, indexHtml);
  });
}
