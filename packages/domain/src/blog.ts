// The blog's limits and reading time, free of zod: the public pages read them without loading any schema.

export const BLOG_PAGE_SIZE = 9;
export const BLOG_TITLE_MIN = 3;
export const BLOG_TITLE_MAX = 150;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_BODY_MAX = 200_000;
export const BLOG_TAGS_MAX = 6;
export const BLOG_TAG_MAX = 30;
export const BLOG_SEARCH_MAX = 100;
/** Posts with at least this many second-level headings show a table of contents. */
export const BLOG_TOC_MIN_HEADINGS = 4;
export const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
