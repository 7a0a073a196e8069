const SNIPPET_LENGTH = 160;

/** Markdown's marks and runs of white space dropped, so a snippet reads as plain text. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[a-z0-9+-]*\n?/gi, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where the first of the search's words (or its first four letters, for a stemmed match) appears in `text`. */
function firstMatch(text: string, query: string): number {
  const lower = text.toLowerCase();
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  const whole = lower.indexOf(query.toLowerCase());
  if (whole >= 0) return whole;
  const positions = words
    .flatMap((word) => [lower.indexOf(word), word.length > 4 ? lower.indexOf(word.slice(0, 4)) : -1])
    .filter((position) => position >= 0);
  return positions.length > 0 ? Math.min(...positions) : -1;
}

/**
 * About 160 characters of `text` around the first place the search's words appear (its start when they do
 * not), cut at word boundaries and marked with an ellipsis where cut. '' for an empty text.
 */
export function snippetAround(text: string, query: string): string {
  const plain = plainText(text);
  if (plain.length <= SNIPPET_LENGTH) return plain;
  const match = firstMatch(plain, query);
  let start = match <= 40 ? 0 : match - 40;
  if (start > 0) {
    const space = plain.indexOf(' ', start);
    start = space >= 0 && space < match ? space + 1 : start;
  }
  let end = Math.min(plain.length, start + SNIPPET_LENGTH);
  if (end < plain.length) {
    const space = plain.lastIndexOf(' ', end);
    if (space > start + SNIPPET_LENGTH / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`;
}
