import type { ProblemDiscussionReply } from '@learnbuild/domain/schemas/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { practiceKeys, problemPath } from './keys';

export async function getDiscussion(slug: string): Promise<ProblemDiscussionReply['discussion']> {
  return (await api.get<ProblemDiscussionReply>(`${problemPath(slug)}/discussion`)).data.discussion;
}

export const discussionQuery = (userId: string | null, slug: string) =>
  queryOptions({ queryKey: practiceKeys.discussion(userId, slug), queryFn: () => getDiscussion(slug) });

/** Read once the Discussion tab is opened. */
export function useDiscussion(slug: string, opened: boolean) {
  const userId = useSession().user?.id ?? null;
  return useQuery({ ...discussionQuery(userId, slug), enabled: opened });
}
