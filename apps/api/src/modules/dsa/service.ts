import { type RoadmapNode, roadmapNodes } from '@learnbuild/domain/dsa-roadmap';
import { activityWindowStart, type DifficultyStats, type DsaStats, totalsOf } from '@learnbuild/domain/rules/dsa-stats';
import { nextRevision, startRevision } from '@learnbuild/domain/rules/revision';
import { streaks, streaksFromSummary, todayIn } from '@learnbuild/domain/rules/streaks';
import {
  type DsaProblem,
  type DsaProgress,
  type ProblemStatus,
  RANDOM_PROBLEM_NONE_MESSAGE,
} from '@learnbuild/domain/schemas/dsa';
import type { Db } from '../../db/client';
import { retryingTransaction } from '../../db/transactions';
import { badRequest, notFound } from '../../lib/http-errors';
import { compressOnDemand, type Precompressed } from '../../lib/precompressed';
import { cachedForLearner, forgetLearner } from './learner-cache';
import { liveProblemIndex, loadedProblemIndex, type ProblemIndex } from './problem-index';
import { withStats } from './problem-stats';
import * as q from './queries';
import { activityReplyText, statsReplyText } from './reply-text';

export const PROBLEM_NOT_FOUND = 'This problem does not exist or was removed';

export interface SheetFilter {
  topic?: string;
  step?: string;
  difficulty?: 'Easy' | 'Medium' | 'Hard';
  status?: ProblemStatus;
  q?: string;
  timeZone: string;
}

export async function listSheet(db: Db, userId: string | null, filter: SheetFilter): Promise<DsaProblem[]> {
  const { timeZone, ...rest } = filter;
  return withStats(db, await q.listProblems(db, { ...rest, userId, today: todayIn(timeZone) }));
}

/** A problem picked at random among those the filter leaves (issue 28's "Pick one"); 404 when none does. */
export async function randomProblem(
  db: Db,
  userId: string,
  filter: Omit<SheetFilter, 'q'>,
  random: () => number = Math.random,
): Promise<DsaProblem> {
  const rows = await listSheet(db, userId, filter);
  const problem = rows[Math.floor(random() * rows.length)];
  if (!problem) throw notFound(RANDOM_PROBLEM_NONE_MESSAGE);
  return problem;
}

/** The learner's roadmap: each topic with their solves and whether its prerequisites are half done. */
export async function learnerRoadmap(db: Db, userId: string): Promise<RoadmapNode[]> {
  return roadmapNodes(await q.roadmapTopics(db, userId));
}

/**
 * The learner's flags on live problems: the reply's JSON text (`FlagsReply`), compressed on demand. Kept with
 * the learner's other replies: dropped on their next progress write and on any change to the bank
 * (learner-cache.ts).
 */
export function learnerFlags(db: Db, userId: string): Promise<Precompressed> {
  return cachedForLearner(db, userId, 'flags', async () => {
    const index = await liveProblemIndex(db);
    const json = await q.learnerFlagsJson(db, userId, index.deletedIds);
    return compressOnDemand(Buffer.from(json), 'application/json; charset=utf-8');
  });
}

export function toProgress(row: q.ProgressRow): DsaProgress {
  return {
    problemId: row.problemId,
    solved: row.solved,
    solvedAt: row.solvedAt?.toISOString() ?? null,
    solvedOn: row.solvedOn,
    bookmarked: row.bookmarked,
    notes: row.notes,
    revisionStage: row.revisionStage,
    revisionDueOn: row.revisionDueOn,
  };
}

export interface ProgressChange {
  solved?: boolean;
  bookmarked?: boolean;
  notes?: string;
  revision?: boolean;
  /** An Accepted submission: the solve is the judge's, not only the learner's word (issue 27). */
  verified?: true;
}

/**
 * The next state of a learner's row. Solving an already solved problem keeps its first solve
 * (a repeated request must not move the day); unsolving takes it out of every count and off
 * the revision schedule.
 */
export function applyProgressChange(
  current: q.ProgressValues,
  change: ProgressChange,
  now: Date,
  today: string,
): q.ProgressValues {
  const next = { ...current };
  if (change.solved === true && !current.solved) {
    next.solved = true;
    next.solvedAt = now;
    next.solvedOn = today;
  }
  if (change.verified) next.verified = true;
  if (change.solved === false) {
    Object.assign(next, {
      solved: false,
      solvedAt: null,
      solvedOn: null,
      revisionStage: null,
      revisionDueOn: null,
      verified: false,
    });
  }
  if (change.bookmarked !== undefined) next.bookmarked = change.bookmarked;
  if (change.notes !== undefined) next.notes = change.notes.trim();
  if (change.revision === true) {
    if (!next.solved) throw badRequest('Only a solved problem can be marked for revision');
    // Already scheduled stays as it is; a finished schedule starts over.
    if (next.revisionDueOn === null) {
      const start = startRevision(today);
      next.revisionStage = start.stage;
      next.revisionDueOn = start.dueOn;
    }
  }
  if (change.revision === false) Object.assign(next, { revisionStage: null, revisionDueOn: null });
  return next;
}

