import type { SubmissionWithCode, submissionsReplySchema } from '@learnbuild/domain/schemas/judge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { practiceKeys, problemPath } from './keys';

/** The learner's own submissions of a problem, newest first, with the code each sent. */
export async function getSubmissions(slug: string): Promise<SubmissionWithCode[]> {
  return (await api.get<z.infer<typeof submissionsReplySchema>>(`${problemPath(slug)}/submissions`)).data.submissions;
}

export const submissionsQuery = (userId: string, slug: string) =>
  queryOptions({ queryKey: practiceKeys.submissions(userId, slug), queryFn: () => getSubmissions(slug) });

/** Asked for only when shown (the Submissions tab) and only for a signed-in learner. */
export function useSubmissions(slug: string, shown: boolean) {
  const userId = useSession().user?.id ?? '';
  return useQuery({ ...submissionsQuery(userId, slug), enabled: shown && userId !== '' });
}
