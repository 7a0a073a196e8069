import { isAdmin, type Role } from '@learnbuild/domain/roles';
import type { Media } from '@learnbuild/domain/schemas/courses';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/uuid';
import * as q from './queries';
import { mediaDirectory, receiveUpload, removeStoredFile } from './upload';

export interface MediaContext {
  db: Db;
  dataDir: string;
}

/** Ids are uuids; anything else names no file (404), it is not a malformed request. */

export const MEDIA_NOT_FOUND = 'File not found';

export const mediaUrl = (id: string) => `/api/media/${id}/content`;

type MediaUse = 'course' | 'blog' | null;

const IN_USE_MESSAGE: Record<NonNullable<MediaUse>, string> = {
  course: 'This file is used by a course',
  blog: 'This file is the cover of a blog post',
};

export function toMedia(row: Omit<q.MediaRow, 'storageName' | 'ownerId'> & { usedBy: MediaUse }): Media {
  return {
    id: row.id,
    url: mediaUrl(row.id),
    mime: row.mime,
    size: row.size,
    kind: row.kind,
    originalName: row.originalName,
    createdAt: row.createdAt.toISOString(),
    inUse: row.usedBy !== null,
  };
}

/** Streams the upload to disk, then records it; a row that cannot be written takes its file with it. */
export async function uploadMedia(ctx: MediaContext, ownerId: string, request: FastifyRequest): Promise<Media> {
  const directory = mediaDirectory(ctx.dataDir);
  const upload = await receiveUpload(request, directory);
  try {
    const row = await q.insertMedia(ctx.db, {
      ownerId,
      kind: upload.type.kind,
      mime: upload.type.mime,
      size: upload.size,
      originalName: upload.originalName,
      storageName: upload.storageName,
    });
    return toMedia({ ...row, usedBy: null });
  } catch (error) {
    await removeStoredFile(directory, upload.storageName);
    throw error;
  }
}

export async function listMedia(ctx: MediaContext, ownerId: string): Promise<Media[]> {
  return (await q.listOwnMedia(ctx.db, ownerId)).map(toMedia);
}

/** Owner or Admin; a file a course or blog post still uses is kept (409). The file goes once the row is gone. */
export async function deleteMedia(ctx: MediaContext, user: { id: string; role: Role }, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MEDIA_NOT_FOUND);
  const storageName = await ctx.db.transaction(async (tx) => {
    const row = await q.lockMedia(tx, id);
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    if (row.ownerId !== user.id && !isAdmin(user.role)) throw forbidden('You can only delete your own files');
    const usedBy = await q.mediaUsedBy(tx, id);
    if (usedBy) throw conflict(IN_USE_MESSAGE[usedBy]);
    await q.deleteMediaRow(tx, id);
    return row.storageName;
  });
  await removeStoredFile(mediaDirectory(ctx.dataDir), storageName);
}
