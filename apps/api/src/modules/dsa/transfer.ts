import { startRevision } from '@learnbuild/domain/rules/revision';
import { latestSolveDay } from '@learnbuild/domain/rules/streaks';
import { type ImportReport, type ProgressImportRow, progressImportRowSchema } from '@learnbuild/domain/schemas/dsa';
import type { Db, DbOrTx } from '../../db/client';
import { retryingTransaction } from '../../db/transactions';
import { formatCsv } from './csv';
import { csvBoolean, csvOptional, emptyReport, type ImportRow, readImportRows, rowMessage } from './import-file';
import { forgetLearner } from './learner-cache';
import * as q from './queries';

/** A learner's own progress, moved between accounts by slug (problem ids differ between installations). */

export const PROGRESS_CSV_COLUMNS = [
  'slug',
  'title',
  'solved',
  'solvedOn',
  'bookmarked',
  'notes',
  'revisionStage',
  'revisionDueOn',
] as const;

export async function exportProgress(db: DbOrTx, userId: string) {
  const rows = await q.progressForExport(db, userId);
  return { version: 1 as const, exportedAt: new Date().toISOString(), progress: rows };
}

export function progressToCsv(progress: Awaited<ReturnType<typeof exportProgress>>['progress']): string {
  return formatCsv(
    PROGRESS_CSV_COLUMNS,
    progress.map((p) => [
      p.slug,
      p.title,
      p.solved,
      p.solvedOn,
      p.bookmarked,
      p.notes,
      p.revisionStage,
      p.revisionDueOn,
    ]),
  );
}

function progressFromCsv(values: Record<string, string>): Record<string, unknown> {
  const stage = csvOptional(values.revisionstage);
  return {
    slug: values.slug?.trim(),
    solved: csvBoolean(values.solved),
    solvedOn: csvOptional(values.solvedon),
    bookmarked: csvBoolean(values.bookmarked),
    notes: values.notes ?? '',
    revisionStage: stage === undefined ? undefined : Number(stage),
    revisionDueOn: csvOptional(values.revisionduedon),
  };
}

export function readProgressRows(body: unknown): ImportRow[] {
  return readImportRows(body, { listKey: 'progress', requiredColumns: ['slug'], fromCsv: progressFromCsv });
}

const EMPTY: q.ProgressValues = {
  solved: false,
  solvedAt: null,
  solvedOn: null,
  bookmarked: false,
  notes: '',
  revisionStage: null,
  revisionDueOn: null,
  verified: false,
};

/**
 * An import never takes progress away: flags are added, the earlier solve day is kept, notes
 * fill an empty note or are appended to a different one, and a revision schedule is kept if
 * one is running. Returns null when nothing would change.
 */
export function mergeImportedProgress(
  current: q.ProgressValues | undefined,
  row: ProgressImportRow,
  today: string,
): q.ProgressValues | null {
  const base: q.ProgressValues = current
    ? {
        solved: current.solved,
        solvedAt: current.solvedAt,
        solvedOn: current.solvedOn,
        bookmarked: current.bookmarked,
        notes: current.notes,
        revisionStage: current.revisionStage,
        revisionDueOn: current.revisionDueOn,
        verified: current.verified,
      }
    : EMPTY;
  const next = { ...base };
  if (row.solved) {
    const day = row.solvedOn ?? today;
    if (!base.solved || (base.solvedOn !== null && day < base.solvedOn)) {
      next.solved = true;
      next.solvedOn = day;
      // The original instant is unknown: noon UTC lands on that day in almost every zone.
      next.solvedAt = new Date(`${day}T12:00:00Z`);
    }
  }
  if (row.bookmarked) next.bookmarked = true;
  const notes = row.notes.trim();
  if (notes && !base.notes.includes(notes)) next.notes = base.notes ? `${base.notes}\n\n${notes}` : notes;
  if (next.solved && next.revisionDueOn === null && row.revisionStage !== null) {
    next.revisionStage = row.revisionStage;
    next.revisionDueOn = row.revisionDueOn ?? startRevision(today).dueOn;
  }
  const changed = (Object.keys(next) as (keyof q.ProgressValues)[]).some(
    (key) => String(next[key]) !== String(base[key]),
  );
  return changed ? next : null;
}

export interface ProgressImportPlan {
  report: ImportReport;
  writes: { problemId: string; values: q.ProgressValues }[];
}

export async function planProgressImport(
  db: DbOrTx,
  userId: string,
  rows: ImportRow[],
  today: string,
): Promise<ProgressImportPlan> {
  const problems = new Map(
    (await q.allProblemsWithTopic(db))
      .filter((e) => e.problem.deletedAt === null)
      .map((e) => [e.problem.slug, e.problem.id]),
  );
  const report = emptyReport();
  const writes: ProgressImportPlan['writes'] = [];
  const parsedRows: { row: number; data: ProgressImportRow; problemId: string }[] = [];
  for (const { row, value } of rows) {
    const parsed = progressImportRowSchema.safeParse(value);
    if (!parsed.success) {
      report.errors.push({ row, message: rowMessage(parsed.error) });
      continue;
    }
    const { solvedOn } = parsed.data;
    if (solvedOn !== null && solvedOn > latestSolveDay(today)) {
      report.errors.push({ row, message: `The solve day ${solvedOn} has not come yet` });
      continue;
    }
    const problemId = problems.get(parsed.data.slug);
    if (!problemId) {
      report.errors.push({ row, message: `No problem with the slug "${parsed.data.slug}" is on this sheet` });
      continue;
    }
    parsedRows.push({ row, data: parsed.data, problemId });
  }
  const current = new Map(
    (
      await q.progressRows(
        db,
        userId,
        parsedRows.map((r) => r.problemId),
      )
    ).map((r) => [r.problemId, r]),
  );
  const pending = new Map<string, q.ProgressValues>();
  for (const { data, problemId } of parsedRows) {
    const before = pending.get(problemId) ?? current.get(problemId);
    const next = mergeImportedProgress(before, data, today);
    if (!next) {
      report.unchanged++;
      continue;
    }
    if (current.has(problemId) || pending.has(problemId)) report.updated++;
    else report.created++;
    pending.set(problemId, next);
  }
  for (const [problemId, values] of pending) writes.push({ problemId, values });
  return { report, writes };
}

export async function applyProgressImport(db: Db, userId: string, plan: ProgressImportPlan): Promise<void> {
  await retryingTransaction(db, async (tx) => {
    for (const { problemId, values } of plan.writes) await q.upsertProgress(tx, userId, problemId, values);
  });
  forgetLearner(db, userId);
}
