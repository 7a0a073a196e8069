import type { Editorial, editorialReplySchema } from '@learnbuild/domain/schemas/judge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { practiceKeys, problemPath } from './keys';

/** The approach, its complexity and the solutions: it gives the problem away, so it is asked for on demand. */
export async function getEditorial(slug: string): Promise<Editorial> {
  return (await api.get<z.infer<typeof editorialReplySchema>>(`${problemPath(slug)}/editorial`)).data.editorial;
}

export const editorialQuery = (userId: string, slug: string) =>
  queryOptions({
    queryKey: practiceKeys.editorial(userId, slug),
    queryFn: () => getEditorial(slug),
    staleTime: 5 * 60_000,
  });

/** Fetched only once the learner asked to see it (signed in). */
export function useEditorial(slug: string, asked: boolean) {
  const userId = useSession().user?.id ?? '';
  return useQuery({ ...editorialQuery(userId, slug), enabled: asked && userId !== '' });
}
