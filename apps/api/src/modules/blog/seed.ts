import { readingMinutes } from '@learnbuild/domain/schemas/blog';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seedRuns, users } from '../../db/schema';
import { BLOG_SEED_AUTHORS, type BlogContentPost, loadBlogContent } from './content';
import { blogReplies } from './public-cache';
import * as queries from './queries';

const BLOG_SEED = 'demo-blog-posts';

/**
 * The demo posts of content/blog, published at their dates by the demo instructor and admin. Once (a
 * seed_runs row, in the same transaction), so a post an author deleted does not come back; a slug someone
 * already uses keeps their post. Needs the demo accounts; returns how many posts it wrote.
 */
export async function seedDemoBlogPosts(db: Db, content?: BlogContentPost[]): Promise<number> {
  // Checked before the files are read, so a start after the first parses none of them.
  const [done] = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, BLOG_SEED)).limit(1);
  if (done) return 0;
  const emails = Object.values(BLOG_SEED_AUTHORS);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(accounts.map((account) => [account.email, account.id]));
  if (idOf.size < emails.length) return 0;
  const posts = content ?? loadBlogContent();

  const written = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(seedRuns)
      .values({ name: BLOG_SEED, version: 1, details: { files: posts.length } })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return 0;
    await queries.lockSlugs(tx);
    let count = 0;
    for (const post of posts) {
      if (await queries.findPostIdBySlug(tx, post.slug)) continue;
      await queries.insertPost(tx, {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        tags: post.tags,
        authorId: idOf.get(BLOG_SEED_AUTHORS[post.author])!,
        status: 'published',
        publishedAt: post.publishedAt,
        readingMinutes: readingMinutes(post.body),
        createdAt: post.publishedAt,
        updatedAt: post.publishedAt,
      });
      count += 1;
    }
    return count;
  });
  if (written > 0) blogReplies.forget(db);
  return written;
}
