import type { User } from '@learnbuild/domain/schemas/auth';
import type { PublicProfileSettings } from '@learnbuild/domain/schemas/profiles';
import { api } from '@/lib/api-client';

type UserReply = { success: true; message: string; user: User };

/** Issue 29: the public handle (null clears it) and the public profile's switches; only what is sent changes. */
export async function updatePublicProfile(change: {
  handle?: string | null;
  publicProfile?: Partial<PublicProfileSettings>;
}) {
  return (await api.put<UserReply>('/api/auth/profile', change)).data;
}
