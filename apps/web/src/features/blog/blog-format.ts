import type { BlogPostSummary } from '@learnbuild/domain/schemas/blog';

export function readingLabel(minutes: number): string {
  return `${minutes} min read`;
}

/** The post's own address in the app. */
export function postHref(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** The list filtered by one tag. */
export function tagHref(tag: string): string {
  return `/blog?tag=${encodeURIComponent(tag)}`;
}

/** Whether readers see the post now: published, or scheduled with its time come. */
export function isLive(post: Pick<BlogPostSummary, 'status' | 'publishedAt'>, now = Date.now()): boolean {
  if (post.status === 'published') return true;
  return post.status === 'scheduled' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now;
}

export interface ShareLink {
  name: string;
  label: string;
  href: string;
}

/** Plain share addresses (no third-party scripts): X, LinkedIn and mail. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'x', label: 'Share on X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'linkedin', label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    {
      name: 'mail',
      label: 'Share by email',
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
    },
  ];
}

/** Hues of the generated covers: the brand's indigo and its neighbours, no muddy yellows. */
const COVER_HUES = [277, 300, 255, 230, 195, 165, 330, 15] as const;

/** The hue of a post's generated cover, the same for the same slug every time. */
export function placeholderHue(slug: string): number {
  let hash = 0;
  for (const character of slug) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return COVER_HUES[hash % COVER_HUES.length]!;
}
