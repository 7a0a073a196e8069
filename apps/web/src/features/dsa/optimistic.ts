import type { DsaStats } from '@learnbuild/domain/rules/dsa-stats';
import { type Confidence, startRevision } from '@learnbuild/domain/rules/revision';
import type { DsaProblem, DsaProgress } from '@learnbuild/domain/schemas/dsa';

export interface ProgressChange {
  problemId: string;
  solved?: boolean;
  bookmarked?: boolean;
  notes?: string;
  revision?: boolean;
  /** Issue 29: a confidence level, or null for Not set. */
  confidence?: Confidence | null;
}

/** What the row will look like once the server agrees; mirrors the server's rules for the flags it shows. */
export function applyChange(problem: DsaProblem, change: ProgressChange, today: string): DsaProblem {
  const next = { ...problem };
  if (change.solved === true && !problem.solved) Object.assign(next, { solved: true, solvedOn: today });
  if (change.solved === false) {
    // Unticking a solve takes its judge's seal with it (the server forgets it too).
    Object.assign(next, { solved: false, solvedOn: null, revisionStage: null, revisionDueOn: null, verified: false });
  }
  if (change.bookmarked !== undefined) next.bookmarked = change.bookmarked;
  if (change.notes !== undefined) next.notes = change.notes.trim();
  if (change.confidence !== undefined) next.confidence = change.confidence;
  if (change.revision === true && next.solved && next.revisionDueOn === null) {
    const start = startRevision(today);
    Object.assign(next, { revisionStage: start.stage, revisionDueOn: start.dueOn });
  }
  if (change.revision === false) Object.assign(next, { revisionStage: null, revisionDueOn: null });
  return next;
}

/** The header's counts after a change, so they move with the checkbox instead of after the round trip. */
export function adjustStats(stats: DsaStats, before: DsaProblem, after: DsaProblem): DsaStats {
  const solvedDelta = Number(after.solved) - Number(before.solved);
  const bookmarkDelta = Number(after.bookmarked) - Number(before.bookmarked);
  if (solvedDelta === 0 && bookmarkDelta === 0) return stats;
  const difficulty = stats.difficultyStats[before.difficulty];
  return {
    ...stats,
    completedProblems: stats.completedProblems + solvedDelta,
    bookmarkedProblems: stats.bookmarkedProblems + bookmarkDelta,
    difficultyStats: {
      ...stats.difficultyStats,
      [before.difficulty]: { ...difficulty, completed: difficulty.completed + solvedDelta },
    },
  };
}

/** Writes the server's answer into a cached row. */
export function mergeProgress(problem: DsaProblem, progress: DsaProgress): DsaProblem {
  return {
    ...problem,
    solved: progress.solved,
    solvedOn: progress.solvedOn,
    bookmarked: progress.bookmarked,
    notes: progress.notes,
    revisionStage: progress.revisionStage,
    revisionDueOn: progress.revisionDueOn,
    confidence: progress.confidence ?? null,
    verified: progress.solved && problem.verified === true,
  };
}
