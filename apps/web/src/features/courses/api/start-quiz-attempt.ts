import type { QuizAttemptStateReply } from '@learnbuild/domain/schemas/question-bank';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { attemptsPath, quizAttemptKey } from './get-quiz-attempt';

export async function startQuizAttempt({
  courseId,
  lessonId,
}: {
  courseId: string;
  lessonId: string;
}): Promise<QuizAttemptStateReply> {
  return (await api.post<QuizAttemptStateReply>(attemptsPath(courseId, lessonId))).data;
}

/** Starts an attempt (or gets the open one); the reply is the quiz's standing, kept as the query's data. */
export function useStartQuizAttempt() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: startQuizAttempt,
    onSuccess: (state, { courseId, lessonId }) => {
      queryClient.setQueryData(quizAttemptKey(userId, courseId, lessonId), state);
    },
  });
}
