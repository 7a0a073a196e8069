import type { BlogStatus } from '@learnbuild/domain/schemas/blog';
import { and, asc, count, desc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPosts, blogSlugRedirects, users } from '../../db/schema';

export type PostRow = typeof blogPosts.$inferSelect;
export type NewPost = typeof blogPosts.$inferInsert;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A text that could be a slug; anything else is a 404 without a query. */
export const isSlugShaped = (text: string) => text.length <= 200 && SLUG.test(text);

/**
 * Readers see a post from its time on: published, or scheduled with publishAt passed ("published
 * automatically at its time" is a rule of every read, so no job has to run at the minute).
 */
export const visibleNow = sql`(${blogPosts.status} = 'published' or (${blogPosts.status} = 'scheduled' and ${blogPosts.publishAt} <= now()))`;

/** What readers and the author see as the status: a scheduled post whose time has come is published. */
const effectiveStatus = sql<BlogStatus>`case when ${blogPosts.status} = 'scheduled' and ${blogPosts.publishAt} <= now() then 'published' else ${blogPosts.status} end`;

/** The date a post shows: when it was published, else when it is (or was) scheduled for. */
const shownAt = sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.publishAt})`;
/** Newest first, as the index blog_posts_shown_at_idx walks them (undated drafts last). */
export const newestFirst = [sql`${shownAt} desc nulls last`, desc(blogPosts.id)];
/** The same order for a search, written so that no index can give it: a search sorts its matches. */
const newestFirstOfMatches = [
  sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.publishAt}, 'epoch') desc`,
  desc(blogPosts.id),
];
/** visibleNow, written so no index can answer it: a search must find its posts through the search index. */
const visibleNowOfMatches = sql`(${visibleNow}) is true`;

const SEARCH_WORDS_MAX = 8;

/** The words a search looks for: letters and digits, lowercased, at most eight. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, SEARCH_WORDS_MAX);
}

/**
 * A full-text condition for what a reader typed: every word (letters and digits; %, _ and other signs
 * only separate words) must start a word of the title, excerpt or body, after English stemming. Built
 * from words only, so the text can never be tsquery syntax. No words at all matches nothing.
 */
export function searchCondition(text: string): SQL {
  const words = searchWords(text);
  if (words.length === 0) return sql`false`;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`${blogPosts.searchVector} @@ to_tsquery('english', ${query})`;
}

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverMediaId: blogPosts.coverMediaId,
  tags: blogPosts.tags,
  authorId: blogPosts.authorId,
  authorName: users.name,
  status: effectiveStatus,
  publishedAt: blogPosts.publishedAt,
  publishAt: blogPosts.publishAt,
  readingMinutes: blogPosts.readingMinutes,
  updatedAt: blogPosts.updatedAt,
};
export type PostSummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverMediaId: string | null;
  tags: string[];
  authorId: string;
  authorName: string;
  status: BlogStatus;
  publishedAt: Date | null;
  publishAt: Date | null;
  readingMinutes: number;
  updatedAt: Date;
};

const detailColumns = {
  ...summaryColumns,
  body: blogPosts.body,
  storedStatus: blogPosts.status,
  createdAt: blogPosts.createdAt,
};
export type PostDetailRow = PostSummaryRow & { body: string; storedStatus: BlogStatus; createdAt: Date };

export interface PostFilter {
  tag?: string;
  q?: string;
  /** Only this author's posts, of every status (an author's own list). */
  authorId?: string;
  /** Readers' lists: only posts visible now. Off for an author's or an admin's own list. */
  visibleOnly: boolean;
  limit: number;
  offset: number;
}

function filterConditions(filter: PostFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.visibleOnly) conditions.push(visibleNow);
  if (filter.authorId) conditions.push(eq(blogPosts.authorId, filter.authorId));
  if (filter.tag) conditions.push(sql`${blogPosts.tags} @> ${sql.param([filter.tag])}::text[]`);
  if (filter.q) conditions.push(searchCondition(filter.q));
  return conditions;
}

/** One page of posts, newest first (by the date they show; an author's own list by last edit), and the total. */
export async function listPosts(db: DbOrTx, filter: PostFilter): Promise<{ rows: PostSummaryRow[]; total: number }> {
  const where = and(...filterConditions(filter));
  const page = (order: SQL[]) =>
    db
      .select(summaryColumns)
      .from(blogPosts)
      .innerJoin(users, eq(users.id, blogPosts.authorId))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset);
  const countAll = async () => (await db.select({ total: count() }).from(blogPosts).where(where))[0]?.total ?? 0;

  if (!filter.visibleOnly) {
    const [rows, total] = await Promise.all([page([desc(blogPosts.updatedAt), desc(blogPosts.id)]), countAll()]);
    return { rows, total };
  }
  if (!filter.q) {
    const [rows, total] = await Promise.all([page(newestFirst), countAll()]);
    return { rows, total };
  }
  const matches = await searchPage(db, filter);
  const rows =
    matches.ids.length === 0
      ? []
      : await db
          .select(summaryColumns)
          .from(blogPosts)
          .innerJoin(users, eq(users.id, blogPosts.authorId))
          .where(inArray(blogPosts.id, matches.ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A page past the end counts the matches from the first page's pass.
  const total =
    matches.total ?? (filter.offset > 0 ? (await searchPage(db, { ...filter, offset: 0, limit: 1 })).total : 0);
  return { rows: matches.ids.flatMap((id) => byId.get(id) ?? []), total: total ?? 0 };
}

/**
 * The ids of a readers' search page, newest first, and how many posts match (null on a page past the end).
 * The matches come from the search index alone (blog_posts_search_idx), whose answer needs no second look
 * at the posts: the planner may not scan the table or walk another index instead, which would read every
 * post's stored document (its costs take that as free: 200 ms at 10,000 posts, against 5 ms). The same
 * pass sorts and counts them.
 */
async function searchPage(db: DbOrTx, filter: PostFilter): Promise<{ ids: string[]; total: number | null }> {
  const conditions = filterConditions({ ...filter, visibleOnly: false });
  const found = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    return tx
      .select({ id: blogPosts.id, total: sql<number>`count(*) over ()` })
      .from(blogPosts)
      .where(and(visibleNowOfMatches, ...conditions))
      .orderBy(...newestFirstOfMatches)
      .limit(filter.limit)
      .offset(filter.offset);
  });
  return { ids: found.map((row) => row.id), total: found.length > 0 ? Number(found[0]!.total) : null };
}

