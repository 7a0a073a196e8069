import type { Role } from '@learnbuild/domain/roles';
import type { UsersReply } from '@learnbuild/domain/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface UsersFilter {
  role?: Role;
  q?: string;
  page: number;
}

export async function getUsers(filter: UsersFilter): Promise<UsersReply> {
  return (await api.get<UsersReply>('/api/admin/users', { params: filter })).data;
}

export const usersQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'users', filter] as const,
    queryFn: () => getUsers(filter),
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQuery(filter));
}