async function requireLiveProblem(db: Db, problemId: string) {
  const problem = await q.findLiveProblem(db, problemId);
  if (!problem) throw notFound(PROBLEM_NOT_FOUND);
  return problem;
}

/** Idempotent: sending the same change twice leaves the same row. */
export async function setProgress(
  db: Db,
  userId: string,
  problemId: string,
  change: ProgressChange,
  timeZone: string,
): Promise<DsaProgress> {
  await requireLiveProblem(db, problemId);
  const now = new Date();
  const today = todayIn(timeZone, now);
  const row = await retryingTransaction(db, async (tx) => {
    const current = await q.lockProgress(tx, userId, problemId);
    return q.writeProgress(tx, userId, problemId, applyProgressChange(current, change, now, today));
  });
  forgetLearner(db, userId);
  return toProgress(row);
}

/** A review of a problem on the revision schedule: recorded, and the next interval scheduled. */
export async function reviewProblem(db: Db, userId: string, problemId: string, timeZone: string) {
  await requireLiveProblem(db, problemId);
  const today = todayIn(timeZone);
  const row = await retryingTransaction(db, async (tx) => {
    const current = await q.lockProgress(tx, userId, problemId);
    if (!current.solved || current.revisionStage === null || current.revisionDueOn === null) {
      throw badRequest('This problem is not on your revision schedule; mark it for revision first');
    }
    const next = nextRevision(current.revisionStage, today);
    await q.insertReview(tx, userId, problemId, next.stage);
    return q.writeProgress(tx, userId, problemId, { ...current, revisionStage: next.stage, revisionDueOn: next.dueOn });
  });
  forgetLearner(db, userId);
  return toProgress(row);
}

/** Per-difficulty solves from the learner's counters against the live bank's totals. */
export function solvedByDifficulty(counters: q.LearnerCounters, index: ProblemIndex): DifficultyStats {
  const { totals } = index;
  return {
    Easy: { completed: counters.solvedEasy, total: totals.Easy.total },
    Medium: { completed: counters.solvedMedium, total: totals.Medium.total },
    Hard: { completed: counters.solvedHard, total: totals.Hard.total },
  };
}

const solveDays = (counts: { date: string }[]) => counts.map((day) => day.date);

/**
 * The body of `GET /api/dsa/progress/stats`, from one lookup: the learner's counters row, whose streak summary
 * PostgreSQL keeps (migration 0014), and the bank's totals (kept in memory). Only a learner whose latest solve
 * day lies past tomorrow has their days loaded to count the streaks from. Kept as JSON text, so a repeated read
 * is sent as it is and a cold one is written once.
 */
export function dsaStatsReply(db: Db, userId: string, timeZone: string): Promise<string> {
  const today = todayIn(timeZone);
  return cachedForLearner(db, userId, `stats|${timeZone}|${today}`, async () => {
    const counters = await q.learnerCounters(db, userId);
    const index = loadedProblemIndex(db) ?? (await liveProblemIndex(db));
    const byDifficulty = solvedByDifficulty(counters, index);
    const totals = totalsOf(byDifficulty);
    const stats: DsaStats = {
      totalProblems: totals.total,
      completedProblems: totals.completed,
      bookmarkedProblems: counters.bookmarked,
      ...(streaksFromSummary(counters, today) ?? streaks(solveDays(await q.solveDayCounts(db, userId)), today)),
      difficultyStats: byDifficulty,
    };
    return statsReplyText(stats);
  });
}

/**
 * The body of `GET /api/dsa/progress/activity`, as JSON text: the grid from the solve days of the window, read
 * off the learner's counters row. Solve days are the learner's own calendar days when they solved (DESIGN
 * decision 6), so the zone asked for only decides which day is today.
 */
export function dsaActivityReply(db: Db, userId: string, timeZone: string, days: number): Promise<string> {
  const today = todayIn(timeZone);
  return cachedForLearner(db, userId, `activity|${timeZone}|${today}|${days}`, async () => {
    const counts = await q.solveDayCounts(db, userId, activityWindowStart(today, days));
    return activityReplyText(counts, today, days);
  });
}
