import type { CatalogueProblem, DsaProblem, FlagsReply } from '@learnbuild/domain/schemas/dsa';
import type { SheetFilters } from './api/keys';

export type LearnerFlags = Omit<FlagsReply, 'success'>;

/** The sheet's rows: the shared catalogue with the learner's own flags on the problems they touched. */
export function mergeSheet(catalogue: readonly CatalogueProblem[], flags: LearnerFlags): DsaProblem[] {
  const bookmarked = new Set(flags.bookmarked);
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
    if (search) {
      const text = [row.title, row.tags.join(' '), row.notes].join('\n').toLowerCase();
      if (!text.includes(search)) return false;
    }
    return true;
  });
}
