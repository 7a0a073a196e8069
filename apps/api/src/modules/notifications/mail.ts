import { countOf } from '@learnbuild/domain/count-of';
import { DIGEST_LISTED_MAX, NOTIFICATION_KIND_INFO, notificationKindSchema } from '@learnbuild/domain/notifications';
import type { UnsubscribeScope } from '@learnbuild/domain/schemas/unsubscribe';
import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from '../../jobs/registry';
import { enqueueMails, type OutgoingMail } from '../../mail/outbox';
import { escapeHtml, layout } from '../auth/mails';
import { inQuietHours, localClock } from './local-time';
import { NOTIFICATION_MAIL_JOB } from './mail-kick';
import * as q from './mail-queries';
import { scopeText, unsubscribeLink } from './unsubscribe';

// Notification mail: the mails of the kinds a person set to 'mail', sent soon after they are made (held through
// the person's quiet hours), and the text every notification and digest mail shares, unsubscribe link included.

/** How many notifications one run reads and mails in one transaction. */
export const MAIL_BATCH_SIZE = 500;
export { DIGEST_LISTED_MAX };

interface MailConfig {
  publicUrl: string;
  jwtSecret: string;
}

export interface MailedNotification {
  title: string;
  url: string;
}

/** The person a mail goes to. */
export interface Addressee {
  userId: string;
  email: string;
  name: string;
}

/** One line of plain text: a title in a subject line never breaks the header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const kindLabel = (kind: string) => {
  const parsed = notificationKindSchema.safeParse(kind);
  return parsed.success ? NOTIFICATION_KIND_INFO[parsed.data].label : 'Notifications';
};

/** The mail's body around its list: the items, a link to the tray, why it came and how to stop it. */
function composeMail(
  config: MailConfig,
  to: Addressee,
  scope: UnsubscribeScope,
  now: Date,
  content: { subject: string; heading: string; intro: string; items: MailedNotification[]; more: number },
): OutgoingMail {
  const base = config.publicUrl;
  const unsubscribe = unsubscribeLink(config, to.userId, scope, now);
  const settingsUrl = `${base}/settings/notifications`;
  const stops = scopeText(scope);
  const link = (item: MailedNotification) => `${base}${item.url}`;
  const moreText = content.more > 0 ? `And ${content.more} more in your notifications.` : '';
  const text =
    `Hi ${oneLine(to.name)},\n\n${content.intro}\n\n` +
    content.items.map((item) => `- ${oneLine(item.title)}\n  ${link(item)}\n`).join('') +
    (moreText ? `\n${moreText}\n` : '') +
    `\nAll your notifications: ${base}/notifications\n\n` +
    `Unsubscribe from ${stops}: ${unsubscribe.url}\n` +
    `Choose which mails you get: ${settingsUrl}\n`;
  const list =
    '<ul style="margin:0;padding-left:20px">' +
    content.items
      .map(
        (item) =>
          `<li style="margin:0 0 8px"><a href="${escapeHtml(link(item))}">${escapeHtml(oneLine(item.title))}</a></li>`,
      )
      .join('') +
    '</ul>';
  const html = layout(
    content.heading,
    [
      `Hi ${escapeHtml(oneLine(to.name))},`,
      escapeHtml(content.intro),
      list,
      ...(moreText ? [escapeHtml(moreText)] : []),
      `<span style="color:#64748b;font-size:13px"><a href="${escapeHtml(unsubscribe.url)}">Unsubscribe from ${escapeHtml(stops)}</a> · <a href="${escapeHtml(settingsUrl)}">Choose which mails you get</a></span>`,
    ],
    { label: 'Open your notifications', url: `${base}/notifications` },
  );
  return { to: to.email, subject: oneLine(content.subject), text, html, headers: unsubscribe.headers };
}

/** The mail of one kind's notifications made since the last (one, or several held by quiet hours). */
export function notificationMail(
  config: MailConfig,
  to: Addressee,
  kind: string,
  items: MailedNotification[],
  now: Date,
): OutgoingMail {
  const label = kindLabel(kind);
  const scope = notificationKindSchema.safeParse(kind).data ?? 'all';
  const single = items.length === 1;
  return composeMail(config, to, scope, now, {
    subject: single ? items[0]!.title : `${items.length} new notifications: ${label}`,
    heading: single ? label : `${items.length} new notifications`,
    intro: single
      ? 'You have a new notification on LearnBuild:'
      : `You have ${items.length} new notifications on LearnBuild:`,
    items,
    more: 0,
  });
}

/** The daily or weekly digest: the notifications of its period, the newest last, at most DIGEST_LISTED_MAX listed. */
export function digestMail(
  config: MailConfig,
  to: Addressee,
  period: 'daily' | 'weekly',
  items: MailedNotification[],
  now: Date,
): OutgoingMail {
  const count = items.length;
  const what = countOf(count, 'notification');
  const name = period === 'daily' ? 'daily' : 'weekly';
  return composeMail(config, to, period, now, {
    subject: `Your LearnBuild ${name} digest: ${what}`,
    heading: `Your ${name} digest`,
    intro: `Here is what happened since your last ${name} digest (${what}):`,
    items: items.slice(0, DIGEST_LISTED_MAX),
    more: Math.max(0, count - DIGEST_LISTED_MAX),
  });
}

/** The kinds a batch's notifications are of, each person's in the order they were made. */
function groupByPersonAndKind(rows: q.PendingMail[]): q.PendingMail[][] {
  const groups = new Map<string, q.PendingMail[]>();
  for (const row of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const key = `${row.userId}|${row.kind}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/**
 * Mails every notification of channel 'mail' not yet mailed, one mail per person and kind, except to people in
 * their quiet hours (in their own time zone): theirs wait for the first run after the quiet hours end. A
 * notification is marked mailed in the transaction that queues its mail, so none goes twice.
 */
export async function mailPendingNotifications(
  app: FastifyInstance,
  now: Date,
): Promise<{ mails: number; notifications: number; held: number }> {
  const totals = { mails: 0, notifications: 0, held: 0 };
  let after: string | null = null;
  for (;;) {
    const batch = await q.pendingImmediateMail(app.db, after, MAIL_BATCH_SIZE);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const due = batch.filter((row) => !inQuietHours(row.quietHours, localClock(now, row.timeZone ?? 'UTC')));
    totals.held += batch.length - due.length;
    await app.db.transaction(async (tx) => {
      const marked = await q.markMailed(
        tx,
        due.map((row) => row.id),
        now,
      );
      const groups = groupByPersonAndKind(due.filter((row) => marked.has(row.id)));
      await enqueueMails(
        tx,
        groups.map((group) => notificationMail(app.config, group[0]!, group[0]!.kind, group, now)),
      );
      totals.mails += groups.length;
      totals.notifications += marked.size;
    });
    if (batch.length < MAIL_BATCH_SIZE) break;
  }
  return totals;
}

export const notificationMailJob: ScheduledJob = {
  name: NOTIFICATION_MAIL_JOB,
  description: 'Mails the notifications set to reach people by mail, holding them through quiet hours',
  cron: '* * * * *',
  async run(app, now) {
    const done = await mailPendingNotifications(app, now);
    return (
      `${countOf(done.mails, 'mail')} queued for ${countOf(done.notifications, 'notification')}` +
      (done.held > 0 ? `; ${done.held} held for quiet hours` : '')
    );
  },
};
