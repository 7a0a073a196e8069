import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerSeoPages } from '../modules/seo/pages';
import { loadPageRenderer, RENDERER_DIR } from '../modules/seo/server-render';

/**
 * The page a POST was sent to, as a Location that stays on this site. A browser reads `\` in a path as `/`
 * and drops tab, LF and CR, so `/\host/` or `/\t/host/` would mean `//host/`, another site: backslashes in
 * the path become slashes, control characters are percent-encoded, and then one leading slash is kept.
 */
function samePagePath(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const encodeControls = (text: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it encodes
    text.replace(/[\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
  return encodeControls(pathname.replace(/\\/g, '/')).replace(/^\/+/, '/') + encodeControls(query);
}

/** Serves the built web app with an SPA fallback (every client route deep-links) and uploaded media. */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  // Only the avatars are plain static files; course media (uploads/media) is served by its route, with ranges.
  const avatarRoot = path.join(app.config.dataDir, 'uploads', 'avatars');
  mkdirSync(avatarRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: avatarRoot,
    prefix: '/media/avatars/',
    decorateReply: false,
    maxAge: '1h',
  });

  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The server renderer lives in the dist folder too, but is the API's code: never a download.
      allowedPath: (pathName) => !pathName.startsWith(`/${RENDERER_DIR}/`),
      // The build writes .br and .gz beside each text asset (scripts/precompress-web.mjs): they are sent as they
      // are, and a file without them is compressed on the fly as before.
      preCompressed: true,
      // Hashed assets, and Pyodide under its version's folder (/pyodide/<version>/): never changed in place.
      setHeaders(res, filePath) {
        const relative = path.relative(dist, filePath).split(path.sep);
        if (relative[0] === 'assets' || (relative[0] === 'pyodide' && relative.length === 3))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn(`web app not built (no ${indexFile}); run npm run build`);
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : null;
  // Shared pages (a post, a course, home, the blog) get their own title and preview tags in this HTML.
  if (indexHtml) await registerSeoPages(app, indexHtml, await loadPageRenderer(app, dist));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = !pathname.startsWith('/api/') && !pathname.startsWith('/media/') && indexHtml !== null;
    if (isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    // A form the server drew, sent before the app's code took it over (the login form on a slow phone), posts
    // to its page: the browser is sent back to that page (303 makes it a GET) and the form is there again.
    // What was sent is never read.
    if (isPage && request.method === 'POST') return reply.redirect(samePagePath(request.url), 303);
    return reply.status(404).send({ success: false, error: `No route for ${request.method} ${pathname}` });
  });
}
