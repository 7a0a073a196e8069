import type { QuestionsReply } from '@learnbuild/domain/schemas/question-bank';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { courseEditorKeys } from './keys';

/** Every query of a course's question bank starts with this key; a write refreshes them all by it. */
export const bankKey = (courseId: string) => [...courseEditorKeys.all, 'question-bank', courseId] as const;

/** The bank's questions, keys included (its owner and admins only); `tag` keeps those that carry it. */
export async function getBankQuestions(courseId: string, tag: string | null): Promise<QuestionsReply> {
  const params = tag ? { tag } : {};
  return (await api.get<QuestionsReply>(`/api/courses/${encodeURIComponent(courseId)}/questions`, { params })).data;
}

export const bankQuestionsQuery = (courseId: string, tag: string | null) =>
  queryOptions({
    queryKey: [...bankKey(courseId), tag ?? ''] as const,
    queryFn: () => getBankQuestions(courseId, tag),
    placeholderData: keepPreviousData,
  });

export function useBankQuestions(courseId: string, tag: string | null = null) {
  return useQuery(bankQuestionsQuery(courseId, tag));
}
