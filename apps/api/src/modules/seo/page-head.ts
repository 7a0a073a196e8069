import { escapeHtml } from './escape';

export const SITE_NAME = 'LearnBuild';

/** What a page tells search engines and link previews, all plain text (escaped here). */
export interface PageMeta {
  /** The whole <title>. */
  title: string;
  /** og:title and twitter:title, when the page title carries a suffix they do not need. */
  shareTitle?: string;
  description: string;
  /** Absolute canonical address. */
  url: string;
  type: 'website' | 'article';
  /** Absolute address of a preview image. */
  image?: string;
  article?: { publishedTime?: string; modifiedTime?: string; author?: string; tags: string[] };
  /** Absolute address of the RSS feed to announce. */
  feed?: { title: string; url: string };
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** The <head> tags for `page`: title, description, canonical link, Open Graph and Twitter cards. No script. */
export function headTags(page: PageMeta): string {
  const shareTitle = page.shareTitle ?? page.title;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
  ];
  if (page.image) tags.push(meta('property', 'og:image', page.image));
  if (page.article) {
    const { publishedTime, modifiedTime, author } = page.article;
    if (publishedTime) tags.push(meta('property', 'article:published_time', publishedTime));
    if (modifiedTime) tags.push(meta('property', 'article:modified_time', modifiedTime));
    if (author) tags.push(meta('name', 'author', author));
    for (const tag of page.article.tags) tags.push(meta('property', 'article:tag', tag));
  }
  tags.push(
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', page.description),
  );
  if (page.image) tags.push(meta('name', 'twitter:image', page.image));
  if (page.feed) {
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(page.feed.title)}" href="${escapeHtml(page.feed.url)}" />`,
    );
  }
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/**
 * The built index.html without its own <title> and description, cut where the page's tags go (just
 * before </head>). Joining strings, never String.replace with page text, so a `$&` in a title stays text.
 */
export function pageTemplate(indexHtml: string): (page: PageMeta) => string {
  const bare = indexHtml
    .replace(/[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>[ \t]*\r?\n?/i, '');
  const head = bare.search(/<\/head>/i);
  if (head === -1) return () => indexHtml;
  // Cut at the start of the </head> line, so the tags line up with the rest of the head.
  const lineStart = bare.lastIndexOf('\n', head) + 1;
  const at = bare.slice(lineStart, head).trim() === '' ? lineStart : head;
  const before = bare.slice(0, at);
  const after = bare.slice(at);
  return (page) => `${before}${headTags(page)}${after}`;
}
