import type { QuestionBody, QuestionReply } from '@learnbuild/domain/schemas/question-bank';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankKey } from './get-bank-questions';

export interface SaveQuestionInput {
  courseId: string;
  /** Null adds a question; an id replaces that question's content (its version goes up). */
  questionId: string | null;
  body: QuestionBody;
}

export async function saveBankQuestion({ courseId, questionId, body }: SaveQuestionInput): Promise<QuestionReply> {
  const base = `/api/courses/${encodeURIComponent(courseId)}/questions`;
  const reply = questionId
    ? await api.patch<QuestionReply>(`${base}/${encodeURIComponent(questionId)}`, body)
    : await api.post<QuestionReply>(base, body);
  return reply.data;
}

export function useSaveBankQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankQuestion,
    onSuccess: (_reply, { courseId }) => queryClient.invalidateQueries({ queryKey: bankKey(courseId) }),
  });
}
