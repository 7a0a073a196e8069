import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

/**
 * Who uses the file: a course (its thumbnail, or a lesson's video), a blog post (its cover), or nobody.
 * Spelled with table names: drizzle leaves columns unqualified here, and a bare "id" inside a subquery
 * would be that table's own. Each probe is an index lookup (the partial *_media_idx indexes).
 */
const usedBy = sql<'course' | 'blog' | null>`case
  when exists (select 1 from courses c where c.thumbnail_media_id = "media"."id")
    or exists (select 1 from course_lessons l where l.video_media_id = "media"."id") then 'course'
  when exists (select 1 from blog_posts b where b.cover_media_id = "media"."id") then 'blog'
end`;

const listed = {
  id: media.id,
  ownerId: media.ownerId,
  kind: media.kind,
  mime: media.mime,
  size: media.size,
  originalName: media.originalName,
  storageName: media.storageName,
  createdAt: media.createdAt,
};

export async function insertMedia(
  db: DbOrTx,
  values: Pick<MediaRow, 'ownerId' | 'kind' | 'mime' | 'size' | 'originalName' | 'storageName'>,
) {
  const [row] = await db.insert(media).values(values).returning(listed);
  return row!;
}

/** What serving the file needs; the id must already be a well-formed uuid. */
export async function findMediaFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: media.id,
      mime: media.mime,
      kind: media.kind,
      storageName: media.storageName,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row;
}

/** Who owns the file and what kind it is: what a course or post checks before pointing at it. */
export async function findMedia(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: media.id, ownerId: media.ownerId, kind: media.kind })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row;
}

/** The owner's files, newest first, each with whether a course uses it. */
export async function listOwnMedia(db: DbOrTx, ownerId: string) {
  return db
    .select({ ...listed, usedBy })
    .from(media)
    .where(eq(media.ownerId, ownerId))
    .orderBy(desc(media.createdAt), desc(media.id));
}

/**
 * The row, locked until the transaction ends: a course or lesson that starts pointing at it meanwhile
 * waits on its foreign-key check. Ask `mediaUsedBy` after this, in a statement of its own, so it sees
 * whatever committed while the lock was awaited.
 */
export async function lockMedia(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: media.id, ownerId: media.ownerId, storageName: media.storageName })
    .from(media)
    .where(eq(media.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function mediaUsedBy(tx: DbOrTx, id: string): Promise<'course' | 'blog' | null> {
  const [row] = await tx.select({ usedBy }).from(media).where(eq(media.id, id)).limit(1);
  return row?.usedBy ?? null;
}

export async function deleteMediaRow(tx: DbOrTx, id: string) {
  await tx.delete(media).where(eq(media.id, id));
}
