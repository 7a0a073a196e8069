import type { MessageReply } from '@learnbuild/domain/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankKey } from './get-bank-questions';

/** Deletes (archives) a question: quizzes stop drawing it; attempts that drew it keep it. */
export async function deleteBankQuestion({ courseId, questionId }: { courseId: string; questionId: string }) {
  const path = `/api/courses/${encodeURIComponent(courseId)}/questions/${encodeURIComponent(questionId)}`;
  return (await api.delete<MessageReply>(path)).data;
}

export function useDeleteBankQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankQuestion,
    onSuccess: (_reply, { courseId }) => queryClient.invalidateQueries({ queryKey: bankKey(courseId) }),
  });
}
