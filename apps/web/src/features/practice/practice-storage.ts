import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import { readJson, writeJson } from '@/lib/storage';

/**
 * What the problem page keeps in this browser: the learner's code per problem and language (a reload loses
 * nothing), the language last chosen, Vim mode and where the divider was left.
 */

const PREFIX = 'learnbuild.practice';

interface ProblemBuffers {
  language?: JudgeSolveLanguage;
  code: Partial<Record<JudgeSolveLanguage, string>>;
}

const problemKey = (slug: string) => `${PREFIX}.code:${slug}`;

export function readProblemBuffers(slug: string): ProblemBuffers {
  const stored = readJson<Partial<ProblemBuffers> | null>(problemKey(slug), null);
  return {
    language: typeof stored?.language === 'string' ? stored.language : undefined,
    code: typeof stored?.code === 'object' && stored.code !== null ? stored.code : {},
  };
}

export function writeProblemBuffers(slug: string, change: (buffers: ProblemBuffers) => void): void {
  const buffers = readProblemBuffers(slug);
  change(buffers);
  writeJson(problemKey(slug), buffers);
}

export interface PracticePreferences {
  /** The language a problem opened for the first time starts in. */
  language?: JudgeSolveLanguage;
  vim: boolean;
  /** The statement's share of the width, in percent. */
  split: number;
}

export const SPLIT_DEFAULT = 45;
export const SPLIT_MIN = 25;
export const SPLIT_MAX = 75;

export function readPracticePreferences(): PracticePreferences {
  const stored = readJson<Partial<PracticePreferences>>(`${PREFIX}.preferences`, {});
  const split = typeof stored.split === 'number' ? stored.split : SPLIT_DEFAULT;
  return {
    language: typeof stored.language === 'string' ? stored.language : undefined,
    vim: stored.vim === true,
    split: Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, split)),
  };
}

export function writePracticePreferences(change: Partial<PracticePreferences>): void {
  writeJson(`${PREFIX}.preferences`, { ...readPracticePreferences(), ...change });
}
