import { createHash, randomBytes } from 'node:crypto';
import { dueDayOf } from '@learnbuild/domain/rules/cohort-schedule';
import { addDays } from '@learnbuild/domain/rules/streaks';
import { CALENDAR_FEED_NOT_FOUND } from '@learnbuild/domain/schemas/cohorts';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { usableTimeZone } from '../notifications/local-time';
import * as q from './queries';

// A learner's calendar feed (`/api/calendar/{token}.ics`): a secret address a calendar app polls without a
// session. Only the token's SHA-256 is kept, so the address is shown once, when made; a new one replaces it and
// revoking deletes it, and the old address answers 404 from then on.
//
// Each due lesson of each cohort the learner is in is one all-day event on its due day, read in the learner's
// stored time zone (the one the reminders use; UTC until they have told us one): all-day, because a lesson is
// due by the end of a day rather than at an hour. Its UID is the cohort's and the lesson's ids, so a calendar
// app updates an event in place when a due date moves.

/** 32 random bytes: 43 url-safe characters. */
const TOKEN_BYTES = 32;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/** Makes (or replaces) the learner's feed: the new address, shown this once. */
export async function createFeed(db: DbOrTx, userId: string, publicUrl: string) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await q.replaceFeed(db, userId, hashToken(token));
  return { url: feedUrl(publicUrl, token), createdAt: row.createdAt.toISOString() };
}

const dateArray = (day: string): DateArray => [
  Number(day.slice(0, 4)),
  Number(day.slice(5, 7)),
  Number(day.slice(8, 10)),
];

/** The feed's iCalendar text for a token, or 404 when no feed has that token (unknown, replaced or revoked). */
export async function feedCalendar(db: DbOrTx, token: string, publicUrl: string): Promise<string> {
  const userId = await q.findFeedOwner(db, hashToken(token));
  if (!userId) throw notFound(CALENDAR_FEED_NOT_FOUND);
  const [rows, storedZone] = await Promise.all([q.dueLessonsOfUser(db, userId), q.storedTimeZone(db, userId)]);
  const timeZone = usableTimeZone(storedZone);
  const events: EventAttributes[] = rows.map((row) => {
    const day = dueDayOf(row.startsAt, Number(row.dueAfterDays), timeZone);
    return {
      uid: `${row.cohortId}.${row.lessonId}@learnbuild`,
      title: `Due: ${row.lessonTitle}`,
      description: `${row.courseTitle} · ${row.cohortTitle}`,
      url: `${publicUrl}/courses/${row.courseSlug}?lesson=${row.lessonId}`,
      start: dateArray(day),
      end: dateArray(addDays(day, 1)),
      transp: 'TRANSPARENT',
    };
  });
  const { error, value } = createEvents(events, { productId: 'learnbuild/cohorts', calName: 'LearnBuild due dates' });
  if (error || value === null) throw error ?? new Error('The calendar could not be written');
  return value;
}
