import type { Practice, practiceReplySchema } from '@learnbuild/domain/schemas/judge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { practiceKeys, problemPath } from './keys';

/** A judged problem's page: statement, examples, hints, signature and starter code (404 when it has no judge). */
export async function getPractice(slug: string): Promise<Practice> {
  return (await api.get<z.infer<typeof practiceReplySchema>>(`${problemPath(slug)}/practice`)).data.practice;
}

export const practiceQuery = (slug: string) =>
  queryOptions({
    queryKey: practiceKeys.problem(slug),
    queryFn: () => getPractice(slug),
    // A statement changes only when an author edits it.
    staleTime: 5 * 60_000,
  });

export function usePractice(slug: string) {
  return useQuery(practiceQuery(slug));
}
