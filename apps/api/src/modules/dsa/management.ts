import {
  type ImportReport,
  type ProblemBank,
  type ProblemImportRow,
  problemImportRowSchema,
  type problemInputSchema,
  type problemPatchSchema,
  slugify,
} from '@learnbuild/domain/schemas/dsa';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { retryingTransaction } from '../../db/transactions';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { formatCsv } from './csv';
import { csvOptional, emptyReport, type ImportRow, readImportRows, rowMessage } from './import-file';
import { invalidateProblemIndex } from './problem-index';
import * as q from './queries';
import { PROBLEM_NOT_FOUND } from './service';

const TOPIC_NOT_FOUND = 'This topic does not exist';
/** New problems start last (the largest int), then `reslot` moves them to their step. */
const END_POSITION = 2 ** 31 - 1;

export function toManagedProblem(row: q.ProblemRow, topic: string) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    step: row.step,
    topic,
    topicId: row.topicId,
    difficulty: row.difficulty,
    url: row.url,
    altUrl: row.altUrl,
    tags: row.tags,
    companies: row.companies,
    position: row.position,
  };
}

// Order

/**
 * Slots problems into the sheet order: each goes after the last problem of its step, or to the
 * end when its step is new. `order` must not hold them already.
 */
export function slotProblems<T extends { id: string; step: string }>(order: readonly T[], placed: readonly T[]): T[] {
  const result = [...order];
  for (const item of placed) {
    let index = -1;
    for (let i = result.length - 1; i >= 0; i--) {
      if (result[i]!.step === item.step) {
        index = i;
        break;
      }
    }
    result.splice(index === -1 ? result.length : index + 1, 0, item);
  }
  return result;
}

/** Numbers the sheet 0..n-1 in the given order, writing only what moved. */
async function writeOrder(tx: DbOrTx, order: readonly { id: string; position: number }[]) {
  const moved = order
    .map((item, index) => ({ id: item.id, position: index }))
    .filter((m, i) => order[i]!.position !== m.position);
  await q.setProblemPositions(
    tx,
    moved.map((m) => m.id),
    moved.map((m) => m.position),
  );
}

/** Re-slots the given problems (new ones, or ones whose step changed) into the live order. */
async function reslot(tx: DbOrTx, problemIds: readonly string[]) {
  const live = await q.liveProblemOrder(tx);
  const ids = new Set(problemIds);
  const placed = problemIds.map((id) => live.find((p) => p.id === id)).filter((p) => p !== undefined);
  await writeOrder(
    tx,
    slotProblems(
      live.filter((p) => !ids.has(p.id)),
      placed,
    ),
  );
}

