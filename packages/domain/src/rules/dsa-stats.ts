import { ACTIVITY_DAYS } from '../constants';
import { activityLevel } from './activity-level';
import { addDays } from './streaks';

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
 * level 0-4; days without solves are zero.
 */
export function activityDays(
  counts: readonly { date: string; count: number }[],
  today: string,
  days: number = ACTIVITY_DAYS,
): ActivityDay[] {
  const byDate = new Map<string, number>();
  for (const { date, count } of counts) byDate.set(date, (byDate.get(date) ?? 0) + count);
  return gridDates(today, days).map((date) => {
    const count = byDate.get(date) ?? 0;
    return { date, count, level: activityLevel(count) };
  });
}

const gridDatesByKey = new Map<string, readonly string[]>();

/** The grid's days ending today, oldest first: one calendar walk per today and length, shared by every read. */
function gridDates(today: string, days: number): readonly string[] {
  const key = `${today}|${days}`;
  let dates = gridDatesByKey.get(key);
  if (!dates) {
    const walk: string[] = [];
    const day = new Date(`${addDays(today, 1 - days)}T00:00:00Z`);
    for (let index = 0; index < days; index++) {
      walk.push(day.toISOString().slice(0, 10));
      day.setUTCDate(day.getUTCDate() + 1);
    }
    if (gridDatesByKey.size >= 64) gridDatesByKey.clear();
    gridDatesByKey.set(key, walk);
    dates = walk;
  }
  return dates;
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
