import type { SnippetReply, UpdateSnippetBody } from '@learnbuild/domain/schemas/code-editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { snippetKeys } from './keys';

export async function updateSnippet({ snippetId, changes }: { snippetId: string; changes: UpdateSnippetBody }) {
  return (await api.put<SnippetReply>(`/api/snippets/${encodeURIComponent(snippetId)}`, changes)).data.snippet;
}

/** Save, rename and share all change one snippet; the open snippet and the list follow the answer. */
export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: updateSnippet,
    onSuccess: (snippet) => {
      queryClient.setQueryData(snippetKeys.detail(user?.id ?? null, snippet.id), snippet);
      void queryClient.invalidateQueries({ queryKey: snippetKeys.list(user?.id ?? null) });
    },
  });
}
