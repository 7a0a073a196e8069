import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { blogKey, blogKeys } from './keys';

export async function deletePost(slug: string): Promise<void> {
  await api.delete(`/api/blog/${encodeURIComponent(slug)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_reply, slug) => {
      queryClient.removeQueries({ queryKey: blogKeys.post(userId, slug) });
      void queryClient.invalidateQueries({ queryKey: blogKey(userId) });
    },
  });
}
