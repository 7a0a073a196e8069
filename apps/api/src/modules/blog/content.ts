import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  BLOG_EXCERPT_MAX,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
} from '@learnbuild/domain/schemas/blog';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { isSlugShaped } from './queries';

export const BLOG_CONTENT_DIR = path.join(import.meta.dirname, '../../../content/blog');

/** Which demo account wrote a seeded post. */
export const BLOG_SEED_AUTHORS = { instructor: 'instructor@demo.local', admin: 'admin@demo.local' } as const;

const frontMatterSchema = z.object({
  title: z.string().trim().min(BLOG_TITLE_MIN).max(BLOG_TITLE_MAX),
  excerpt: z.string().trim().min(1).max(BLOG_EXCERPT_MAX),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(BLOG_TAG_MAX)).min(1).max(BLOG_TAGS_MAX),
  author: z.enum(['instructor', 'admin']),
  publishedAt: z.union([z.iso.datetime({ offset: true }).transform((iso) => new Date(iso)), z.date()]),
});

export interface BlogContentPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  author: keyof typeof BLOG_SEED_AUTHORS;
  publishedAt: Date;
  body: string;
}

/** Splits `<slug>.md` into its YAML front matter and markdown body; the file name is the slug. */
export function parseBlogPost(source: string, file: string): BlogContentPost {
  const slug = path.basename(file, '.md');
  if (!isSlugShaped(slug)) throw new Error(`${file}: the file name must be a slug (a-z, 0-9 and dashes)`);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1]!));
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const body = match[2]!.trim();
  if (body.length === 0) throw new Error(`${file}: the post has no body`);
  return { slug, ...parsed.data, tags: [...new Set(parsed.data.tags)], body };
}

/** Every post file of `root`, by file name. */
export function loadBlogContent(root = BLOG_CONTENT_DIR): BlogContentPost[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseBlogPost(readFileSync(path.join(root, name), 'utf8'), path.join(root, name)));
}
