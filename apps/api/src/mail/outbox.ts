import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues a mail; call it with the transaction that writes the token the mail carries. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
}

const LOCK_MS = 60_000;

/**
 * Claims due mails for this worker. The lock column makes a claimed row invisible to other
 * instances until it expires; FOR UPDATE SKIP LOCKED keeps two claims from racing.
 */
export async function claimDueMails(db: DbOrTx, limit: number, now = new Date()) {
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export const MAX_MAIL_ATTEMPTS = 8;

/** Exponential backoff from 5 s, capped at 10 minutes; gives up after MAX_MAIL_ATTEMPTS. */
export async function markMailFailed(db: DbOrTx, id: string, attempts: number, error: string): Promise<void> {
  const delayMs = Math.min(5_000 * 2 ** (attempts - 1), 10 * 60_000);
  await db
    .update(mailOutbox)
    .set({
      status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending',
      nextAttemptAt: new Date(Date.now() + delayMs),
      lockedUntil: null,
      lastError: error.slice(0, 500),
    })
    .where(eq(mailOutbox.id, id));
}
