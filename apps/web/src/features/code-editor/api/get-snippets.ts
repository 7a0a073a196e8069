import type { SnippetSummary, SnippetsReply } from '@learnbuild/domain/schemas/code-editor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { snippetKeys } from './keys';

export async function getSnippets(): Promise<SnippetSummary[]> {
  return (await api.get<SnippetsReply>('/api/snippets')).data.snippets;
}

export const snippetsQuery = (userId: string | null) =>
  queryOptions({ queryKey: snippetKeys.list(userId), queryFn: getSnippets, enabled: userId !== null });

/** The signed-in learner's snippets, newest first; nothing is asked for when signed out. */
export function useSnippets({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useSession();
  const query = snippetsQuery(user?.id ?? null);
  return useQuery({ ...query, enabled: query.enabled !== false && enabled });
}
