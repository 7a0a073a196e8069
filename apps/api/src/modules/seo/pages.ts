import type { FastifyInstance, FastifyReply } from 'fastify';
import { RESERVED_SLUGS } from '../blog/service';
import { type PageMeta, pageTemplate } from './page-head';
import { blogIndexMeta, coursePageMeta, homeMeta, postPage } from './service';

/**
 * The SPA's index.html for the pages people share, with their title, description, canonical link and
 * Open Graph/Twitter tags in the HTML itself, so a link preview needs no JavaScript. Called by
 * plugins/web.ts once the built page is read; every other path keeps its plain SPA fallback.
 */
export async function registerSeoPages(app: FastifyInstance, indexHtml: string): Promise<void> {
  const { db, config } = app;
  const render = pageTemplate(indexHtml);
  const hidden = { schema: { hide: true } };
  // Like the SPA fallback: the page must be asked for again, since it names the current bundles.
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const page = (reply: FastifyReply, meta: PageMeta) => send(reply, render(meta));

  const home = render(homeMeta(config));
  const blogIndex = render(blogIndexMeta(config));
  app.get('/', hidden, async (_request, reply) => send(reply, home));
  app.get('/blog', hidden, async (_request, reply) => send(reply, blogIndex));

  app.get<{ Params: { slug: string } }>('/blog/:slug', hidden, async (request, reply) => {
    // Addresses no post may take belong to the blog's own screens (an editor): the plain app.
    if (RESERVED_SLUGS.has(request.params.slug)) return send(reply, indexHtml);
    const found = await postPage(db, config, request.params.slug);
    if (found.kind === 'post') return page(reply, found.meta);
    if (found.kind === 'moved') {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/blog/${encodeURIComponent(found.slug)}${query}`, 301);
    }
    // Unknown, or not published yet: the app still loads (an author signed in sees their draft there).
    return send(reply, indexHtml, 404);
  });

  app.get<{ Params: { courseId: string } }>('/courses/:courseId', hidden, async (request, reply) => {
    const meta = await coursePageMeta(db, config, request.params.courseId);
    // Not a published course (a draft, or another screen's path such as /courses/create): the plain app.
    return meta ? page(reply, meta) : send(reply, indexHtml);
  });
}
