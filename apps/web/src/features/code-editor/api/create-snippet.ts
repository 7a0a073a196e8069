import type { CreateSnippetBody, SnippetReply } from '@learnbuild/domain/schemas/code-editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { snippetKeys } from './keys';

export async function createSnippet(body: CreateSnippetBody) {
  return (await api.post<SnippetReply>('/api/snippets', body)).data.snippet;
}

export function useCreateSnippet() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: createSnippet,
    onSuccess: (snippet) => {
      queryClient.setQueryData(snippetKeys.detail(user?.id ?? null, snippet.id), snippet);
      void queryClient.invalidateQueries({ queryKey: snippetKeys.list(user?.id ?? null) });
    },
  });
}
