import { type Difficulty, type DifficultyStats, difficultyStats } from '@learnbuild/domain/rules/dsa-stats';
import type { DbOrTx } from '../../db/client';
import { sharedForget } from '../../lib/cluster-bus';
import { forgetCatalogue } from './catalogue';
import { forgetAllLearners } from './learner-cache';
import * as q from './queries';

/**
 * The live problems' difficulties, kept in memory: stats and activity then read only the learner's
 * own rows instead of joining the whole bank on every call. It is a cache (DESIGN: the only state
 * an instance keeps): every instance drops it on every management write (the cluster bus tells the
 * others), and MAX_AGE_MS bounds how long a change goes unseen while Redis is unreachable.
 */
export interface ProblemIndex {
  /** Live problems per difficulty. */
  totals: DifficultyStats;
  /** Soft-deleted problems, left out of learners' counts in SQL. */
  deletedIds: string[];
}

const MAX_AGE_MS = 10_000;

interface Entry {
  loadedAt: number;
  index: Promise<ProblemIndex>;
  /** The index once loaded: a read that finds it needs no promise. */
  loaded?: ProblemIndex;
}

/** One entry per database (tests run several apps in one process). */
const entries = new WeakMap<object, Entry>();

async function load(db: DbOrTx): Promise<ProblemIndex> {
  const rows = await q.problemDifficulties(db);
  const live = rows.filter((row) => !row.deleted);
  const counts = new Map<Difficulty, number>();
  for (const row of live) counts.set(row.difficulty, (counts.get(row.difficulty) ?? 0) + 1);
  return {
    deletedIds: rows.filter((row) => row.deleted).map((row) => row.id),
    totals: difficultyStats([...counts].map(([difficulty, total]) => ({ difficulty, total, completed: 0 }))),
  };
}

export function liveProblemIndex(db: DbOrTx): Promise<ProblemIndex> {
  const entry = entries.get(db);
  if (entry && Date.now() - entry.loadedAt < MAX_AGE_MS) return entry.index;
  // Concurrent callers share one load; a failed load is not kept.
  const index = load(db);
  const fresh: Entry = { loadedAt: Date.now(), index };
  entries.set(db, fresh);
  index.then(
    (loaded) => {
      fresh.loaded = loaded;
    },
    () => {
      if (entries.get(db) === fresh) entries.delete(db);
    },
  );
  return index;
}

/** The index when it is loaded and fresh, without waiting; otherwise undefined (ask `liveProblemIndex`). */
export function loadedProblemIndex(db: DbOrTx): ProblemIndex | undefined {
  const entry = entries.get(db);
  return entry && Date.now() - entry.loadedAt < MAX_AGE_MS ? entry.loaded : undefined;
}

/**
 * Called after any write to the bank (a problem added, edited, removed or moved, a topic renamed): the one
 * entry point that drops everything built from the bank, the catalogue's bytes included.
 */
export const invalidateProblemIndex = sharedForget('dsa.bank', invalidateProblemIndexHere);

/** This instance's part of `invalidateProblemIndex`; the other instances run it when the cluster bus tells them. */
function invalidateProblemIndexHere(db: DbOrTx): void {
  entries.delete(db);
  forgetCatalogue(db);
  forgetAllLearners(db);
}
