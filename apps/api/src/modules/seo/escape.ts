// Every value that goes into the feed, the sitemap or a page's <head> passes through one of these.

/**
 * Anything outside XML 1.0's Char production (C0 controls but tab and newlines, U+FFFE, U+FFFF, lone
 * surrogates): one would make the feed unreadable, so it is dropped.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeMarkup = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Text for an XML element or attribute (RSS, sitemap). */
export const escapeXml = escapeMarkup;

/** Text for an HTML element or a quoted attribute value: inert whatever it holds. */
export const escapeHtml = escapeMarkup;

/**
 * A short plain-text description from markdown (for a meta description when a post has no excerpt):
 * code, images, link targets and markup signs dropped, whitespace collapsed, cut at a word near `max`.
 */
export function plainDescription(markdown: string, max = 160): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/**
 * The first sentence of a markdown text as plain words (a problem's statement, for its meta description): inline
 * code keeps its words (`nums` is part of the sentence), then the text is reduced as above and cut after its first
 * full stop, question or exclamation mark.
 */
export function firstSentence(markdown: string, max = 200): string {
  const text = plainDescription(markdown.replace(/`([^`\n]+)`/g, '$1'), max);
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}
