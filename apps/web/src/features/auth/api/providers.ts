import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: async () =>
    (await api.get<{ success: true; providers: { id: 'oidc' | 'github'; name: string }[] }>('/api/auth/providers')).data
      .providers,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useProviders() {
  return useQuery(providersQuery);
}
