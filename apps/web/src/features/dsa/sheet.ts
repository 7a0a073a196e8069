import type { CatalogueProblem, DsaProblem, FlagsReply } from '@learnbuild/domain/schemas/dsa';
import type { SheetFilters } from './api/keys';

export type LearnerFlags = Omit<FlagsReply, 'success'>;

/** The sheet's rows: the shared catalogue with the learner's own flags on the problems they touched. */
export function mergeSheet(catalogue: readonly CatalogueProblem[], flags: LearnerFlags): DsaProblem[] {
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
      judge: problem.judge === true,
      verified: solvedOn !== undefined && verified.has(problem.id),
    };
  });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rows a filter set shows, with the rules `GET /api/dsa/problems` applies on the server: a topic by id or by
 * name (any case), the status against the learner's flags ('revision' means due on or before `today`), and the
 * search text in the title, the tags or the learner's note (any case).
 */
export function filterSheet(rows: readonly DsaProblem[], filters: SheetFilters, today: string): DsaProblem[] {
  const topic = filters.topic?.trim();
  const byTopicId = topic !== undefined && UUID_PATTERN.test(topic);
  const search = filters.q?.trim().toLowerCase();
  return rows.filter((row) => {
    if (topic && (byTopicId ? row.topicId !== topic : row.topic.toLowerCase() !== topic.toLowerCase())) return false;
    if (filters.difficulty && row.difficulty !== filters.difficulty) return false;
    if (filters.status === 'solved' && !row.solved) return false;
    if (filters.status === 'unsolved' && row.solved) return false;
    if (filters.status === 'bookmarked' && !row.bookmarked) return false;
    if (filters.status === 'revision' && (row.revisionDueOn === null || row.revisionDueOn > today)) return false;
    if (search && !searchKey(row).includes(search)) return false;
    return true;
  });
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
