import type { CatalogueReply, DsaProblem, FlagsReply, ProblemStatsReply } from '@learnbuild/domain/schemas/dsa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filterSheet, mergeSheet } from '@/features/dsa/sheet';
import { browserToday } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';
import { dsaKeys, type SheetFilters } from './keys';

/** Everyone's numbers are extra: the sheet still shows when they cannot be read. */
async function fetchStats(): Promise<ProblemStatsReply['stats']> {
  try {
    return (await api.get<ProblemStatsReply>('/api/dsa/problem-stats')).data.stats;
  } catch (error) {
    console.warn("Could not load the problems' numbers; showing the sheet without them", error);
    return {};
  }
}

/**
 * The whole sheet in three calls: the catalogue every learner shares (the browser keeps it and revalidates it with
 * its ETag, so an unchanged bank costs a 304), the learner's own flags, and everyone's numbers (issue 28).
 */
async function fetchSheet(): Promise<DsaProblem[]> {
  const [catalogue, flags, stats] = await Promise.all([
    api.get<CatalogueReply>('/api/dsa/catalogue'),
    api.get<FlagsReply>('/api/dsa/progress/flags'),
    fetchStats(),
  ]);
  return mergeSheet(catalogue.data.problems, flags.data, stats);
}

/**
 * Lists asked for together (the sheet and its 'Revise today' count mount in one go) share one pair of calls. Only
 * those: a list asked for later, after a change of the learner's, must not reuse a read that began before it.
 */
let loading: Promise<DsaProblem[]> | undefined;

function loadSheet(): Promise<DsaProblem[]> {
  if (!loading) {
    loading = fetchSheet();
    setTimeout(() => {
      loading = undefined;
    }, 0);
  }
  return loading;
}

export async function getProblems(filters: SheetFilters): Promise<DsaProblem[]> {
  return filterSheet(await loadSheet(), filters, browserToday());
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
