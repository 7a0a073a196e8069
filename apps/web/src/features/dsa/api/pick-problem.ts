import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';
import type { SheetFilters } from './keys';

export type PickMode = 'unsolved' | 'solved';

export type PickFilters = Pick<SheetFilters, 'topic' | 'difficulty' | 'company'>;

/**
 * Issue 28's "Pick one": a random problem of the sheet's topic, difficulty and company, unsolved (or solved, to
 * revise).
 */
export async function pickProblem(mode: PickMode, filters: PickFilters) {
  const params = {
    status: mode,
    topic: filters.topic,
    difficulty: filters.difficulty,
    company: filters.company,
    timeZone: browserTimeZone(),
  };
  return (await api.get<{ success: true; problem: DsaProblem }>('/api/dsa/problems/random', { params })).data.problem;
}
