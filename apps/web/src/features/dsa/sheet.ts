import { matchesConfidence, orderForRevision } from '@learnbuild/domain/rules/revision';
import type { CatalogueProblem, DsaProblem, FlagsReply, ProblemStatsReply } from '@learnbuild/domain/schemas/dsa';
import type { SheetFilters, SheetSort } from './api/keys';

export type LearnerFlags = Omit<FlagsReply, 'success'>;
export type EveryonesStats = ProblemStatsReply['stats'];

/**
 * The sheet's rows: the shared catalogue with the learner's own flags on the problems they touched, and everyone's
 * numbers (issue 28) on the problems that have some.
 */
export function mergeSheet(
  catalogue: readonly CatalogueProblem[],
  flags: LearnerFlags,
  stats: EveryonesStats = {},
): DsaProblem[] {
  const bookmarked = new Set(flags.bookmarked);
  const verified = new Set(flags.verified ?? []);
  return catalogue.map((problem) => {
    const solvedOn = flags.solved[problem.id];
    const revision = flags.revision[problem.id];
    return {
      ...problem,
      solved: solvedOn !== undefined,
      solvedOn: solvedOn ?? null,
      bookmarked: bookmarked.has(problem.id),
      notes: flags.notes[problem.id] ?? '',
      revisionStage: revision?.stage ?? null,
      revisionDueOn: revision?.dueOn ?? null,
      confidence: flags.confidence?.[problem.id] ?? null,
      judge: problem.judge === true,
      verified: solvedOn !== undefined && verified.has(problem.id),
      acceptanceRate: stats[problem.id]?.acceptanceRate ?? null,
      solvedCount: stats[problem.id]?.solvedCount ?? 0,
    };
  });
}

/**
 * The companies some problem is tagged with, for the sheet's company filter: each once (the first spelling met),
 * in alphabetical order.
 */
export function companiesInUse(rows: readonly Pick<DsaProblem, 'companies'>[]): string[] {
  const byKey = new Map<string, string>();
  for (const row of rows) {
    for (const company of row.companies) {
      const key = company.toLowerCase();
      if (!byKey.has(key)) byKey.set(key, company);
    }
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rows a filter set shows, with the rules `GET /api/dsa/problems` applies on the server: a topic by id or by
 * name (any case), a company tag (any case), the status against the learner's flags ('revision' means due on or
 * before `today`), the confidence level (issue 29; 'not-set' for none), and the search text in the title, the tags or
 * the learner's note (any case). 'Revise today' comes in the server's order too: the earliest due day first, then the
 * lowest confidence.
 */
export function filterSheet(rows: readonly DsaProblem[], filters: SheetFilters, today: string): DsaProblem[] {
  const topic = filters.topic?.trim();
  const byTopicId = topic !== undefined && UUID_PATTERN.test(topic);
  const search = filters.q?.trim().toLowerCase();
  const company = filters.company?.trim().toLowerCase();
  const { confidence } = filters;
  const kept = rows.filter((row) => {
    if (topic && (byTopicId ? row.topicId !== topic : row.topic.toLowerCase() !== topic.toLowerCase())) return false;
    if (filters.difficulty && row.difficulty !== filters.difficulty) return false;
    if (company && !row.companies.some((name) => name.toLowerCase() === company)) return false;
    if (filters.status === 'solved' && !row.solved) return false;
    if (filters.status === 'unsolved' && row.solved) return false;
    if (filters.status === 'verified' && !(row.solved && row.verified)) return false;
    if (filters.status === 'bookmarked' && !row.bookmarked) return false;
    if (filters.status === 'revision' && (row.revisionDueOn === null || row.revisionDueOn > today)) return false;
    if (confidence && !matchesConfidence(row.confidence, confidence)) return false;
    if (search && !searchKey(row).includes(search)) return false;
    return true;
  });
  return filters.status === 'revision' ? orderForRevision(kept) : kept;
}

/**
 * Each row's searched text (title, tags and note, lower-cased), built once per row object: typing a query
 * then costs one `includes` per row rather than a join and a lower-casing of every row on every keystroke.
 * A changed row (a new note) is a new object, so it gets a new key.
 */
const searchKeys = new WeakMap<DsaProblem, string>();

function searchKey(row: DsaProblem): string {
  let key = searchKeys.get(row);
  if (key === undefined) {
    key = [row.title, row.tags.join(' '), row.notes].join('\n').toLowerCase();
    searchKeys.set(row, key);
  }
  return key;
}

/**
 * The rows whose title, tags or note hold `text` (any case), as `filterSheet` searches; the same array when
 * there is nothing to search, so a list that did not change is not a new one.
 */
export function searchSheet(rows: readonly DsaProblem[], text: string | undefined): readonly DsaProblem[] {
  const search = text?.trim().toLowerCase();
  if (!search) return rows;
  return rows.filter((row) => searchKey(row).includes(search));
}

const DIFFICULTY_ORDER = { Easy: 0, Medium: 1, Hard: 2 } as const;

/** The headings of a sorted sheet, which shows one list instead of steps. */
export const SORT_HEADINGS: Record<Exclude<SheetSort, 'path'>, string> = {
  difficulty: 'All problems, easiest first',
  acceptance: 'All problems, highest acceptance first',
  solved: 'All problems, most solved first',
};

/**
 * The rows in the order asked for; ties, and problems without an acceptance rate yet (under 20 submissions, last),
 * keep the learning path's order. The same array for the path, so an unsorted list is not a new one.
 */
export function sortSheet(rows: readonly DsaProblem[], sort: SheetSort): readonly DsaProblem[] {
  if (sort === 'path') return rows;
  const key = (row: DsaProblem): number => {
    if (sort === 'difficulty') return DIFFICULTY_ORDER[row.difficulty];
    if (sort === 'acceptance') return row.acceptanceRate === null ? 1 : -row.acceptanceRate;
    return -row.solvedCount;
  };
  return rows
    .map((row, index) => ({ row, index, key: key(row) }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ row }) => row);
}
