import {
  type CreateSnippetInput,
  SNIPPET_LIMIT_MESSAGE,
  SNIPPET_NOT_FOUND_MESSAGE,
  SNIPPET_NOT_OWNER_MESSAGE,
  SNIPPETS_PER_USER_MAX,
  type Snippet,
  type SnippetSummary,
  type UpdateSnippetInput,
} from '@learnbuild/domain/schemas/code-editor';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-errors';
import { isUuid } from '../../lib/uuid';
import * as q from './queries';

const missing = () => notFound(SNIPPET_NOT_FOUND_MESSAGE);

function toSummary(row: q.SnippetSummaryRow): SnippetSummary {
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    shared: row.shared,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSnippet(row: q.SnippetRow, viewerId: string | null): Snippet {
  return {
    ...toSummary(row),
    source: row.source,
    stdin: row.stdin,
    owner: { id: row.ownerId, name: row.ownerName },
    isOwner: row.ownerId === viewerId,
  };
}

/**
 * The snippet as `viewerId` may see it: the owner always, anyone (anonymous too) when it is shared.
 * Otherwise it does not exist for them: a private snippet's id is never confirmed.
 */
async function findVisible(db: Db, viewerId: string | null, id: string): Promise<q.SnippetRow> {
  // Ids are uuids; anything else names no snippet (404), it is not a malformed request.
  if (!isUuid(id)) throw missing();
  const row = await q.findSnippet(db, id);
  if (!row || (row.ownerId !== viewerId && !row.shared)) throw missing();
  return row;
}

/** Changes are the owner's: another user gets 403 on a shared snippet and 404 on a private one. */
async function findOwned(db: Db, userId: string, id: string): Promise<q.SnippetRow> {
  const row = await findVisible(db, userId, id);
  if (row.ownerId !== userId) throw forbidden(SNIPPET_NOT_OWNER_MESSAGE);
  return row;
}

export async function listSnippets(db: Db, ownerId: string): Promise<SnippetSummary[]> {
  return (await q.listOwnSnippets(db, ownerId)).map(toSummary);
}

export async function getSnippet(db: Db, viewerId: string | null, id: string): Promise<Snippet> {
  return toSnippet(await findVisible(db, viewerId, id), viewerId);
}

/** Saves a new private snippet; the per-user cap is checked under a lock on the owner (409 at the cap). */
export async function createSnippet(db: Db, ownerId: string, input: CreateSnippetInput): Promise<Snippet> {
  const id = await db.transaction(async (tx) => {
    if (!(await q.lockOwner(tx, ownerId))) throw unauthorized();
    if ((await q.countOwnSnippets(tx, ownerId)) >= SNIPPETS_PER_USER_MAX) throw conflict(SNIPPET_LIMIT_MESSAGE);
    return q.insertSnippet(tx, ownerId, input);
  });
  return getSnippet(db, ownerId, id);
}

export async function updateSnippet(db: Db, userId: string, id: string, changes: UpdateSnippetInput): Promise<Snippet> {
  await findOwned(db, userId, id);
  if (!(await q.updateOwnSnippet(db, userId, id, changes, new Date()))) throw missing();
  return getSnippet(db, userId, id);
}

export async function deleteSnippet(db: Db, userId: string, id: string): Promise<void> {
  await findOwned(db, userId, id);
  if (!(await q.deleteOwnSnippet(db, userId, id))) throw missing();
}
