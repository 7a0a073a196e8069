import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';
import type { SheetFilters } from './keys';

export type PickMode = 'unsolved' | 'solved';

/** Issue 28's "Pick one": a random problem of the sheet's topic and difficulty, unsolved (or solved, to revise). */
export async function pickProblem(mode: PickMode, filters: Pick<SheetFilters, 'topic' | 'difficulty'>) {
  const params = { status: mode, topic: filters.topic, difficulty: filters.difficulty, timeZone: browserTimeZone() };
  return (await api.get<{ success: true; problem: DsaProblem }>('/api/dsa/problems/random', { params })).data.problem;
}
