import type { SearchReply, SearchResult } from '@learnbuild/domain/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export async function searchEverything(text: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return (await api.get<SearchReply>('/api/search', { params: { q: text }, signal })).data.results;
}

/** Keyed by the account: a signed-in reader and an admin find more than a visitor. */
export const searchQuery = (userId: string | null, text: string) =>
  queryOptions({
    queryKey: ['search', userId ?? 'anonymous', text.toLowerCase()] as const,
    queryFn: ({ signal }) => searchEverything(text, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The results for `text` (already debounced and trimmed); idle while it is too short to search. */
export function useSearch(text: string, enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...searchQuery(user?.id ?? null, text), enabled, placeholderData: keepPreviousData });
}
