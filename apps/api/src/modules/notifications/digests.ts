import { countOf } from '@learnbuild/domain/count-of';
import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from '../../jobs/registry';
import { enqueueMails } from '../../mail/outbox';
import { hoursStoodFor, isoWeekOf, localClock, usableTimeZone } from './local-time';
import { digestMail } from './mail';
import * as q from './mail-queries';

// Digests: at each learner's digest hour in their own time zone, one mail of their 'daily' notifications not
// yet mailed, and on Mondays one of their 'weekly' ones; only when there is something. A digest is taken by
// inserting its digest_runs row (person, period, local day or ISO week) before anything is mailed: the one run
// whose insert lands queues the mail and marks its notifications, all in one transaction, so a second run for
// the same slot, a restart or a second instance sends nothing again.

/** How many learners one query reads and one transaction serves. */
export const DIGEST_BATCH_SIZE = 500;

export type DigestPeriod = 'daily' | 'weekly';

/** The zone-and-hour pairs a run at `now` serves: the local hour in each zone (Mondays only for the weekly). */
export function digestSlots(timeZones: string[], period: DigestPeriod, now: Date): q.DigestSlot[] {
  return timeZones.flatMap((timeZone) => {
    const zone = usableTimeZone(timeZone);
    if (period === 'weekly' && localClock(now, zone).weekday !== 1) return [];
    return hoursStoodFor(now, zone).map((hour) => ({ timeZone, hour }));
  });
}

/** The digest a learner in `timeZone` gets at `now`: their local day, or the ISO week of it. */
export function periodKey(period: DigestPeriod, timeZone: string, now: Date): string {
  const day = localClock(now, timeZone).day;
  return period === 'daily' ? day : isoWeekOf(day);
}

export interface DigestTotals {
  daily: number;
  weekly: number;
  /** Transactions that queued mail (each up to DIGEST_BATCH_SIZE learners). */
  batches: number;
}

/** One batch of learners: takes their digests, marks what they carry mailed and queues the mails. */
async function sendBatch(
  app: FastifyInstance,
  period: DigestPeriod,
  recipients: q.DigestRecipient[],
  now: Date,
): Promise<number> {
  const keys = new Map(recipients.map((r) => [r.userId, periodKey(period, usableTimeZone(r.timeZone), now)]));
  return app.db.transaction(async (tx) => {
    const taken = await q.takeDigestRuns(
      tx,
      period,
      recipients.map((r) => ({ userId: r.userId, periodKey: keys.get(r.userId)! })),
    );
    const items = await q.markDigestMailed(tx, period, [...taken], now);
    const byPerson = new Map<string, q.DigestItem[]>();
    for (const item of items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      const list = byPerson.get(item.userId);
      if (list) list.push(item);
      else byPerson.set(item.userId, [item]);
    }
    const mails = recipients.flatMap((r) => {
      const list = byPerson.get(r.userId);
      return list ? [digestMail(app.config, r, period, list, now)] : [];
    });
    await enqueueMails(tx, mails);
    await q.recordDigestCounts(
      tx,
      period,
      [...taken].map((userId) => ({
        userId,
        periodKey: keys.get(userId)!,
        count: byPerson.get(userId)?.length ?? 0,
      })),
    );
    return mails.length;
  });
}

/** Sends the digests due at `now`, walking the users DIGEST_BATCH_SIZE at a time (one query and transaction each). */
export async function sendDigests(
  app: FastifyInstance,
  now: Date,
  batchSize = DIGEST_BATCH_SIZE,
): Promise<DigestTotals> {
  const totals: DigestTotals = { daily: 0, weekly: 0, batches: 0 };
  const timeZones = await q.knownTimeZones(app.db);
  for (const period of ['daily', 'weekly'] as const) {
    const slots = digestSlots(timeZones, period, now);
    if (slots.length === 0) continue;
    for await (const { after, end } of q.userWindows(app.db, batchSize)) {
      const recipients = await q.digestRecipients(app.db, period, slots, after, end);
      if (recipients.length === 0) continue;
      const sent = await sendBatch(app, period, recipients, now);
      totals[period] += sent;
      if (sent > 0) totals.batches += 1;
    }
  }
  return totals;
}

export const digestJob: ScheduledJob = {
  name: 'notifications.digests',
  description:
    "Mails the daily digests (and on Mondays the weekly ones) at each learner's digest hour, in their time zone",
  // Every quarter hour, so zones half or three quarters of an hour off UTC get theirs in their hour too.
  cron: '*/15 * * * *',
  async run(app, now) {
    const totals = await sendDigests(app, now);
    const digests = totals.daily + totals.weekly === 1 ? 'digest' : 'digests';
    return `${totals.daily} daily and ${totals.weekly} weekly ${digests} queued in ${countOf(totals.batches, 'batch', 'batches')}`;
  },
};
