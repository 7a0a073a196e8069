import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dsaLearnerCounters, dsaProblems, dsaProgress, users } from '../../db/schema';
import { inUserWindow, storedZoneOf } from './mail-queries';

// The SQL of the scheduled reminders: who has problems due for revision, whose streak ends tonight. Both walk
// the learners of the time zones whose hour it is, a window of users at a time (mail-queries' userWindowEnd).

/** A time zone as stored (UTC for everyone who has not told us one) and the learner's local day there. */
export interface ZoneDay {
  timeZone: string;
  day: string;
}

const zoneDays = (slots: ZoneDay[]) =>
  sql.join(
    slots.map((slot) => sql`(${slot.timeZone}::text, ${slot.day}::date)`),
    sql`, `,
  );

/**
 * The learners of the window after `after` up to `end` in the zones of `slots` who have solved problems (live
 * ones) due for revision on or before their local day, with how many.
 */
export async function revisionDueCounts(
  db: DbOrTx,
  slots: ZoneDay[],
  after: string | null,
  end: string | null,
): Promise<{ userId: string; day: string; due: number }[]> {
  if (slots.length === 0) return [];
  const result = await db.execute<{ user_id: string; day: string; due: number }>(sql`
    select u.id as user_id, to_char(v.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from ${dsaProgress} p join ${dsaProblems} pr on pr.id = p.problem_id
        where p.user_id = u.id and p.solved and p.revision_due_on <= v.day and pr.deleted_at is null) as due
    from ${users} u
    join (values ${zoneDays(slots)}) as v(zone, day) on v.zone = ${storedZoneOf(sql`u.id`)}
    where ${inUserWindow(sql`u.id`, after, end)}
    order by u.id`);
  return result.rows
    .map((row) => ({ userId: row.user_id, day: row.day, due: Number(row.due) }))
    .filter((row) => row.due > 0);
}

export interface StreakCandidate {
  userId: string;
  /** The learner's local day. */
  day: string;
  lastSolveDay: number;
  lastRun: number;
  maxStreak: number;
  solveDayList: string;
}

/** Freezes cover at most this many missed days in a row (FREEZES_MAX held, none earned without a solve). */
const MOST_FROZEN_DAYS = 2;

/**
 * The learners of the window after `after` up to `end` in the zones of `slots` whose streak may still be alive and
 * who have not solved today: their last solve was yesterday, or (for learners who once held a 7-day run, and so
 * may hold freezes) a day or two before.
 */
export async function streakCandidates(
  db: DbOrTx,
  slots: ZoneDay[],
  freezeFrom: number,
  after: string | null,
  end: string | null,
): Promise<StreakCandidate[]> {
  if (slots.length === 0) return [];
  // Day numbers count whole days since 1970-01-01, as packages/domain's dayNumber does.
  const yesterday = sql`(v.day - 1 - date '1970-01-01')`;
  const result = await db.execute<{
    user_id: string;
    day: string;
    last_solve_day: number;
    last_run: number;
    max_streak: number;
    solve_day_list: string;
  }>(sql`
    select c.user_id, to_char(v.day, 'YYYY-MM-DD') as day, c.last_solve_day, c.last_run, c.max_streak,
      c.solve_day_list
    from ${dsaLearnerCounters} c
    join (values ${zoneDays(slots)}) as v(zone, day) on v.zone = ${storedZoneOf(sql`c.user_id`)}
    where ${inUserWindow(sql`c.user_id`, after, end)}
      and c.last_solve_day between ${yesterday} - ${MOST_FROZEN_DAYS}::int and ${yesterday}
      and (c.last_solve_day = ${yesterday} or c.max_streak >= ${freezeFrom}::int)
    order by c.user_id`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    day: row.day,
    lastSolveDay: Number(row.last_solve_day),
    lastRun: Number(row.last_run),
    maxStreak: Number(row.max_streak),
    solveDayList: row.solve_day_list,
  }));
}
