import type { Snippet, SnippetReply } from '@learnbuild/domain/schemas/code-editor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { snippetKeys } from './keys';

export async function getSnippet(snippetId: string): Promise<Snippet> {
  return (await api.get<SnippetReply>(`/api/snippets/${encodeURIComponent(snippetId)}`)).data.snippet;
}

export const snippetQuery = (userId: string | null, snippetId: string) =>
  queryOptions({
    queryKey: snippetKeys.detail(userId, snippetId),
    queryFn: () => getSnippet(snippetId),
    // A snippet that is not there (or not shared) stays not there: no retries.
    retry: (count, error) => errorStatus(error) !== 404 && count < 2,
    staleTime: 30_000,
  });

/** A snippet by id: the owner's own, or anyone's shared one (also when signed out). */
export function useSnippet(snippetId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({ ...snippetQuery(user?.id ?? null, snippetId ?? ''), enabled: snippetId !== null && enabled });
}
