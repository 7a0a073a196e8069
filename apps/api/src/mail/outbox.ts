import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails (RFC 8058). */
  headers?: Record<string, string>;
}

/** Queues a mail; call it with the transaction that writes the token the mail carries. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db
    .insert(mailOutbox)
    // Due from this process's clock, the clock workers compare with: the database's now() carries
    // microseconds, so a worker running in the same millisecond could see the mail as not yet due.
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? null,
      nextAttemptAt: new Date(),
    });
}

/** Queues many mails in one statement (a digest run's batch); same as enqueueMail for each. */
export async function enqueueMails(db: DbOrTx, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const due = new Date();
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? null,
      nextAttemptAt: due,
    })),
  );
}

/** How long a claimed mail stays invisible to other workers; every send gets a fresh one. */
export const MAIL_LEASE_MS = 60_000;
/** Retries back off from 5 s, doubling, to at most this interval. */
export const MAIL_RETRY_CAP_MS = 10 * 60_000;
/** A mail that still fails once it is this old is given up (status 'failed', logged as an error). */
export const MAIL_GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

export type ClaimedMail = typeof mailOutbox.$inferSelect;

/**
 * Claims due mails for this worker. The lock column makes a claimed row invisible to other
 * instances until it expires; FOR UPDATE SKIP LOCKED keeps two claims from racing. Each claim
 * adds one to `attempts`, which therefore names the claim: later writes only apply while the
 * row still carries the claim's number.
 */
export async function claimDueMails(db: DbOrTx, limit: number, now = new Date()): Promise<ClaimedMail[]> {
  const lockedUntil = new Date(now.getTime() + MAIL_LEASE_MS);
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

/** The row as this worker claimed it: only then may the worker write to it. */
function stillClaimed(mail: Pick<ClaimedMail, 'id' | 'attempts'>) {
  return and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), eq(mailOutbox.status, 'pending'));
}

/** Writes `values` to the mail only while this worker still holds it; false when another worker does. */
async function updateIfClaimed(
  db: DbOrTx,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  values: Partial<typeof mailOutbox.$inferInsert>,
): Promise<boolean> {
  const rows = await db.update(mailOutbox).set(values).where(stillClaimed(mail)).returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Starts a fresh lease just before a send; false when another worker has claimed the mail since. */
export async function renewMailLease(
  db: DbOrTx,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  now = new Date(),
): Promise<boolean> {
  return updateIfClaimed(db, mail, { lockedUntil: new Date(now.getTime() + MAIL_LEASE_MS) });
}

/** Records a delivery; false (and no change) when this worker no longer holds the mail. */
export async function markMailSent(
  db: DbOrTx,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  now = new Date(),
): Promise<boolean> {
  return updateIfClaimed(db, mail, { status: 'sent', sentAt: now, lockedUntil: null, lastError: null });
}

/** Delay before the next try after `attempts` failed ones: 5 s doubling, capped at 10 minutes. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_CAP_MS);
}

/**
 * Records a failed send: retried later, or given up once the mail is older than
 * MAIL_GIVE_UP_AFTER_MS. 'lost' means another worker holds the mail now and nothing was written.
 */
export async function markMailFailed(
  db: DbOrTx,
  mail: Pick<ClaimedMail, 'id' | 'attempts' | 'createdAt'>,
  error: string,
  now = new Date(),
): Promise<'retry' | 'gave-up' | 'lost'> {
  const giveUp = now.getTime() - mail.createdAt.getTime() >= MAIL_GIVE_UP_AFTER_MS;
  const written = await updateIfClaimed(db, mail, {
    status: giveUp ? 'failed' : 'pending',
    nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(mail.attempts)),
    lockedUntil: null,
    lastError: error.slice(0, 500),
  });
  if (!written) return 'lost';
  return giveUp ? 'gave-up' : 'retry';
}

/** Account deletion: the mails of an address go with it, sent or not. */
export async function deleteMailsTo(db: DbOrTx, address: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.toAddress, address));
}
