import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_SLUGS } from '../blog/service';
import { type PageMeta, pageTemplate } from './page-head';
import { drawsSignedIn, type PageRenderer } from './server-render';
import { blogIndexMeta, coursePageMeta, homeMeta, postPage, problemPageMeta } from './service';

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
  /** `html` with the page at the request's address drawn in it for this visitor, when the renderer is there. */
  const drawn = async (request: FastifyRequest, html: string) =>
    drawPage ? drawPage(`${config.publicUrl}${request.url}`, html, drawsSignedIn(request.headers.cookie)) : html;
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

  app.get<{ Params: { slug: string } }>('/problems/:slug', hidden, async (request, reply) => {
    // The judge's public reply is the page's data (the drawn page reads it too), so its meta comes from it.
    const practice = await app.inject({
      method: 'GET',
      url: `/api/dsa/problems/${encodeURIComponent(request.params.slug)}/practice`,
      headers: { accept: 'application/json' },
    });
    if (practice.statusCode === 200) return page(request, reply, problemPageMeta(config, practice.json().practice));
    // No such problem, or one without a judge: the app still loads, and says so. Another failure: the plain app,
    // which reads the problem again in the browser.
    return send(reply, indexHtml, practice.statusCode === 404 ? 404 : 200);
  });

  app.get<{ Params: { courseId: string } }>('/courses/:courseId', hidden, async (request, reply) => {
    const meta = await coursePageMeta(db, config, request.params.courseId);
    // Not a published course (a draft, or another screen's path such as /courses/create): the plain app.
    return meta ? page(request, reply, meta) : send(reply, indexHtml);
  });
}
