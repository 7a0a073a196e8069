import { ROUTES, type RouteEntry, type ScreenId } from '@learnbuild/domain/routes';
import { escapeXml } from './escape';

/** How many posts the feed carries. */
export const FEED_SIZE = 20;
export const FEED_TITLE = 'LearnBuild Blog';
export const FEED_DESCRIPTION =
  'Interview preparation, DSA patterns, core computer science explained and projects to build, from LearnBuild.';

/** Public screens that are steps of a flow (a sign-in hand-off, a code to type), not pages worth indexing. */
const NOT_INDEXED: ReadonlySet<ScreenId> = new Set(['authSuccess', 'verifyOtp', 'roleUpdate', 'forgotPassword']);

/** The public pages of the route table without parameters, one path per screen (`/` rather than `/Home`). */
export function publicPagePaths(routes: readonly RouteEntry[] = ROUTES): string[] {
  const seen = new Set<ScreenId>();
  const paths: string[] = [];
  for (const route of routes) {
    const indexed =
      route.access.kind === 'public' &&
      !route.path.includes(':') &&
      !route.path.startsWith('/api/') &&
      !NOT_INDEXED.has(route.screen);
    if (!indexed || seen.has(route.screen)) continue;
    seen.add(route.screen);
    paths.push(route.path);
  }
  return paths;
}

export interface FeedPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  authorName: string;
  publishedAt: Date;
}

/** RSS 2.0 of the newest posts, every link absolute under `baseUrl`. */
export function rssFeed(baseUrl: string, posts: FeedPost[]): string {
  const link = (path: string) => escapeXml(`${baseUrl}${path}`);
  const items = posts.map((post) => {
    const url = link(`/blog/${encodeURIComponent(post.slug)}`);
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n');
  });
  // The newest post's date, not the clock: the same posts give the same feed.
  const built = posts[0]?.publishedAt ?? new Date(0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(FEED_TITLE)}</title>
    <link>${link('/blog')}</link>
    <description>${escapeXml(FEED_DESCRIPTION)}</description>
    <language>en</language>
    <lastBuildDate>${built.toUTCString()}</lastBuildDate>
    <atom:link href="${link('/blog/rss.xml')}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`;
}

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** A sitemaps.org urlset of absolute addresses. */
export function sitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/**
 * Crawlers may read every public page and our uploaded images (a shared link's preview fetches its
 * og:image from /api/media/), but not the rest of the API or the pages behind a sign-in.
 */
export function robotsTxt(baseUrl: string, routes: readonly RouteEntry[] = ROUTES): string {
  const publicPaths = routes.filter((route) => route.access.kind === 'public').map((route) => route.path);
  const closed = new Set<string>();
  for (const route of routes) {
    if (route.access.kind === 'public') continue;
    const prefix = route.path.split(':')[0]!;
    // `/courses` is signed-in but `/courses/:courseId` is public: a prefix rule would hide the courses.
    if (publicPaths.some((path) => path.startsWith(prefix))) continue;
    closed.add(prefix);
  }
  return [
    'User-agent: *',
    'Allow: /api/media/',
    'Disallow: /api/',
    ...[...closed]
      .sort()
      .filter((path, index, sorted) => !sorted.slice(0, index).some((shorter) => path.startsWith(shorter)))
      .map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
