import { countOf } from '@learnbuild/domain/count-of';
import { REVISION_REMINDER_HOUR, STREAK_WARNING_HOUR } from '@learnbuild/domain/notifications';
import {
  dayNumber,
  FREEZE_EVERY_DAYS,
  frozenStreaksFromSummary,
  streaksWithFreezes,
} from '@learnbuild/domain/rules/streaks';
import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from '../../jobs/registry';
import { hoursStoodFor, localClock, usableTimeZone } from './local-time';
import { knownTimeZones, userWindows } from './mail-queries';
import * as q from './scheduled-queries';
import { notify } from './service';

// The reminders the platform makes itself, in each learner's own time zone and once a day each (a dedupe key of
// the kind and the local day, so a second run, a restart or a second instance adds nothing): problems due for
// revision in the morning, a streak about to end in the evening. They reach the learner as their settings say
// (the tray, a mail, a digest), through notify. Cohort due dates wait for cohorts (issue 30).

export { REVISION_REMINDER_HOUR, STREAK_WARNING_HOUR };
/** How many users one query looks at. */
export const REMINDER_BATCH_SIZE = 500;

/** The zones where a run at `now` stands for local `hour`, each with its local day. */
export function zonesAtHour(timeZones: string[], hour: number, now: Date): q.ZoneDay[] {
  return timeZones.flatMap((timeZone) => {
    const zone = usableTimeZone(timeZone);
    return hoursStoodFor(now, zone).includes(hour) ? [{ timeZone, day: localClock(now, zone).day }] : [];
  });
}

/** Calls notify once per distinct title and day, for everyone who shares them. */
async function notifyGroups(
  app: FastifyInstance,
  kind: 'revision_due' | 'streak_warning',
  url: string,
  rows: { userId: string; day: string; title: string }[],
): Promise<number> {
  const groups = new Map<string, { day: string; title: string; recipients: string[] }>();
  for (const row of rows) {
    const key = `${row.day}|${row.title}`;
    const group = groups.get(key) ?? { day: row.day, title: row.title, recipients: [] };
    group.recipients.push(row.userId);
    groups.set(key, group);
  }
  if (groups.size === 0) return 0;
  return app.db.transaction(async (tx) => {
    let made = 0;
    for (const group of groups.values()) {
      made += await notify(app, tx, {
        kind,
        recipients: group.recipients,
        title: group.title,
        url,
        dedupeKey: `${kind}:${group.day}`,
      });
    }
    return made;
  });
}

export const revisionDueTitle = (due: number) => `${countOf(due, 'problem is', 'problems are')} due for revision today`;

/** Tells each learner at REVISION_REMINDER_HOUR of their day how many problems are due for revision; returns how many were told. */
export async function remindRevisionsDue(app: FastifyInstance, now: Date): Promise<number> {
  const slots = zonesAtHour(await knownTimeZones(app.db), REVISION_REMINDER_HOUR, now);
  if (slots.length === 0) return 0;
  let made = 0;
  for await (const { after, end } of userWindows(app.db, REMINDER_BATCH_SIZE)) {
    const rows = await q.revisionDueCounts(app.db, slots, after, end);
    made += await notifyGroups(
      app,
      'revision_due',
      '/dsa-sheet?status=revision',
      rows.map((row) => ({ userId: row.userId, day: row.day, title: revisionDueTitle(row.due) })),
    );
  }
  return made;
}

export const streakWarningTitle = (days: number) => `Your ${days}-day streak ends tonight: solve a problem to keep it`;

/** The solve days of the kept list ('YYYY-MM-DD:count' joined by commas). */
const daysOfList = (list: string) => (list ? list.split(',').map((entry) => entry.slice(0, 10)) : []);

/**
 * The streak a learner would lose tonight, or null: they have one, have not solved today and hold no freeze
 * that would cover today (packages/domain's streaksWithFreezes, the rule the stats show).
 */
export function streakEndingTonight(candidate: q.StreakCandidate): number | null {
  if (candidate.lastSolveDay >= dayNumber(candidate.day)) return null;
  const streaks =
    frozenStreaksFromSummary(candidate, candidate.day) ??
    streaksWithFreezes(daysOfList(candidate.solveDayList), candidate.day);
  return streaks.currentStreak > 0 && streaks.freezes.available === 0 ? streaks.currentStreak : null;
}

/** Warns each learner at STREAK_WARNING_HOUR of their day whose streak ends tonight; returns how many were warned. */
export async function warnStreaksEnding(app: FastifyInstance, now: Date): Promise<number> {
  const slots = zonesAtHour(await knownTimeZones(app.db), STREAK_WARNING_HOUR, now);
  if (slots.length === 0) return 0;
  let made = 0;
  for await (const { after, end } of userWindows(app.db, REMINDER_BATCH_SIZE)) {
    const rows = await q.streakCandidates(app.db, slots, FREEZE_EVERY_DAYS, after, end);
    made += await notifyGroups(
      app,
      'streak_warning',
      '/dsa-sheet',
      rows.flatMap((row) => {
        const days = streakEndingTonight(row);
        return days === null ? [] : [{ userId: row.userId, day: row.day, title: streakWarningTitle(days) }];
      }),
    );
  }
  return made;
}

const people = (count: number) => countOf(count, 'learner');

export const revisionDueJob: ScheduledJob = {
  name: 'notifications.revision-due',
  description: `Tells learners at ${REVISION_REMINDER_HOUR}:00 their time which problems are due for revision today`,
  cron: '*/15 * * * *',
  async run(app, now) {
    return `${people(await remindRevisionsDue(app, now))} told of revisions due`;
  },
};

export const streakWarningJob: ScheduledJob = {
  name: 'notifications.streak-warnings',
  description: `Warns learners at ${STREAK_WARNING_HOUR}:00 their time whose streak ends tonight with no freeze to cover it`,
  cron: '*/15 * * * *',
  async run(app, now) {
    return `${people(await warnStreaksEnding(app, now))} warned of a streak ending`;
  },
};
