import { can, isAdmin, type Role } from '@learnbuild/domain/roles';
import {
  BLOG_PAGE_SIZE,
  type BlogListReply,
  type BlogPost,
  type BlogPostSummary,
  type BlogStatus,
  blogListReplySchema,
  blogPostReplySchema,
  type blogQuerySchema,
  blogTagsReplySchema,
  type createBlogPostBodySchema,
  readingMinutes,
  slugify,
  type updateBlogPostBodySchema,
} from '@learnbuild/domain/schemas/blog';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { conflict, forbidden, invalidFields, notFound, unauthorized } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import { findMedia } from '../media/queries';
import { mediaUrl } from '../media/service';
import { blogReplies } from './public-cache';
import * as queries from './queries';

type BlogQuery = z.output<typeof blogQuerySchema>;
type CreateBody = z.output<typeof createBlogPostBodySchema>;
type UpdateBody = z.output<typeof updateBlogPostBodySchema>;

/** Who is asking: a signed-in user (any role), or null for an anonymous reader. */
export interface BlogViewer {
  id: string;
  role: Role;
}

const RELATED_LIMIT = 3;
const TAGS_LIMIT = 100;
/**
 * Addresses a post may not take: `/api/blog/tags` is a route of its own, and the others are kept for
 * pages of the blog's own (an editor, a feed) so a post can never hide one.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'tags',
  'new',
  'edit',
  'editor',
  'write',
  'drafts',
  'mine',
  'rss',
  'feed',
]);

const postNotFound = () => notFound('Post not found');
const slugTaken = () => conflict('That address is taken by another post: choose another slug');

// Reading

function toSummary(row: queries.PostSummaryRow): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverMediaId ? mediaUrl(row.coverMediaId) : null,
    tags: row.tags,
    author: { id: row.authorId, name: row.authorName },
    publishedAt: (row.publishedAt ?? row.publishAt)?.toISOString() ?? null,
    readingMinutes: row.readingMinutes,
    status: row.status,
  };
}

/** The author (while allowed to write) or any Admin. */
export function canEditPost(post: { authorId: string }, viewer: BlogViewer | null): boolean {
  if (!viewer) return false;
  return isAdmin(viewer.role) || (can(viewer.role, 'writeBlog') && viewer.id === post.authorId);
}

/** Drafts and posts scheduled for later are their author's and the Admins' only. */
function canSeePost(post: { authorId: string; status: BlogStatus }, viewer: BlogViewer | null): boolean {
  if (post.status === 'published') return true;
  return viewer !== null && (viewer.id === post.authorId || isAdmin(viewer.role));
}

export async function listPosts(db: Db, viewer: BlogViewer | null, query: BlogQuery): Promise<BlogListReply> {
  const { limit, offset } = pageWindow(query.page, BLOG_PAGE_SIZE);
  const filter: queries.PostFilter = { tag: query.tag, q: query.q, visibleOnly: true, limit, offset };
  if (query.mine) {
    if (!viewer) throw unauthorized();
    if (!can(viewer.role, 'writeBlog')) throw forbidden('Only instructors and admins write posts');
    // An Admin's own list is every post: they may edit any of them.
    Object.assign(filter, { visibleOnly: false, authorId: isAdmin(viewer.role) ? undefined : viewer.id });
  }
  const { rows, total } = await queries.listPosts(db, filter);
  return { success: true, posts: rows.map(toSummary), total };
}

/** The readers' list (no `mine`) as ready JSON: the same for every caller, so it is cached. */
export function publicListJson(db: Db, query: BlogQuery): Promise<string> {
  // Searches that look for the same words share a reply ("Dijkstra, heap" and "dijkstra heap").
  const words = query.q === undefined ? null : queries.searchWords(query.q).join(' ');
  const key = `list:${JSON.stringify([query.tag ?? '', words, query.page])}`;
  return blogReplies.get(db, key, async () =>
    JSON.stringify(blogListReplySchema.parse(await listPosts(db, null, { ...query, mine: undefined }))),
  );
}

