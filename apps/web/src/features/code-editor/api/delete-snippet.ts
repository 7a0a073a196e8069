import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { snippetKeys } from './keys';

export async function deleteSnippet(snippetId: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/snippets/${encodeURIComponent(snippetId)}`)).data;
}

export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: deleteSnippet,
    onSuccess: (_reply, snippetId) => {
      queryClient.removeQueries({ queryKey: snippetKeys.detail(user?.id ?? null, snippetId) });
      void queryClient.invalidateQueries({ queryKey: snippetKeys.list(user?.id ?? null) });
    },
  });
}
