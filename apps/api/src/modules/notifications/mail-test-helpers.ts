import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, notifications, userPreferences, users } from '../../db/schema';

// Learners and notifications written straight into the database, for the mail, digest and reminder tests: the
// jobs read only rows, and signing each learner in would cost a password hash.

export interface LearnerSettings {
  timeZone?: string | null;
  digestHour?: number;
  quietHours?: { from: string; to: string } | null;
  channels?: Record<string, string>;
}

export async function insertLearner(db: Db, name: string, settings: LearnerSettings = {}) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ name, email, passwordHash: null, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (Object.keys(settings).length > 0) {
    await db.insert(userPreferences).values({
      userId: user!.id,
      timeZone: settings.timeZone ?? null,
      digestHour: settings.digestHour ?? 8,
      quietHours: settings.quietHours ?? null,
      notificationChannels: settings.channels ?? {},
    });
  }
  return { id: user!.id, email, name };
}

export async function insertNotification(
  db: Db,
  userId: string,
  values: {
    kind?: string;
    channel: 'app' | 'mail' | 'daily' | 'weekly';
    title: string;
    url?: string;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      kind: values.kind ?? 'thread_reply',
      channel: values.channel,
      title: values.title,
      url: values.url ?? '/community/threads/1',
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** The mails queued for an address, oldest first. */
export function queuedFor(db: Db, email: string) {
  return db
    .select({
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      headers: mailOutbox.headers,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(mailOutbox.createdAt);
}

/** The unsubscribe token of a mail's List-Unsubscribe header. */
export function tokenOfHeader(headers: Record<string, string> | null | undefined): string {
  const match = /<[^>]*\?token=([^>]+)>/.exec(headers?.['List-Unsubscribe'] ?? '');
  if (!match) throw new Error('the mail carries no List-Unsubscribe header');
  return decodeURIComponent(match[1]!);
}