/** Keeps the set of positions the listed items hold and hands them out in the new order. */
function reorderPositions(ids: readonly string[], current: readonly { id: string; position: number }[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('The new order lists an id twice');
  if (current.length !== ids.length) throw notFound('Some items in the new order do not exist');
  return current.map((item) => item.position).sort((a, b) => a - b);
}

export async function reorderProblems(db: Db, ids: string[]) {
  await retryingTransaction(db, async (tx) => {
    const positions = reorderPositions(ids, await q.problemPositions(tx, ids));
    await q.setProblemPositions(tx, ids, positions);
  });
  invalidateProblemIndex(db);
}

export async function reorderTopics(db: Db, ids: string[]) {
  await retryingTransaction(db, async (tx) => {
    const positions = reorderPositions(ids, await q.topicPositions(tx, ids));
    await q.setTopicPositions(tx, ids, positions);
  });
  invalidateProblemIndex(db);
}

// Topics

/** Topic names are unique regardless of case ("Arrays" and "arrays" would split the sheet). */
export async function createTopic(db: Db, name: string) {
  if (await q.findTopicByName(db, name)) throw conflict(`A topic named "${name}" already exists`);
  const created = await q.insertTopic(db, name, await q.nextTopicPosition(db));
  if (!created) throw conflict(`A topic named "${name}" already exists`);
  return { ...created, problemCount: 0 };
}

export async function renameTopic(db: Db, topicId: string, name: string) {
  if (!(await q.findTopic(db, topicId))) throw notFound(TOPIC_NOT_FOUND);
  const other = await q.findTopicByName(db, name);
  if (other && other.id !== topicId) throw conflict(`A topic named "${name}" already exists`);
  const renamed = (await q.renameTopic(db, topicId, name))!;
  // Every catalogue row carries its topic's name.
  invalidateProblemIndex(db);
  return renamed;
}

export async function deleteTopic(db: Db, topicId: string) {
  if (!(await q.findTopic(db, topicId))) throw notFound(TOPIC_NOT_FOUND);
  await retryingTransaction(db, async (tx) => {
    const live = await q.countLiveProblemsInTopic(tx, topicId);
    if (live > 0) {
      throw conflict(
        `This topic still has ${live} ${live === 1 ? 'problem' : 'problems'}; move or delete ${live === 1 ? 'it' : 'them'} first`,
      );
    }
    await q.deleteTopicWithDeletedProblems(tx, topicId);
  });
  invalidateProblemIndex(db);
}

// Problems

export async function createProblem(db: Db, input: z.output<typeof problemInputSchema>) {
  const topic = await q.findTopic(db, input.topicId);
  if (!topic) throw badRequest('Choose an existing topic');
  const slug = input.slug ?? slugify(input.title);
  if (!slug) throw badRequest('The title needs at least one letter or digit to make a slug');
  const created = await retryingTransaction(db, async (tx) => {
    const row = await q.insertProblem(tx, {
      slug,
      title: input.title,
      step: input.step,
      topicId: input.topicId,
      difficulty: input.difficulty,
      url: input.url,
      altUrl: input.altUrl ?? null,
      tags: input.tags ?? [],
      companies: input.companies ?? [],
      position: END_POSITION,
    });
    if (!row) throw conflict(`A problem with the slug "${slug}" already exists`);
    await reslot(tx, [row.id]);
    return row;
  });
  invalidateProblemIndex(db);
  const problem = (await q.findLiveProblem(db, created.id))!;
  return toManagedProblem(problem, topic.name);
}

export async function editProblem(db: Db, problemId: string, patch: z.output<typeof problemPatchSchema>) {
  const existing = await q.findLiveProblem(db, problemId);
  if (!existing) throw notFound(PROBLEM_NOT_FOUND);
  const topic = await q.findTopic(db, patch.topicId ?? existing.topicId);
  if (!topic) throw badRequest('Choose an existing topic');
  if (patch.slug && patch.slug !== existing.slug) {
    const taken = await q.findProblemBySlug(db, patch.slug);
    if (taken) throw conflict(`A problem with the slug "${patch.slug}" already exists`);
  }
  const updated = await retryingTransaction(db, async (tx) => {
    const row = await q.updateProblem(tx, problemId, patch);
    if (patch.step && patch.step !== existing.step) await reslot(tx, [problemId]);
    return row!;
  });
  invalidateProblemIndex(db);
  return toManagedProblem((await q.findLiveProblem(db, updated.id)) ?? updated, topic.name);
}

/** Soft delete: learners' rows stay, but the problem leaves every list and count. */
export async function deleteProblem(db: Db, problemId: string) {
  if (!(await q.softDeleteProblem(db, problemId))) throw notFound(PROBLEM_NOT_FOUND);
  invalidateProblemIndex(db);
}

// Import and export

export const PROBLEM_CSV_COLUMNS = [
  'slug',
  'title',
  'step',
  'topic',
  'difficulty',
  'url',
  'altUrl',
  'tags',
  'companies',
] as const;
const TAG_SEPARATOR = '|';

function splitList(cell: string): string[] {
  return cell
    .split(TAG_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

function problemFromCsv(values: Record<string, string>): Record<string, unknown> {
  return {
    slug: csvOptional(values.slug),
    title: values.title,
    step: values.step,
    topic: values.topic,
    difficulty: values.difficulty?.trim(),
    url: values.url,
    altUrl: csvOptional(values.alturl),
    tags: splitList(values.tags ?? ''),
    // A file written before company tags has no such column: its problems keep their companies.
    companies: values.companies === undefined ? undefined : splitList(values.companies),
  };
}

export function readProblemRows(body: unknown): ImportRow[] {
  return readImportRows(body, {
    listKey: 'problems',
    requiredColumns: ['title', 'step', 'topic', 'difficulty', 'url'],
    fromCsv: problemFromCsv,
  });
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

type Existing = Awaited<ReturnType<typeof q.allProblemsWithTopic>>[number];

function sameProblem(existing: Existing, row: ProblemImportRow): boolean {
  const p = existing.problem;
  return (
    p.deletedAt === null &&
    p.title === row.title &&
    p.step === row.step &&
    existing.topic.toLowerCase() === row.topic.toLowerCase() &&
    p.difficulty === row.difficulty &&
    p.url === row.url &&
    p.altUrl === row.altUrl &&
    sameList(p.tags, row.tags) &&
    (row.companies === undefined || sameList(p.companies, row.companies))
  );
}

export interface ProblemImportPlan {
  report: ImportReport & { newTopics: string[] };
  creates: ProblemImportRow[];
  updates: { id: string; row: ProblemImportRow; moved: boolean }[];
}

/** What an import would do, row by row, without writing anything. */
export async function planProblemImport(db: DbOrTx, rows: ImportRow[]): Promise<ProblemImportPlan> {
  const existing = new Map((await q.allProblemsWithTopic(db)).map((e) => [e.problem.slug, e]));
  const topics = new Set((await q.listTopics(db)).map((t) => t.name.toLowerCase()));
  const report = { ...emptyReport(), newTopics: [] as string[] };
  const plan: ProblemImportPlan = { report, creates: [], updates: [] };
  const seen = new Map<string, number>();
  for (const { row, value } of rows) {
    const withSlug =
      value && typeof value === 'object' && !(value as { slug?: unknown }).slug
        ? { ...value, slug: slugify(String((value as { title?: unknown }).title ?? '')) || undefined }
        : value;
    const parsed = problemImportRowSchema.safeParse(withSlug);
    if (!parsed.success) {
      report.errors.push({ row, message: rowMessage(parsed.error) });
      continue;
    }
    const item = parsed.data;
    const first = seen.get(item.slug);
    if (first !== undefined) {
      report.errors.push({
        row,
        message: `The slug "${item.slug}" appears twice in this file (first on row ${first})`,
      });
      continue;
    }
    seen.set(item.slug, row);
    if (!topics.has(item.topic.toLowerCase())) {
      topics.add(item.topic.toLowerCase());
      report.newTopics.push(item.topic);
    }
    const match = existing.get(item.slug);
    if (!match) {
      report.created++;
      plan.creates.push(item);
    } else if (sameProblem(match, item)) {
      report.unchanged++;
    } else {
      report.updated++;
      plan.updates.push({
        id: match.problem.id,
        row: item,
        moved: match.problem.step !== item.step || match.problem.deletedAt !== null,
      });
    }
  }
  return plan;
}

/** Writes a plan in one transaction and drops the cached problem index. */
export async function importProblems(db: Db, plan: ProblemImportPlan): Promise<void> {
  await retryingTransaction(db, (tx) => applyProblemImport(tx, plan));
  invalidateProblemIndex(db);
}

/** Writes a plan: missing topics, new problems slotted by step, edits (restoring deleted ones). */
export async function applyProblemImport(tx: DbOrTx, plan: ProblemImportPlan): Promise<void> {
  const topicIds = new Map((await q.listTopics(tx)).map((t) => [t.name.toLowerCase(), t.id]));
  let nextTopic = await q.nextTopicPosition(tx);
  const topicIdFor = async (name: string) => {
    const known = topicIds.get(name.toLowerCase());
    if (known) return known;
    const created = (await q.insertTopic(tx, name, nextTopic++)) ?? (await q.findTopicByName(tx, name))!;
    topicIds.set(name.toLowerCase(), created.id);
    return created.id;
  };
  const toPlace: string[] = [];
  for (const row of plan.creates) {
    const created = await q.insertProblem(tx, {
      slug: row.slug,
      title: row.title,
      step: row.step,
      topicId: await topicIdFor(row.topic),
      difficulty: row.difficulty,
      url: row.url,
      altUrl: row.altUrl,
      tags: row.tags,
      companies: row.companies ?? [],
      position: END_POSITION,
    });
    if (created) toPlace.push(created.id);
  }
  for (const { id, row, moved } of plan.updates) {
    await q.updateProblem(tx, id, {
      title: row.title,
      step: row.step,
      topicId: await topicIdFor(row.topic),
      difficulty: row.difficulty,
      url: row.url,
      altUrl: row.altUrl,
      tags: row.tags,
      ...(row.companies === undefined ? {} : { companies: row.companies }),
      deletedAt: null,
    });
    if (moved) toPlace.push(id);
  }
  if (toPlace.length > 0) await reslot(tx, toPlace);
}

/** The bank in the seed file's format, so an export can be imported (or seeded) again. */
export async function exportBank(db: DbOrTx): Promise<ProblemBank> {
  const rows = (await q.allProblemsWithTopic(db)).filter((e) => e.problem.deletedAt === null);
  return {
    version: 1,
    steps: [...new Set(rows.map((e) => e.problem.step))],
    problems: rows.map(({ problem: p, topic }) => ({
      slug: p.slug,
      title: p.title,
      step: p.step,
      topic,
      difficulty: p.difficulty,
      url: p.url,
      altUrl: p.altUrl,
      tags: p.tags,
      companies: p.companies,
    })),
  };
}

export function bankToCsv(bank: ProblemBank): string {
  return formatCsv(
    PROBLEM_CSV_COLUMNS,
    bank.problems.map((p) => [
      p.slug,
      p.title,
      p.step,
      p.topic,
      p.difficulty,
      p.url,
      p.altUrl,
      p.tags.join(TAG_SEPARATOR),
      (p.companies ?? []).join(TAG_SEPARATOR),
    ]),
  );
}
