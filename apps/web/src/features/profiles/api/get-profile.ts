import type { PublicProfile, PublicProfileReply } from '@learnbuild/domain/schemas/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export async function getProfile(handle: string): Promise<PublicProfile> {
  return (await api.get<PublicProfileReply>(`/api/profiles/${encodeURIComponent(handle)}`)).data.profile;
}

/**
 * Keyed by the account: its owner gets the whole profile as a preview (even while it is off), everyone else
 * only the parts it shows. Handles are kept lower-case, so the key is too.
 */
export const profileQuery = (userId: string | null, handle: string) =>
  queryOptions({
    queryKey: ['profiles', userId ?? 'anonymous', handle.toLowerCase()] as const,
    queryFn: () => getProfile(handle),
    retry: (count, error) => {
      const status = errorStatus(error);
      return !(status && status >= 400 && status < 500) && count < 2;
    },
  });

export function useProfile(handle: string) {
  const { user } = useSession();
  return useQuery(profileQuery(user?.id ?? null, handle));
}