export function tagsJson(db: Db): Promise<string> {
  return blogReplies.get(db, 'tags', async () =>
    JSON.stringify(blogTagsReplySchema.parse({ success: true, tags: await queries.countVisibleTags(db, TAGS_LIMIT) })),
  );
}

/** A post by its slug or an old slug of it; 404 for one the viewer may not see. */
export async function getPost(db: DbOrTx, slug: string, viewer: BlogViewer | null): Promise<BlogPost> {
  const id = await queries.findPostIdBySlug(db, slug);
  return getPostById(db, id, viewer);
}

async function getPostById(db: DbOrTx, id: string | undefined, viewer: BlogViewer | null): Promise<BlogPost> {
  const row = id ? await queries.findPostById(db, id) : undefined;
  if (!row || !canSeePost(row, viewer)) throw postNotFound();
  const related = await queries.findRelatedPosts(db, row.id, row.tags, RELATED_LIMIT);
  return {
    ...toSummary(row),
    id: row.id,
    body: row.body,
    coverMediaId: row.coverMediaId,
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    related: related.map(toSummary),
    canEdit: canEditPost(row, viewer),
  };
}

/** A post as an anonymous reader sees it, as ready JSON (cached like the list). */
export function anonymousPostJson(db: Db, slug: string): Promise<string> {
  return blogReplies.get(db, `post:${slug}`, async () =>
    JSON.stringify(blogPostReplySchema.parse({ success: true, post: await getPost(db, slug, null) })),
  );
}

// Writing

async function checkCover(db: DbOrTx, viewer: BlogViewer, mediaId: string): Promise<void> {
  const found = await findMedia(db, mediaId);
  if (found?.kind !== 'image' || (found.ownerId !== viewer.id && !isAdmin(viewer.role))) {
    const message = 'Choose one of your uploaded images as the cover';
    throw invalidFields(message, [{ path: 'coverMediaId', message }]);
  }
}

/** `base`, or the first of `base-2`, `base-3`... that no other post holds (now or as an old address). */
async function freeSlug(tx: DbOrTx, base: string, postId: string | null): Promise<string> {
  const taken = await queries.findTakenSlugs(tx, base, postId);
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * A slug the author chose: refused (409) when another post holds it, even as an old address that still
 * redirects there, because taking it would break that post's shared links. A post may take back its own.
 */
async function claimSlug(tx: DbOrTx, slug: string, postId: string | null): Promise<string> {
  if (RESERVED_SLUGS.has(slug)) {
    const message = 'This address is reserved: choose another slug';
    throw invalidFields(message, [{ path: 'slug', message }]);
  }
  const taken = await queries.findTakenSlugs(tx, slug, postId);
  if (taken.has(slug)) throw slugTaken();
  return slug;
}

/** The current slug already is `base` or a numbered `base-<n>`: a title edit that slugifies the same keeps it. */
const slugFitsBase = (slug: string, base: string) =>
  slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));

interface Timing {
  status: BlogStatus;
  publishAt: Date | null;
  publishedAt: Date | null;
}

/**
 * The status and dates a write leaves: scheduling needs a future publishAt (and clears publishedAt, so the
 * post shows its scheduled date); publishing sets publishedAt the first time only.
 */
function timingOf(status: BlogStatus, publishAt: Date | null, publishedBefore: Date | null, now: Date): Timing {
  if (status === 'scheduled') {
    if (!publishAt || publishAt <= now) {
      const message = 'A scheduled post needs a publish time in the future';
      throw invalidFields(message, [{ path: 'publishAt', message }]);
    }
    return { status, publishAt, publishedAt: null };
  }
  if (status === 'published') return { status, publishAt, publishedAt: publishedBefore ?? now };
  return { status, publishAt, publishedAt: publishedBefore };
}

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

