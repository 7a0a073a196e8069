import { ACTIVITY_DAYS } from '../constants';
import { activityLevel } from './activity-level';
import { addDays, type StreakFreezes } from './streaks';

export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export type DifficultyStats = Record<Difficulty, { completed: number; total: number }>;

/** SPEC 3: the DSA stats every screen reads. */
export interface DsaStats {
  totalProblems: number;
  completedProblems: number;
  bookmarkedProblems: number;
  currentStreak: number;
  maxStreak: number;
  difficultyStats: DifficultyStats;
  /** Issue 29: streak freezes held and the days they kept the streak (the API always sends them). */
  freezes?: StreakFreezes;
}

export interface ActivityDay {
  date: string;
  count: number;
  level: 0 | 1 | 2 | 3 | 4;
}

/** Per-difficulty completed/total from grouped counts; a difficulty with no rows reads 0/0. */
export function difficultyStats(
  rows: readonly { difficulty: string; total: number; completed: number }[],
): DifficultyStats {
  const stats: DifficultyStats = {
    Easy: { completed: 0, total: 0 },
    Medium: { completed: 0, total: 0 },
    Hard: { completed: 0, total: 0 },
  };
  for (const row of rows) {
    const entry = stats[row.difficulty as Difficulty];
    if (!entry) continue;
    entry.total += row.total;
    entry.completed += row.completed;
  }
  return stats;
}

/** Sums a DifficultyStats into the sheet's headline numbers (plain loops: every stats read runs it). */
export function totalsOf(stats: DifficultyStats): { total: number; completed: number } {
  let total = 0;
  let completed = 0;
  for (const difficulty of DIFFICULTIES) {
    total += stats[difficulty].total;
    completed += stats[difficulty].completed;
  }
  return { total, completed };
}

/**
 * The last `days` calendar days ending today, oldest first, each with its solve count and
 * level 0-4; days without solves are zero. Those zero days are one frozen object per day, shared by every
 * grid of that today and length (a learner's grid is mostly empty days, and every activity read builds one).
 */
export function activityDays(
  counts: readonly { date: string; count: number }[],
  today: string,
  days: number = ACTIVITY_DAYS,
): ActivityDay[] {
  const grid = emptyGrid(today, days);
  if (counts.length === 0) return [...grid];
  const byDate = new Map<string, number>();
  for (const { date, count } of counts) byDate.set(date, (byDate.get(date) ?? 0) + count);
  return grid.map((empty) => {
    const count = byDate.get(empty.date);
    return count === undefined ? empty : { date: empty.date, count, level: activityLevel(count) };
  });
}

/** The first (oldest) day of the grid of `days` days ending today. */
export function activityWindowStart(today: string, days: number = ACTIVITY_DAYS): string {
  return emptyGrid(today, days)[0]?.date ?? today;
}

const emptyGridsByKey = new Map<string, readonly ActivityDay[]>();

/**
 * The grid's days ending today with nothing solved, oldest first: one calendar walk per today and length, its
 * days frozen and shared by every caller.
 */
export function emptyGrid(today: string, days: number): readonly ActivityDay[] {
  const key = `${today}|${days}`;
  let grid = emptyGridsByKey.get(key);
  if (!grid) {
    const walk: ActivityDay[] = [];
    const day = new Date(`${addDays(today, 1 - days)}T00:00:00Z`);
    for (let index = 0; index < days; index++) {
      walk.push(Object.freeze({ date: day.toISOString().slice(0, 10), count: 0, level: 0 }));
      day.setUTCDate(day.getUTCDate() + 1);
    }
    if (emptyGridsByKey.size >= 64) emptyGridsByKey.clear();
    emptyGridsByKey.set(key, walk);
    grid = walk;
  }
  return grid;
}

/** Zeroed stats: what a learner with no progress sees. */
export function emptyDsaStats(): DsaStats {
  return {
    totalProblems: 0,
    completedProblems: 0,
    bookmarkedProblems: 0,
    currentStreak: 0,
    maxStreak: 0,
    difficultyStats: difficultyStats([]),
  };
}

/**
 * SPEC 8 with DESIGN decision 2: a missing or failed stats reply falls back to zeroed stats
 * (the caller only logs it). `reply` is whatever arrived, or undefined when the call failed.
 */
export function statsOrFallback(reply: unknown): { stats: DsaStats; fallback: boolean } {
  const stats = (reply as { stats?: unknown } | null | undefined)?.stats;
  return isDsaStats(stats) ? { stats, fallback: false } : { stats: emptyDsaStats(), fallback: true };
}

/**
 * SPEC 8 with DESIGN decision 2: a missing or failed activity reply falls back to an all-empty
 * 49-day grid ending today, not a random one: a made-up history would mislead the learner.
 */
export function activityOrFallback(reply: unknown, today: string): { activity: ActivityDay[]; fallback: boolean } {
  const activity = (reply as { activity?: unknown } | null | undefined)?.activity;
  return Array.isArray(activity)
    ? { activity: activity as ActivityDay[], fallback: false }
    : { activity: activityDays([], today), fallback: true };
}

function isDsaStats(value: unknown): value is DsaStats {
  if (!value || typeof value !== 'object') return false;
  const stats = value as Partial<DsaStats>;
  return (
    typeof stats.totalProblems === 'number' &&
    typeof stats.completedProblems === 'number' &&
    typeof stats.bookmarkedProblems === 'number' &&
    typeof stats.currentStreak === 'number' &&
    typeof stats.maxStreak === 'number' &&
    DIFFICULTIES.every((d) => typeof stats.difficultyStats?.[d]?.total === 'number')
  );
}
