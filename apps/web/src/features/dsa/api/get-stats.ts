import { type DsaStats, statsOrFallback } from '@learnbuild/domain/rules/dsa-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '@/features/dsa/time-zone';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';

export type StatsResult = { stats: DsaStats; fallback: boolean };

/** SPEC 8 / DESIGN decision 2: a failed or malformed reply gives zeroed stats and is only logged. */
export async function getDsaStats(): Promise<StatsResult> {
  let reply: unknown;
  try {
    reply = (await api.get('/api/dsa/progress/stats', { params: { timeZone: browserTimeZone() } })).data;
  } catch (error) {
    console.warn('Could not load DSA stats; showing zeroed stats', error);
  }
  const result = statsOrFallback(reply);
  if (result.fallback && reply !== undefined) console.warn('DSA stats reply was malformed; showing zeroed stats');
  return result;
}

export const statsQuery = queryOptions({ queryKey: dsaKeys.stats, queryFn: getDsaStats });

export function useDsaStats() {
  return useQuery(statsQuery);
}
