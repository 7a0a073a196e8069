/**
 * Which addresses user markdown may link to or show images from. Each check looks at the address the
 * way a browser reads it: browsers drop tabs and newlines anywhere in a URL and control characters and
 * spaces at its ends, and read the scheme in any case, so `JaVa&#x09;ScRiPt:` is still javascript:.
 * (Character references such as `&#x09;` or `&colon;` are already decoded by the markdown parser.)
 */

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
/** Our own uploads: the media API and the static media folder. */
const IMAGE_PATHS = ['/api/media/', '/media/'];

// Characters a browser ignores (or that hide in plain sight) while reading a scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it removes
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g;

function squeezed(url: string): string {
  return url.replace(INVISIBLE, '');
}

/** The URL's scheme in lower case (`https`), or null for a relative address (path, ?query, #anchor, //host). */
export function urlScheme(url: string): string | null {
  const match = /^([a-z][a-z\d+.-]*):/i.exec(squeezed(url));
  return match ? match[1]!.toLowerCase() : null;
}

/** A link target that may be followed: http(s), mailto, relative paths and #anchors. Anything else is ''. */
export function safeLinkUrl(url: string): string {
  const scheme = urlScheme(url);
  if (scheme !== null && !LINK_SCHEMES.has(scheme)) return '';
  return url.trim();
}

/** A link that leaves the site: an absolute http(s) address, or one starting `//` (another host). */
export function isExternalUrl(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme === 'http' || scheme === 'https') return true;
  return /^[\\/]{2}/.test(squeezed(url));
}

/**
 * An image source we show: https anywhere, or our own uploads under /api/media/ or /media/ (no `..`
 * or backslash tricks that would climb out of them). Anything else is ''.
 */
export function safeImageUrl(url: string): string {
  const clean = squeezed(url);
  if (urlScheme(clean) === 'https') return url.trim();
  if (!IMAGE_PATHS.some((prefix) => clean.startsWith(prefix))) return '';
  let decoded = clean;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return '';
  }
  if (decoded.includes('\\') || decoded.split(/[/?#]/).includes('..')) return '';
  return url.trim();
}
