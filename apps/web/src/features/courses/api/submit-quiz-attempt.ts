import type { QuizAnswer } from '@learnbuild/domain/rules/quiz-grading';
import type { AttemptResultReply, QuizAnswerBody } from '@learnbuild/domain/schemas/question-bank';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { attemptsPath, quizAttemptKey } from './get-quiz-attempt';
import { coursesKey } from './keys';

export interface SubmitAttemptInput {
  courseId: string;
  lessonId: string;
  attemptId: string;
  /** One answer per question in the order shown. */
  answers: QuizAnswer[];
}

/** An answer as the API takes it: `choice`, `choices` or `text`; `{}` for one left out. */
export function answerBody(answer: QuizAnswer): QuizAnswerBody {
  if (answer === null) return {};
  if (typeof answer === 'number') return { choice: answer };
  if (Array.isArray(answer)) return { choices: answer };
  return { text: answer };
}

export async function submitQuizAttempt({
  courseId,
  lessonId,
  attemptId,
  answers,
}: SubmitAttemptInput): Promise<AttemptResultReply> {
  const path = `${attemptsPath(courseId, lessonId)}/${encodeURIComponent(attemptId)}/submit`;
  return (await api.post<AttemptResultReply>(path, { answers: answers.map(answerBody) })).data;
}

/** Grades the attempt; the quiz's standing is read again, and the course too when a pass completed the lesson. */
export function useSubmitQuizAttempt() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: submitQuizAttempt,
    onSettled: (_result, _error, { courseId, lessonId }) => {
      void queryClient.invalidateQueries({ queryKey: quizAttemptKey(userId, courseId, lessonId) });
    },
    onSuccess: (result) => {
      if (result.passed) void queryClient.invalidateQueries({ queryKey: coursesKey(userId) });
    },
  });
}
