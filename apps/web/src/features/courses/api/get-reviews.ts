import type { ReviewsReply } from '@learnbuild/domain/schemas/courses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

/** The API's page size for reviews. */
export const REVIEWS_PAGE_SIZE = 10;

export async function getReviews(courseId: string, page: number): Promise<ReviewsReply> {
  return (await api.get<ReviewsReply>(`/api/courses/${encodeURIComponent(courseId)}/reviews`, { params: { page } }))
    .data;
}

export const reviewsQuery = (userId: string | null, courseId: string, page: number) =>
  queryOptions({
    queryKey: [...coursesKey(userId), 'reviews', courseId, page] as const,
    queryFn: () => getReviews(courseId, page),
    placeholderData: keepPreviousData,
  });

export function useReviews(courseId: string, page: number) {
  const { user } = useSession();
  return useQuery(reviewsQuery(user?.id ?? null, courseId, page));
}
