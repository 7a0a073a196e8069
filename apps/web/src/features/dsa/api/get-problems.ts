import type { DsaProblem, ProblemsReply } from '@learnbuild/domain/schemas/dsa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../time-zone';
import { dsaKeys, type SheetFilters } from './keys';

export async function getProblems(filters: SheetFilters): Promise<DsaProblem[]> {
  const { data } = await api.get<ProblemsReply>('/api/dsa/problems', {
    params: { ...filters, timeZone: browserTimeZone() },
  });
  return data.problems;
}

export function problemsQuery(filters: SheetFilters) {
  return queryOptions({
    queryKey: dsaKeys.problems(filters),
    queryFn: () => getProblems(filters),
    // A new filter keeps the old rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useProblems(filters: SheetFilters) {
  return useQuery(problemsQuery(filters));
}
