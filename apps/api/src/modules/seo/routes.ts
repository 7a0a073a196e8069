import type { FastifyInstance } from 'fastify';
import { robotsTxt } from './feeds';
import { rssXml, sitemapXml } from './service';

/** For feed readers and crawlers; not part of the JSON API, so left out of the OpenAPI document. */
export async function seoRoutes(app: FastifyInstance) {
  const db = app.db;
  const baseUrl = app.config.publicUrl;
  const hidden = { schema: { hide: true } };
  const robots = robotsTxt(baseUrl);

  app.get('/blog/rss.xml', hidden, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await rssXml(db, baseUrl)),
  );

  app.get('/sitemap.xml', hidden, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(db, baseUrl)),
  );

  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
}
