import type { ChangeRoleBody, ChangeRoleReply } from '@learnbuild/domain/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export async function changeRole({ id, role }: ChangeRoleBody & { id: string }): Promise<ChangeRoleReply> {
  return (await api.patch<ChangeRoleReply>(`/api/admin/users/${encodeURIComponent(id)}/role`, { role })).data;
}

/** Refreshes the admin lists (users, applications, the audit log) once it settles, refused or not. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