async function inSlugTransaction<T>(db: Db, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await queries.lockSlugs(tx);
      return write(tx);
    });
  } catch (error) {
    // Only a writer that skipped the lock (a hand-made row) can race us to a slug.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function createPost(db: Db, viewer: BlogViewer, body: CreateBody, now = new Date()): Promise<BlogPost> {
  if (body.coverMediaId) await checkCover(db, viewer, body.coverMediaId);
  const timing = timingOf(body.status, toDate(body.publishAt), null, now);
  const id = await inSlugTransaction(db, async (tx) =>
    queries.insertPost(tx, {
      slug: body.slug ? await claimSlug(tx, body.slug, null) : await freeSlug(tx, slugify(body.title), null),
      title: body.title,
      excerpt: body.excerpt,
      body: body.body,
      tags: [...new Set(body.tags)],
      coverMediaId: body.coverMediaId ?? null,
      authorId: viewer.id,
      readingMinutes: readingMinutes(body.body),
      ...timing,
    }),
  );
  blogReplies.forget(db);
  return getPostById(db, id, viewer);
}

/** The post `viewer` may change: 404 when unknown or unseen, 403 when it is a visible post of someone else. */
function checkEditable(row: queries.PostRow, viewer: BlogViewer, now: Date): void {
  if (canEditPost(row, viewer)) return;
  const visible = row.status === 'published' || (row.status === 'scheduled' && row.publishAt! <= now);
  if (!visible && viewer.id !== row.authorId) throw postNotFound();
  throw forbidden('Only the author or an admin can change this post');
}

export async function updatePost(
  db: Db,
  viewer: BlogViewer,
  slug: string,
  body: UpdateBody,
  now = new Date(),
): Promise<BlogPost> {
  const id = await queries.findPostIdBySlug(db, slug);
  if (!id) throw postNotFound();
  await inSlugTransaction(db, async (tx) => {
    const row = await queries.lockPost(tx, id);
    if (!row) throw postNotFound();
    checkEditable(row, viewer, now);
    if (body.coverMediaId && body.coverMediaId !== row.coverMediaId) await checkCover(tx, viewer, body.coverMediaId);

    // A scheduled post whose time has come is published: from here on it is edited as one.
    const cameOut = row.status === 'scheduled' && row.publishAt !== null && row.publishAt <= now;
    const current = cameOut ? { status: 'published' as const, publishedAt: row.publishAt } : row;
    const timing = timingOf(
      body.status ?? current.status,
      body.publishAt !== undefined ? toDate(body.publishAt) : row.publishAt,
      current.publishedAt,
      now,
    );

    let nextSlug = row.slug;
    if (body.slug !== undefined && body.slug !== row.slug) {
      nextSlug = await claimSlug(tx, body.slug, row.id);
    } else if (body.slug === undefined && body.title !== undefined && body.title !== row.title) {
      const base = slugify(body.title);
      if (!slugFitsBase(row.slug, base)) nextSlug = await freeSlug(tx, base, row.id);
    }
    if (nextSlug !== row.slug) {
      // The old address keeps working; the new one may have been an old address of this same post.
      await queries.removeRedirects(tx, [nextSlug]);
      await queries.addRedirect(tx, row.slug, row.id);
    }

    await queries.updatePost(tx, row.id, {
      slug: nextSlug,
      title: body.title,
      excerpt: body.excerpt,
      body: body.body,
      readingMinutes: body.body !== undefined ? readingMinutes(body.body) : undefined,
      tags: body.tags ? [...new Set(body.tags)] : undefined,
      coverMediaId: body.coverMediaId,
      ...timing,
    });
  });
  blogReplies.forget(db);
  return getPostById(db, id, viewer);
}

export async function deletePost(db: Db, viewer: BlogViewer, slug: string, now = new Date()): Promise<void> {
  const id = await queries.findPostIdBySlug(db, slug);
  if (!id) throw postNotFound();
  await inSlugTransaction(db, async (tx) => {
    const row = await queries.lockPost(tx, id);
    if (!row) throw postNotFound();
    checkEditable(row, viewer, now);
    // Its old addresses go with it (cascade), and become free for other posts.
    await queries.deletePost(tx, row.id);
  });
  blogReplies.forget(db);
}
