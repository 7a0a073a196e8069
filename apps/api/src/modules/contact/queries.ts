import type { ContactBody } from '@learnbuild/domain/schemas/contact';
import { desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(db: DbOrTx, body: ContactBody, userId: string | null) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...body, userId })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function listContactMessages(db: DbOrTx, limit: number) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
}

/** Account deletion: messages sent while signed in, and those signed with the account's address. */
export async function deleteContactMessagesOf(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db.delete(contactMessages).where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)));
}
