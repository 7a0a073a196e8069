import type { CategoriesReply } from '@learnbuild/domain/schemas/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export async function getCategories(): Promise<CategoriesReply> {
  return (await api.get<CategoriesReply>('/api/community/categories')).data;
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: communityKeys.categories(),
    queryFn: getCategories,
    select: (reply) => reply.categories,
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
