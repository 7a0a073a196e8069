import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export type ReportAction = 'hide' | 'dismiss';

/** `hide` hides the reported post, `dismiss` leaves it up; either closes every open report on that post. */
export async function resolveReport({ id, action }: { id: string; action: ReportAction }) {
  const path = `/api/admin/community/reports/${encodeURIComponent(id)}/resolve`;
  return (await api.post<{ success: true; message: string; closed: number }>(path, { action })).data;
}

/**
 * Refreshes the queue and the audit log once it settles, refused or not (a 409 means another moderator
 * settled it first), and the community pages, which the hidden post leaves.
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['community'] }),
      ]),
  });
}
