import { activityLevel } from '@learnbuild/domain/rules/activity-level';
import { type DsaStats, emptyGrid } from '@learnbuild/domain/rules/dsa-stats';

/**
 * The JSON text of the two hot DSA replies, written out directly: every field is a whole number or a
 * 'YYYY-MM-DD' day (nothing to escape), and writing the text is about twice as fast as JSON.stringify on these
 * shapes; a cold stats read costs about 30 µs of CPU in all, so that is a few percent of every read.
 * reply-text.test.ts holds each to JSON.stringify of the same reply.
 */
export function statsReplyText(stats: DsaStats): string {
  const { Easy, Medium, Hard } = stats.difficultyStats;
  return (
    `{"success":true,"stats":{"totalProblems":${stats.totalProblems},"completedProblems":${stats.completedProblems},` +
    `"bookmarkedProblems":${stats.bookmarkedProblems},"currentStreak":${stats.currentStreak},` +
    `"maxStreak":${stats.maxStreak},"difficultyStats":{` +
    `"Easy":{"completed":${Easy.completed},"total":${Easy.total}},` +
    `"Medium":{"completed":${Medium.completed},"total":${Medium.total}},` +
    `"Hard":{"completed":${Hard.completed},"total":${Hard.total}}}}}`
  );
}

/** The reply of a grid with nothing solved, and where each day's text lies in it. */
interface GridText {
  dates: readonly string[];
  /** The whole reply of a learner with nothing solved in the window. */
  empty: string;
  /** Where each day's text starts in `empty` (after the comma before it); one more at the end of the last. */
  dayStarts: readonly number[];
}

const ACTIVITY_OPENING = '{"success":true,"activity":[';
const gridTextsByKey = new Map<string, GridText>();

/** The empty grid of that today and length as text, written once (as the domain's emptyGrid walks it once). */
function gridText(today: string, days: number): GridText {
  const key = `${today}|${days}`;
  let text = gridTextsByKey.get(key);
  if (!text) {
    const dates = emptyGrid(today, days).map((day) => day.date);
    const dayStarts: number[] = [];
    let empty = ACTIVITY_OPENING;
    for (const [index, date] of dates.entries()) {
      if (index > 0) empty += ',';
      dayStarts.push(empty.length);
      empty += `{"date":"${date}","count":0,"level":0}`;
    }
    dayStarts.push(empty.length);
    text = { dates, empty: `${empty}]}`, dayStarts };
    if (gridTextsByKey.size >= 64) gridTextsByKey.clear();
    gridTextsByKey.set(key, text);
  }
  return text;
}

/**
 * The body of an activity reply: the domain's `activityDays(counts, today, days)` as JSON text. A learner's
 * grid is mostly days with nothing solved, so it is the empty grid's text (kept per today and length) with
 * only the solve days written in.
 */
export function activityReplyText(
  counts: readonly { date: string; count: number }[],
  today: string,
  days: number,
): string {
  const { dates, empty, dayStarts } = gridText(today, days);
  if (counts.length === 0) return empty;
  const byDate = new Map<string, number>();
  for (const { date, count } of counts) byDate.set(date, (byDate.get(date) ?? 0) + count);
  let text = '';
  let copiedTo = 0;
  for (let index = 0; index < dates.length; index++) {
    const count = byDate.get(dates[index]!);
    if (count === undefined) continue;
    text += `${empty.slice(copiedTo, dayStarts[index])}{"date":"${dates[index]}","count":${count},"level":${activityLevel(count)}}`;
    copiedTo = dayStarts[index + 1]! - (index + 1 < dates.length ? 1 : 0);
  }
  return text + empty.slice(copiedTo);
}
