import type { QuizResultReply } from '@learnbuild/domain/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { coursesKey } from './keys';

export interface QuizAnswersInput {
  courseId: string;
  lessonId: string;
  /** One chosen option index per question, in the quiz's order. */
  answers: number[];
}

export async function submitQuiz({ courseId, lessonId, answers }: QuizAnswersInput): Promise<QuizResultReply> {
  const path = `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/quiz`;
  return (await api.post<QuizResultReply>(path, { answers })).data;
}

/** The server checks the answers; a pass completes the lesson, so the course is read again. */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: (result) => {
      if (result.passed) void queryClient.invalidateQueries({ queryKey: coursesKey(userId) });
    },
  });
}
