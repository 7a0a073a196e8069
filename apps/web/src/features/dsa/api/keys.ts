import type { Difficulty } from '@learnbuild/domain/rules/dsa-stats';
import type { ConfidenceFilter } from '@learnbuild/domain/rules/revision';
import type { ProblemStatus } from '@learnbuild/domain/schemas/dsa';

export interface SheetFilters {
  topic?: string;
  difficulty?: Difficulty;
  status?: ProblemStatus;
  q?: string;
  /** A company tag, any case (issue 28). */
  company?: string;
  /** Issue 29: a confidence level, or 'not-set'. */
  confidence?: ConfidenceFilter;
}

/** How the sheet orders its rows (issue 28): the learning path in steps, or one list by a number. */
export const SHEET_SORTS = ['path', 'difficulty', 'acceptance', 'solved'] as const;
export type SheetSort = (typeof SHEET_SORTS)[number];

/** Every DSA query key starts with 'dsa', so one invalidation refreshes the feature. */
export const dsaKeys = {
  all: ['dsa'] as const,
  problemLists: ['dsa', 'problems'] as const,
  problems: (filters: SheetFilters) => ['dsa', 'problems', filters] as const,
  topics: ['dsa', 'topics'] as const,
  stats: ['dsa', 'stats'] as const,
  activity: (days: number) => ['dsa', 'activity', days] as const,
  roadmap: ['dsa', 'roadmap'] as const,
  /** A problem's judge as DSA Management edits it. */
  judge: (problemId: string) => ['dsa', 'judge', problemId] as const,
};
