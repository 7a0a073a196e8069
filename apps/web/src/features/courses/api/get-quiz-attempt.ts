import type { QuizAttemptStateReply } from '@learnbuild/domain/schemas/question-bank';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

/** Where a lesson's attempts live. */
export const attemptsPath = (courseId: string, lessonId: string) =>
  `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/attempts`;

/** The learner's standing at a quiz drawn from the bank, with the attempt they have open (the same after a reload). */
export async function getQuizAttempt(courseId: string, lessonId: string): Promise<QuizAttemptStateReply> {
  return (await api.get<QuizAttemptStateReply>(`${attemptsPath(courseId, lessonId)}/current`)).data;
}

export const quizAttemptKey = (userId: string | null, courseId: string, lessonId: string) =>
  [...coursesKey(userId), 'quiz-attempt', courseId, lessonId] as const;

export const quizAttemptQuery = (userId: string | null, courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: quizAttemptKey(userId, courseId, lessonId),
    queryFn: () => getQuizAttempt(courseId, lessonId),
    // The open attempt and its deadline are the server's: read them afresh on every visit.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useQuizAttempt(courseId: string, lessonId: string, enabled = true) {
  const userId = useSession().user?.id ?? null;
  return useQuery({ ...quizAttemptQuery(userId, courseId, lessonId), enabled });
}
