import { createHmac } from 'node:crypto';
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
  UNSUBSCRIBE_LINK_DAYS,
} from '@learnbuild/domain/notifications';
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from '@learnbuild/domain/schemas/unsubscribe';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { safeEqual } from '../../lib/tokens';
import * as q from './mail-queries';
import { effectiveChannel } from './service';

// One-click unsubscribe (RFC 8058). The token is the person, what it stops and until when, signed with an HMAC
// keyed by the app's secret (the one sessions are signed with): it needs no row, works without signing in, and
// cannot be made or changed by anyone without the secret.

export { UNSUBSCRIBE_LINK_DAYS };

export const INVALID_LINK_MESSAGE =
  'This unsubscribe link is not valid: it may have been cut short or changed. You can choose which mails you get on your notification settings page.';
export const EXPIRED_LINK_MESSAGE =
  'This unsubscribe link has expired. You can choose which mails you get on your notification settings page.';

const isScope = (value: string): value is UnsubscribeScope => (UNSUBSCRIBE_SCOPES as readonly string[]).includes(value);

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`notifications.unsubscribe\n${payload}`).digest('base64url');
}

/** A token that stops `scope` for the person until `UNSUBSCRIBE_LINK_DAYS` after `now`. */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60;
  const payload = `${userId}|${scope}|${expires}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, payload)}`;
}

/**
 * The person and scope a token names. Refuses with 400 one that was not signed with `secret` or was changed
 * after (any part of it), and with 410 one that was but has expired.
 */
export function readUnsubscribeToken(
  secret: string,
  token: string | undefined,
  now: Date,
): { userId: string; scope: UnsubscribeScope } {
  const [encoded, signed, extra] = (token ?? '').split('.');
  if (!encoded || !signed || extra !== undefined) throw new HttpError(400, INVALID_LINK_MESSAGE);
  const payload = Buffer.from(encoded, 'base64url').toString();
  if (!safeEqual(signed, signature(secret, payload))) throw new HttpError(400, INVALID_LINK_MESSAGE);
  const [userId, scope, expires] = payload.split('|');
  if (!userId || !scope || !isScope(scope) || !/^\d+$/.test(expires ?? '')) {
    throw new HttpError(400, INVALID_LINK_MESSAGE);
  }
  if (Number(expires) * 1000 <= now.getTime()) throw new HttpError(410, EXPIRED_LINK_MESSAGE);
  return { userId, scope };
}

/** The link a mail carries, and the headers that let a mail program offer one-click unsubscribe. */
export function unsubscribeLink(
  config: { publicUrl: string; jwtSecret: string },
  userId: string,
  scope: UnsubscribeScope,
  now: Date,
): { url: string; headers: Record<string, string> } {
  const token = unsubscribeToken(config.jwtSecret, userId, scope, now);
  const url = `${config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** What a scope stops, as the mails and pages ask it: "mails about replies", "the daily digest". */
export function scopeText(scope: UnsubscribeScope): string {
  if (scope === 'daily') return 'the daily digest';
  if (scope === 'weekly') return 'the weekly digest';
  if (scope === 'all') return 'all notification mails';
  return `mails about ${NOTIFICATION_KIND_INFO[scope].label.toLowerCase()}`;
}

/** What no more comes once a scope is stopped: "mails about replies", "daily digests". */
export function noMoreOf(scope: UnsubscribeScope): string {
  if (scope === 'daily' || scope === 'weekly') return `${scope} digests`;
  if (scope === 'all') return 'notification mails';
  return scopeText(scope);
}

/** The kinds a scope turns off, given how each reaches the person now. */
export function kindsStopped(
  scope: UnsubscribeScope,
  channels: Record<string, string> | undefined,
): NotificationKind[] {
  if (scope !== 'daily' && scope !== 'weekly' && scope !== 'all') return [scope];
  return NOTIFICATION_KINDS.filter((kind) => {
    const channel = effectiveChannel(kind, channels);
    return scope === 'all' ? channel === 'mail' || channel === 'daily' || channel === 'weekly' : channel === scope;
  });
}

/**
 * Unsubscribes: each kind the scope covers is set to 'off', and what of it still waits to be mailed (held by
 * quiet hours, or for a digest) stays in the tray but is mailed no more. Doing it twice changes nothing more;
 * an account deleted since the mail was sent has nothing left to stop.
 */
export async function unsubscribe(db: Db, userId: string, scope: UnsubscribeScope): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await q.lockNotificationChannels(tx, userId);
    if (current === null) return;
    const kinds = kindsStopped(scope, current);
    if (kinds.length === 0) return;
    const channels = { ...current };
    for (const kind of kinds) channels[kind] = 'off';
    await q.saveNotificationChannels(tx, userId, channels);
    await q.stopPendingMail(tx, userId, kinds);
  });
}
