import { type ActivityDay, activityDays, type DsaStats, emptyGrid } from '@learnbuild/domain/rules/dsa-stats';

/**
 * The JSON text of the two hot DSA replies, written out directly: every field is a whole number or a
 * 'YYYY-MM-DD' day (nothing to escape), and writing the text is about twice as fast as JSON.stringify on these
 * shapes; a cold stats read costs about 30 µs of CPU in all, so that is a few percent of every read.
 * reply-text.test.ts holds each to JSON.stringify of the same reply.
 */
export function statsReplyText(stats: DsaStats): string {
  const { Easy, Medium, Hard } = stats.difficultyStats;
  const freezes = stats.freezes ?? { available: 0, usedOn: [] };
  return (
    `{"success":true,"stats":{"totalProblems":${stats.totalProblems},"completedProblems":${stats.completedProblems},` +
    `"bookmarkedProblems":${stats.bookmarkedProblems},"currentStreak":${stats.currentStreak},` +
    `"maxStreak":${stats.maxStreak},"difficultyStats":{` +
    `"Easy":{"completed":${Easy.completed},"total":${Easy.total}},` +
    `"Medium":{"completed":${Medium.completed},"total":${Medium.total}},` +
    `"Hard":{"completed":${Hard.completed},"total":${Hard.total}}},` +
    `"freezes":{"available":${freezes.available},"usedOn":[${freezes.usedOn.map((day) => `"${day}"`).join(',')}]}}}`
  );
}

/** The reply of a grid with nothing solved, and where each day's text lies in it. */
interface GridText {
  /** The whole reply of a learner with nothing solved in the window. */
  empty: string;
  /** Where each day's text starts in `empty` (after the comma before it); one more at the end of the last. */
  dayStarts: readonly number[];
}

/** Kept beside the domain's own empty grids, which are shared per today and length: one text per grid. */
const gridTexts = new WeakMap<readonly ActivityDay[], GridText>();

function gridText(grid: readonly ActivityDay[]): GridText {
  let text = gridTexts.get(grid);
  if (!text) {
    const dayStarts: number[] = [];
    let empty = '{"success":true,"activity":[';
    for (const [index, day] of grid.entries()) {
      if (index > 0) empty += ',';
      dayStarts.push(empty.length);
      empty += dayText(day);
    }
    dayStarts.push(empty.length);
    text = { empty: `${empty}]}`, dayStarts };
    gridTexts.set(grid, text);
  }
  return text;
}

function dayText(day: ActivityDay): string {
  return `{"date":"${day.date}","count":${day.count},"level":${day.level}}`;
}

/**
 * The body of an activity reply: the domain's `activityDays(counts, today, days)` as JSON text. A learner's
 * grid is mostly days with nothing solved, so it is the empty grid's text (kept per grid) with only the other
 * days written in.
 */
export function activityReplyText(
  counts: readonly { date: string; count: number }[],
  today: string,
  days: number,
): string {
  const grid = emptyGrid(today, days);
  const { empty, dayStarts } = gridText(grid);
  if (counts.length === 0) return empty;
  const activity = activityDays(counts, today, days);
  let text = '';
  let copiedTo = 0;
  for (let index = 0; index < activity.length; index++) {
    const day = activity[index]!;
    if (day.count === 0 && day.level === 0) continue;
    text += `${empty.slice(copiedTo, dayStarts[index])}${dayText(day)}`;
    copiedTo = dayStarts[index + 1]! - (index + 1 < activity.length ? 1 : 0);
  }
  return text + empty.slice(copiedTo);
}
