import type { SnippetLanguage } from '@learnbuild/domain/schemas/code-editor';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codeSnippets, users } from '../../db/schema';

const summaryColumns = {
  id: codeSnippets.id,
  title: codeSnippets.title,
  language: codeSnippets.language,
  shared: codeSnippets.shared,
  createdAt: codeSnippets.createdAt,
  updatedAt: codeSnippets.updatedAt,
};

const snippetColumns = {
  ...summaryColumns,
  source: codeSnippets.source,
  stdin: codeSnippets.stdin,
  ownerId: codeSnippets.ownerId,
  ownerName: users.name,
};

export type SnippetSummaryRow = { [K in keyof typeof summaryColumns]: (typeof codeSnippets.$inferSelect)[K] };
export type SnippetRow = SnippetSummaryRow & { source: string; stdin: string; ownerId: string; ownerName: string };

export interface SnippetFields {
  title: string;
  language: SnippetLanguage;
  source: string;
  stdin: string;
}

/** The owner's snippets, last changed first. */
export async function listOwnSnippets(db: DbOrTx, ownerId: string): Promise<SnippetSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(codeSnippets)
    .where(eq(codeSnippets.ownerId, ownerId))
    .orderBy(desc(codeSnippets.updatedAt), desc(codeSnippets.createdAt), desc(codeSnippets.id));
}

/** One snippet with its owner's name, whoever owns it; the caller decides who may see it. */
export async function findSnippet(db: DbOrTx, id: string): Promise<SnippetRow | undefined> {
  const [row] = await db
    .select(snippetColumns)
    .from(codeSnippets)
    .innerJoin(users, eq(users.id, codeSnippets.ownerId))
    .where(eq(codeSnippets.id, id))
    .limit(1);
  return row;
}

/** Locks the owner's user row until the transaction ends, so two saves cannot both pass the cap. */
export async function lockOwner(tx: DbOrTx, ownerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update').limit(1);
  return row !== undefined;
}

export async function countOwnSnippets(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(codeSnippets).where(eq(codeSnippets.ownerId, ownerId));
  return row?.total ?? 0;
}

export async function insertSnippet(db: DbOrTx, ownerId: string, fields: SnippetFields): Promise<string> {
  const [row] = await db
    .insert(codeSnippets)
    .values({ ownerId, ...fields })
    .returning({ id: codeSnippets.id });
  return row!.id;
}

/** Changes the owner's snippet only; false when the owner has no snippet with this id. */
export async function updateOwnSnippet(
  db: DbOrTx,
  ownerId: string,
  id: string,
  changes: Partial<SnippetFields> & { shared?: boolean },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(codeSnippets)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(codeSnippets.id, id), eq(codeSnippets.ownerId, ownerId)))
    .returning({ id: codeSnippets.id });
  return rows.length > 0;
}

export async function deleteOwnSnippet(db: DbOrTx, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(codeSnippets)
    .where(and(eq(codeSnippets.id, id), eq(codeSnippets.ownerId, ownerId)))
    .returning({ id: codeSnippets.id });
  return rows.length > 0;
}
