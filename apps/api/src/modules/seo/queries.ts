import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPosts, blogSlugRedirects, courses, dsaProblems, judgeProblems, users } from '../../db/schema';
import { isUuid } from '../../lib/uuid';
import { isSlugShaped, newestFirst, visibleNow } from '../blog/queries';

/** The newest posts readers can see, for the feed. */
export async function findFeedPosts(db: DbOrTx, limit: number) {
  return db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      tags: blogPosts.tags,
      authorName: users.name,
      publishedAt: blogPosts.publishedAt,
      publishAt: blogPosts.publishAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(visibleNow)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every post readers can see (up to `limit`), newest first, with when it last changed. */
export async function findSitemapPosts(db: DbOrTx, limit: number) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visibleNow)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findSitemapCourses(db: DbOrTx, limit: number) {
  return db
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.status, 'published'))
    .orderBy(desc(courses.updatedAt))
    .limit(limit);
}

/** Every problem with a judge turned on: its page (/problems/{slug}) is public. */
export async function findSitemapProblems(db: DbOrTx) {
  return db
    .select({ slug: dsaProblems.slug, updatedAt: judgeProblems.updatedAt })
    .from(judgeProblems)
    .innerJoin(dsaProblems, eq(dsaProblems.id, judgeProblems.problemId))
    .where(and(eq(judgeProblems.enabled, true), isNull(dsaProblems.deletedAt)))
    .orderBy(asc(dsaProblems.position));
}

/** What a post page's <head> needs, for a post readers can see at its current slug. */
export async function findPostHead(db: DbOrTx, slug: string) {
  if (!isSlugShaped(slug)) return undefined;
  const [row] = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      bodyStart: sql<string>`left(${blogPosts.body}, 2000)`,
      coverMediaId: blogPosts.coverMediaId,
      tags: blogPosts.tags,
      authorName: users.name,
      publishedAt: blogPosts.publishedAt,
      publishAt: blogPosts.publishAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), visibleNow))
    .limit(1);
  return row;
}

/** The current slug of the visible post `oldSlug` was renamed from. */
export async function findMovedPostSlug(db: DbOrTx, oldSlug: string): Promise<string | undefined> {
  if (!isSlugShaped(oldSlug)) return undefined;
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.slug, oldSlug), visibleNow))
    .limit(1);
  return row?.slug;
}

/** What a course page's <head> needs, for a published course named by uuid or slug. */
export async function findCourseHead(db: DbOrTx, idOrSlug: string) {
  let key: SQL;
  if (isUuid(idOrSlug)) key = eq(courses.id, idOrSlug.toLowerCase());
  else if (isSlugShaped(idOrSlug)) key = eq(courses.slug, idOrSlug);
  else return undefined;
  const [row] = await db
    .select({
      slug: courses.slug,
      title: courses.title,
      subtitle: courses.subtitle,
      descriptionStart: sql<string>`left(${courses.description}, 2000)`,
      thumbnailMediaId: courses.thumbnailMediaId,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .where(and(key, eq(courses.status, 'published')))
    .limit(1);
  return row;
}
