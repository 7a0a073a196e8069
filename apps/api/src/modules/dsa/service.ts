import { type RoadmapNode, roadmapNodes } from '@learnbuild/domain/dsa-roadmap';
import { activityWindowStart, type DifficultyStats, type DsaStats, totalsOf } from '@learnbuild/domain/rules/dsa-stats';
import { gradeRevision } from '@learnbuild/domain/rules/fsrs-revision';
import type { ConfidenceFilter } from '@learnbuild/domain/rules/revision';
import { type Confidence, nextRevision, type RevisionGrade, startRevision } from '@learnbuild/domain/rules/revision';
import { frozenStreaksFromSummary, streaksWithFreezes, todayIn } from '@learnbuild/domain/rules/streaks';
import type { BadgesAwarded } from '@learnbuild/domain/schemas/badges';
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
import { awardBadges } from '../badges/service';
import { rememberTimeZone } from '../notifications/mail-queries';
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
  company?: string;
  confidence?: ConfidenceFilter;
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
    confidence: row.confidence ?? null,
  };
}

export interface ProgressChange {
  solved?: boolean;
  bookmarked?: boolean;
  notes?: string;
  revision?: boolean;
  /** Issue 29: a confidence level, or null to clear it. */
  confidence?: Confidence | null;
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
      fsrsCard: null,
      verified: false,
    });
  }
  if (change.confidence !== undefined) next.confidence = change.confidence;
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
  if (change.revision === false) Object.assign(next, { revisionStage: null, revisionDueOn: null, fsrsCard: null });
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
): Promise<DsaProgress & { badgesAwarded: BadgesAwarded }> {
  await requireLiveProblem(db, problemId);
  const now = new Date();
  const today = todayIn(timeZone, now);
  const { row, badgesAwarded } = await retryingTransaction(db, async (tx) => {
    const current = await q.lockProgress(tx, userId, problemId);
    const written = await q.writeProgress(tx, userId, problemId, applyProgressChange(current, change, now, today));
    // A solve may earn badges (issue 29): awarded in the same transaction.
    return { row: written, badgesAwarded: change.solved || change.verified ? await awardBadges(tx, userId) : [] };
  });
  // The scheduled reminders and mail (issue 31) go by the zone the learner last solved in.
  await rememberTimeZone(db, userId, timeZone);
  forgetLearner(db, userId);
  return { ...toProgress(row), badgesAwarded };
}

/**
 * A review of a problem on the revision schedule (issue 29). On the adaptive schedule (the default) a graded review
 * moves the FSRS card (carried over from the simple schedule's stage and day when it has none) and the next review
 * falls on the card's due day in the learner's zone. On the simple schedule, or without a grade (clients from before
 * issue 29), the review advances the fixed 1-3-7-14-30 schedule one step and drops any card (carried over again on
 * the next graded review). The stage counts the reviews either way.
 */
export async function reviewProblem(
  db: Db,
  userId: string,
  problemId: string,
  review: { grade?: RevisionGrade; timeZone: string },
): Promise<{ progress: DsaProgress; dueOn: string | null }> {
  await requireLiveProblem(db, problemId);
  const now = new Date();
  const today = todayIn(review.timeZone, now);
  const schedule = review.grade ? await q.findRevisionSchedule(db, userId) : 'simple';
  const row = await retryingTransaction(db, async (tx) => {
    const current = await q.lockProgress(tx, userId, problemId);
    if (!current.solved || current.revisionStage === null || current.revisionDueOn === null) {
      throw badRequest('This problem is not on your revision schedule; mark it for revision first');
    }
    let next: Pick<q.ProgressValues, 'revisionStage' | 'revisionDueOn' | 'fsrsCard'>;
    if (review.grade && schedule === 'adaptive') {
      const graded = gradeRevision({
        stored: current.fsrsCard,
        stage: current.revisionStage,
        dueOn: current.revisionDueOn,
        grade: review.grade,
        now,
        timeZone: review.timeZone,
      });
      next = { revisionStage: current.revisionStage + 1, revisionDueOn: graded.dueOn, fsrsCard: graded.card };
    } else {
      const simple = nextRevision(current.revisionStage, today);
      next = { revisionStage: simple.stage, revisionDueOn: simple.dueOn, fsrsCard: null };
    }
    await q.insertReview(tx, userId, problemId, next.revisionStage!);
    return q.writeProgress(tx, userId, problemId, { ...current, ...next });
  });
  forgetLearner(db, userId);
  return { progress: toProgress(row), dueOn: row.revisionDueOn };
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
 * day lies past tomorrow, or who once had 7 consecutive active days and so may hold or have used a streak freeze
 * (issue 29), has their days loaded to count the streaks and freezes from. Kept as JSON text, so a repeated read
 * is sent as it is and a cold one is written once.
 */
export function dsaStatsReply(db: Db, userId: string, timeZone: string): Promise<string> {
  const today = todayIn(timeZone);
  return cachedForLearner(db, userId, `stats|${timeZone}|${today}`, async () => {
    const counters = await q.learnerCounters(db, userId);
    const index = loadedProblemIndex(db) ?? (await liveProblemIndex(db));
    const byDifficulty = solvedByDifficulty(counters, index);
    const totals = totalsOf(byDifficulty);
    const { currentStreak, maxStreak, freezes } =
      frozenStreaksFromSummary(counters, today) ??
      streaksWithFreezes(solveDays(await q.solveDayCounts(db, userId)), today);
    const stats: DsaStats = {
      totalProblems: totals.total,
      completedProblems: totals.completed,
      bookmarkedProblems: counters.bookmarked,
      currentStreak,
      maxStreak,
      difficultyStats: byDifficulty,
      freezes,
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