/** The tags of the posts readers can see, the most used first. */
export async function countVisibleTags(db: DbOrTx, limit: number): Promise<{ tag: string; count: number }[]> {
  const tagged = db
    .select({ tag: sql<string>`unnest(${blogPosts.tags})`.as('tag') })
    .from(blogPosts)
    .where(visibleNow)
    .as('tagged');
  const uses = sql<number>`count(*)::int`;
  return db
    .select({ tag: tagged.tag, count: uses })
    .from(tagged)
    .groupBy(tagged.tag)
    .orderBy(desc(uses), asc(tagged.tag))
    .limit(limit);
}

export async function findPostById(db: DbOrTx, id: string): Promise<PostDetailRow | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row;
}

/** The id of the post at `slug`: its current slug first, else an old slug it was renamed from. */
export async function findPostIdBySlug(db: DbOrTx, slug: string): Promise<string | undefined> {
  if (!isSlugShaped(slug)) return undefined;
  const [current] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (current) return current.id;
  const [old] = await db
    .select({ id: blogSlugRedirects.postId })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.slug, slug))
    .limit(1);
  return old?.id;
}

/** Related posts are chosen among this many of the newest posts sharing a tag, so a common tag stays cheap. */
const RELATED_CANDIDATES = 200;

/**
 * Up to `limit` posts readers can see that share a tag with `tags`: of the newest such posts, those that
 * share the most tags first, then the newest.
 */
export async function findRelatedPosts(
  db: DbOrTx,
  postId: string,
  tags: string[],
  limit: number,
): Promise<PostSummaryRow[]> {
  if (tags.length === 0) return [];
  const wanted = sql`${sql.param(tags)}::text[]`;
  const candidates = await db
    .select({
      id: blogPosts.id,
      shared: sql<number>`(select count(*) from unnest(${blogPosts.tags}) as tag where tag = any(${wanted}))::int`,
    })
    .from(blogPosts)
    .where(and(visibleNow, ne(blogPosts.id, postId), sql`${blogPosts.tags} && ${wanted}`))
    .orderBy(...newestFirst)
    .limit(RELATED_CANDIDATES);
  // A stable sort keeps the newest first among posts that share as many tags.
  const chosen = candidates
    .sort((a, b) => b.shared - a.shared)
    .slice(0, limit)
    .map((candidate) => candidate.id);
  if (chosen.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(inArray(blogPosts.id, chosen));
  return chosen.flatMap((id) => rows.filter((row) => row.id === id));
}

// Writing. Every write that gives out or frees a slug holds one transaction-scoped advisory lock, so two
// writers never both take a slug that the other's redirect (a different table) is about to hold.

export async function lockSlugs(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('learnbuild:blog-slugs'))`);
}

/** The stored row, locked for the rest of the transaction. */
export async function lockPost(tx: DbOrTx, id: string): Promise<PostRow | undefined> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1);
  return row;
}

/**
 * Slugs `base` and `base-<n>` already held by another post than `exceptPostId`: as a current slug, or
 * as an old slug that still redirects to it.
 */
export async function findTakenSlugs(db: DbOrTx, base: string, exceptPostId: string | null): Promise<Set<string>> {
  const pattern = `${base}-%`;
  const notThis = (column: typeof blogPosts.id | typeof blogSlugRedirects.postId) =>
    exceptPostId ? ne(column, exceptPostId) : undefined;
  const [current, old] = await Promise.all([
    db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(or(eq(blogPosts.slug, base), like(blogPosts.slug, pattern)), notThis(blogPosts.id))),
    db
      .select({ slug: blogSlugRedirects.slug })
      .from(blogSlugRedirects)
      .where(
        and(
          or(eq(blogSlugRedirects.slug, base), like(blogSlugRedirects.slug, pattern)),
          notThis(blogSlugRedirects.postId),
        ),
      ),
  ]);
  return new Set([...current, ...old].map((row) => row.slug));
}

export async function insertPost(tx: DbOrTx, values: NewPost): Promise<string> {
  const [row] = await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  return row!.id;
}

export async function updatePost(tx: DbOrTx, id: string, values: Partial<NewPost>): Promise<void> {
  await tx
    .update(blogPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id));
}

export async function deletePost(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(blogPosts).where(eq(blogPosts.id, id));
}

/** `slug` now redirects to `postId` (an old address of a renamed post). */
export async function addRedirect(tx: DbOrTx, slug: string, postId: string): Promise<void> {
  await tx
    .insert(blogSlugRedirects)
    .values({ slug, postId })
    .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId } });
}

/** A post taking back one of its own old slugs: that address is no longer a redirect. */
export async function removeRedirects(tx: DbOrTx, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  await tx.delete(blogSlugRedirects).where(inArray(blogSlugRedirects.slug, slugs));
}
