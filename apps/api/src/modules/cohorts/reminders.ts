import { countOf } from '@learnbuild/domain/count-of';
import { dueDayOf } from '@learnbuild/domain/rules/cohort-schedule';
import { addDays } from '@learnbuild/domain/rules/streaks';
import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from '../../jobs/registry';
import { knownTimeZones, userWindows } from '../notifications/mail-queries';
import { REMINDER_BATCH_SIZE, zonesAtHour } from '../notifications/scheduled';
import { notify, quoted } from '../notifications/service';
import * as q from './queries';

// The day-before reminder of a cohort's due dates: at COHORT_DUE_REMINDER_HOUR of each learner's own day, one
// cohort_due notification per cohort with lessons due tomorrow that they have not completed. The dedupe key names
// the cohort and the due day, so a second run, a restart or a second instance adds nothing.

/** The local hour the reminder is made in: the evening before, with time left to finish. */
export const COHORT_DUE_REMINDER_HOUR = 18;

export function cohortDueTitle(courseTitle: string, lessons: string[]): string {
  const what = lessons.length === 1 ? quoted(lessons[0]!) : countOf(lessons.length, 'lesson');
  return `${quoted(courseTitle)}: ${what} ${lessons.length === 1 ? 'is' : 'are'} due tomorrow`;
}

interface Reminder {
  userId: string;
  cohortId: string;
  dueDay: string;
  courseSlug: string;
  courseTitle: string;
  lessons: string[];
}

/** Reminds each member whose local hour it is of what is due tomorrow in their cohorts; returns how many were told. */
export async function remindCohortDueDates(app: FastifyInstance, now: Date): Promise<number> {
  const slots = zonesAtHour(await knownTimeZones(app.db), COHORT_DUE_REMINDER_HOUR, now);
  if (slots.length === 0) return 0;
  const tomorrowIn = new Map(slots.map((slot) => [slot.timeZone, addDays(slot.day, 1)]));
  let made = 0;
  for await (const { after, end } of userWindows(app.db, REMINDER_BATCH_SIZE)) {
    const candidates = await q.dueCandidates(app.db, [...tomorrowIn.keys()], now, after, end);
    const reminders = new Map<string, Reminder>();
    for (const row of candidates) {
      const tomorrow = tomorrowIn.get(row.timeZone);
      if (!tomorrow || dueDayOf(row.startsAt, row.dueAfterDays, row.timeZone) !== tomorrow) continue;
      const key = `${row.userId}|${row.cohortId}`;
      const reminder = reminders.get(key) ?? {
        userId: row.userId,
        cohortId: row.cohortId,
        dueDay: tomorrow,
        courseSlug: row.courseSlug,
        courseTitle: row.courseTitle,
        lessons: [],
      };
      reminder.lessons.push(row.lessonTitle);
      reminders.set(key, reminder);
    }
    if (reminders.size === 0) continue;
    made += await app.db.transaction(async (tx) => {
      let told = 0;
      for (const reminder of reminders.values()) {
        told += await notify(app, tx, {
          kind: 'cohort_due',
          recipients: [reminder.userId],
          title: cohortDueTitle(reminder.courseTitle, reminder.lessons),
          url: `/courses/${reminder.courseSlug}?view=schedule`,
          dedupeKey: `cohort_due:${reminder.cohortId}:${reminder.dueDay}`,
        });
      }
      return told;
    });
  }
  return made;
}

export const cohortDueJob: ScheduledJob = {
  name: 'cohorts.due-reminders',
  description: `Reminds cohort members at ${COHORT_DUE_REMINDER_HOUR}:00 their time of the lessons due tomorrow`,
  cron: '*/15 * * * *',
  async run(app, now) {
    return `${countOf(await remindCohortDueDates(app, now), 'due-date reminder')} made`;
  },
};
