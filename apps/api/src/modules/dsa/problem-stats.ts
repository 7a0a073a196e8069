import { acceptanceRate } from '@learnbuild/domain/rules/acceptance';
import type { ProblemStatsReply } from '@learnbuild/domain/schemas/dsa';
import type { DbOrTx } from '../../db/client';
import { type Precompressed, precompress } from '../../lib/precompressed';
import * as q from './queries';

/**
 * What every learner sees of everyone's work on a problem (issue 28): how many solved it and its acceptance rate on
 * LearnBuild. Two grouped reads of the whole progress and submission tables, so the result is kept in memory for
 * MAX_AGE_MS (DESIGN: a cache is the only state an instance keeps); the numbers may lag that long, which a count
 * of solvers can afford. They live apart from the catalogue, whose bytes change only with the bank, and reach the
 * sheet as their own small reply (`GET /api/dsa/problem-stats`). Concurrent readers share one load; a failed load
 * is not kept.
 */
export interface ProblemStats {
  solvedCount: number;
  acceptanceRate: number | null;
}

export const NO_STATS: ProblemStats = { solvedCount: 0, acceptanceRate: null };

const MAX_AGE_MS = 10_000;

/** Everyone reads the same numbers; a browser revalidates them with the ETag on every use. */
export const PROBLEM_STATS_CACHE_CONTROL = 'public, no-cache';

interface Loaded {
  byId: Map<string, ProblemStats>;
  reply: Promise<Precompressed>;
}

interface Entry {
  loadedAt: number;
  loaded: Promise<Loaded>;
}

const entries = new WeakMap<object, Entry>();

async function load(db: DbOrTx): Promise<Loaded> {
  const [solved, submitted] = await Promise.all([q.solvedCounts(db), q.submissionCounts(db)]);
  const byId = new Map<string, ProblemStats>();
  for (const row of solved) byId.set(row.problemId, { solvedCount: row.solved, acceptanceRate: null });
  for (const row of submitted) {
    const solvedCount = byId.get(row.problemId)?.solvedCount ?? 0;
    byId.set(row.problemId, { solvedCount, acceptanceRate: acceptanceRate(row.accepted, row.submissions) });
  }
  const body: ProblemStatsReply = { success: true, stats: Object.fromEntries(byId) };
  const reply = precompress(Buffer.from(JSON.stringify(body)), 'application/json; charset=utf-8');
  // Asked for by the route only; a failure there is the route's.
  reply.catch(() => undefined);
  return { byId, reply };
}

function current(db: DbOrTx): Promise<Loaded> {
  const entry = entries.get(db);
  if (entry && Date.now() - entry.loadedAt < MAX_AGE_MS && Date.now() >= entry.loadedAt) return entry.loaded;
  const loaded = load(db);
  const fresh: Entry = { loadedAt: Date.now(), loaded };
  entries.set(db, fresh);
  loaded.catch(() => {
    if (entries.get(db) === fresh) entries.delete(db);
  });
  return loaded;
}

/** Every problem's stats by id; a problem missing from the map has none (NO_STATS). */
export async function problemStats(db: DbOrTx): Promise<Map<string, ProblemStats>> {
  return (await current(db)).byId;
}

/** The body of `GET /api/dsa/problem-stats`, precompressed with its ETag. */
export async function problemStatsReply(db: DbOrTx): Promise<Precompressed> {
  return (await current(db)).reply;
}

/** Drops the kept stats, so the next read counts again. */
export function forgetProblemStats(db: DbOrTx): void {
  entries.delete(db);
}

/** The rows with their stats. */
export async function withStats<Row extends { id: string }>(db: DbOrTx, rows: Row[]): Promise<(Row & ProblemStats)[]> {
  const stats = await problemStats(db);
  return rows.map((row) => ({ ...row, ...(stats.get(row.id) ?? NO_STATS) }));
}
