import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import type { FastifyInstance } from 'fastify';

/** What the web app's server renderer (apps/web/src/entry-server.tsx, built into dist/server/) exports. */
interface RendererModule {
  render(
    url: string,
    load: (path: string) => Promise<{ status: number; body: string }>,
    visitor: { signedIn: boolean },
  ): Promise<{ html: string; data: unknown; waitsForAccount: boolean } | null>;
}

/** A page drawn once, with the API replies it was drawn from (the same replies drawn again give the same page). */
interface DrawnPage {
  /** Each read's path and a digest of its reply. */
  reads: Array<{ path: string; digest: string }>;
  /** The markup inside #root. */
  markup: string;
  /** The data block that follows #root. */
  data: string;
}

/**
 * Pages kept drawn (addresses with their query strings, each for a signed-out visitor and for a signed-in
 * one); the least recently used leaves first.
 */
const CACHE_SIZE = 300;
/**
 * Draws under way at most: a burst of new addresses (query strings are endless) cannot take the CPU;
 * past it a page goes out plain, as without the renderer, and the app draws it in the browser.
 */
const MAX_DRAWS_AT_ONCE = 4;
const EMPTY_ROOT = '<div id="root"></div>';

/** Where the build puts the server renderer inside the web app's dist folder; never served as a file. */
export const RENDERER_DIR = 'server';

/** JSON that stays inside a <script> element: no `<`, `>` or `&`, nor the two line separators JavaScript minds. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `html` (the app's index.html, with its page tags) with `markup` in its empty #root and `after` just after it. */
export function fillRoot(html: string, markup: string, after: string): string {
  const at = html.indexOf(EMPTY_ROOT);
  if (at === -1) return html;
  return `${html.slice(0, at)}<div id="root">${markup}</div>${after}${html.slice(at + EMPTY_ROOT.length)}`;
}

/**
 * Whether a request comes from a browser holding a session token, by the hint cookie the web app keeps
 * beside the token (apps/web/src/lib/storage.ts). It only chooses which navbar a public page is drawn with
 * (who the visitor is stays unknown, and nothing is shown or allowed by it).
 */
export function drawsSignedIn(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

/** `html` with the page at `pageUrl` drawn in it; null when it could not be drawn now (too many draws under way, a failure). */
export type PageRenderer = (pageUrl: string, html: string, signedIn: boolean) => Promise<string | null>;

/**
 * The public pages' server rendering: `render(url, html)` gives `html` with the page drawn in #root and
 * its data as `<script type="application/json" id="lb-initial-data">` (main.tsx hydrates from both).
 * The page reads its data through the public API in process (their reply caches answer), signed out.
 * A drawn page is kept and served again while the same reads give the same replies, so a change to
 * the page's data shows at once and an unchanged page costs its (cached) reads only.
 * Null when the web app has no server renderer (not built): pages are then the plain app, as before.
 */
export async function loadPageRenderer(app: FastifyInstance, dist: string): Promise<PageRenderer | null> {
  const file = path.join(dist, RENDERER_DIR, 'entry-server.js');
  if (!existsSync(file)) return null;
  let renderer: RendererModule;
  try {
    renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  } catch (error) {
    app.log.warn({ err: error }, 'the web app server renderer did not load; pages are served unrendered');
    return null;
  }

  const drawn = new Map<string, DrawnPage>();
  const drawing = new Map<string, Promise<DrawnPage | null>>();

  const read = async (apiPath: string) => {
    const reply = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    return { status: reply.statusCode, body: reply.payload };
  };
  const digest = (body: string) => createHash('sha256').update(body).digest('base64');

  const checking = new Map<DrawnPage, Promise<boolean>>();
  /** Whether the page's reads still give the replies it was drawn from; visitors arriving together share one check. */
  const stillFresh = (page: DrawnPage) => {
    let check = checking.get(page);
    if (!check) {
      check = Promise.all(page.reads.map((entry) => read(entry.path)))
        .then((replies) => replies.every((reply, index) => digest(reply.body) === page.reads[index]?.digest))
        .finally(() => checking.delete(page));
      checking.set(page, check);
    }
    return check;
  };

  const draw = async (pageUrl: string, signedIn: boolean): Promise<DrawnPage | null> => {
    const reads: DrawnPage['reads'] = [];
    const load = async (apiPath: string) => {
      const reply = await read(apiPath);
      reads.push({ path: apiPath, digest: digest(reply.body) });
      return reply;
    };
    const page = await renderer.render(pageUrl, load, { signedIn });
    if (!page) return null;
    // The browser's first render must match the markup: it reads whom the page was drawn for from here, and
    // whether the page's data waits for the account (a learner's page, drawn without reading anything).
    const marker = `${signedIn ? ' data-signed-in' : ''}${page.waitsForAccount ? ' data-waits-for-account' : ''}`;
    const data = `<script type="application/json" id="lb-initial-data"${marker}>${scriptSafeJson(page.data)}</script>`;
    return { reads, markup: page.html, data };
  };

  const pageFor = async (pageUrl: string, signedIn: boolean): Promise<DrawnPage | null> => {
    // The two drawings of an address are two entries: the signed-in navbar never reaches a signed-out visitor.
    const key = `${signedIn ? 'in' : 'out'} ${pageUrl}`;
    const kept = drawn.get(key);
    if (kept && (await stillFresh(kept))) {
      drawn.delete(key);
      drawn.set(key, kept);
      return kept;
    }
    // One draw per address and visitor kind at a time: visitors arriving together share it.
    let pending = drawing.get(key);
    if (!pending) {
      if (drawing.size >= MAX_DRAWS_AT_ONCE) return null;
      pending = draw(pageUrl, signedIn).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    const page = await pending;
    drawn.delete(key);
    if (page) drawn.set(key, page);
    if (drawn.size > CACHE_SIZE) drawn.delete(drawn.keys().next().value as string);
    return page;
  };

  return async (pageUrl, html, signedIn) => {
    try {
      const page = await pageFor(pageUrl, signedIn);
      return page ? fillRoot(html, page.markup, page.data) : null;
    } catch (error) {
      app.log.warn({ err: error, url: pageUrl }, 'a page could not be drawn on the server; served unrendered');
      return null;
    }
  };
}
