import type { Preferences, PreferencesReply, UpdatePreferencesBody } from '@learnbuild/domain/schemas/community';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const preferencesQueryKey = ['auth', 'preferences'] as const;

export async function getPreferences(): Promise<Preferences> {
  return (await api.get<PreferencesReply>('/api/auth/preferences')).data.preferences;
}

export async function updatePreferences(changes: UpdatePreferencesBody): Promise<Preferences> {
  return (await api.put<PreferencesReply>('/api/auth/preferences', changes)).data.preferences;
}

export const preferencesQuery = () => queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQuery());
}

/** The switch moves at once; a refusal puts it back (the server's answer is the truth either way). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const before = queryClient.getQueryData<Preferences>(preferencesQueryKey);
      if (before) queryClient.setQueryData<Preferences>(preferencesQueryKey, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(preferencesQueryKey, context.before);
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
