import type { Lesson, SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast';
import { api, errorMessage, errorStatus } from '../../../lib/api-client';
import { writeLocalMark } from '../local-progress';
import { type LessonKey, lessonQueryKey } from './get-lesson';
import { subjectQueryKey } from './get-subject';
import { subjectsQueryKey } from './get-subjects';

export interface MarkInput extends LessonKey {
  completed: boolean;
}

export async function markSubtopic({ subjectId, topicId, subtopicId, completed }: MarkInput) {
  const path = [subjectId, 'topics', topicId, 'subtopics', subtopicId].map(encodeURIComponent).join('/');
  return (
    await api.put<{ success: true; progress: { completed: boolean; subjectProgress: number } }>(
      `/api/subjects/${path}/progress`,
      { completed },
    )
  ).data.progress;
}

function setCompleted(detail: SubjectDetail | undefined, input: MarkInput): SubjectDetail | undefined {
  if (!detail) return detail;
  return {
    ...detail,
    topics: detail.topics.map((topic) =>
      topic.id !== input.topicId
        ? topic
        : {
            ...topic,
            subtopics: topic.subtopics.map((s) =>
              s.id === input.subtopicId ? { ...s, completed: input.completed } : s,
            ),
          },
    ),
  };
}

/** True when the request never reached the server (offline, DNS, timeout): the mark waits locally. */
export function isUnreachable(error: unknown): boolean {
  return errorStatus(error) === undefined;
}

/**
 * Marks a subtopic. The local store is written first (DESIGN decision 5); when the server is
 * unreachable the mark stays pending and is replayed later, when it refuses the mark rolls back.
 */
export function useMarkSubtopic() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: markSubtopic,
    // Run even when the browser says it is offline: the failure keeps the mark pending locally.
    networkMode: 'always',
    onMutate: async (input) => {
      writeLocalMark(input.subjectId, input.topicId, input.subtopicId, {
        completed: input.completed,
        at: new Date().toISOString(),
        pending: true,
      });
      await queryClient.cancelQueries({ queryKey: subjectQueryKey(input.subjectId) });
      const previous = queryClient.getQueryData<SubjectDetail>(subjectQueryKey(input.subjectId));
      queryClient.setQueryData<SubjectDetail>(subjectQueryKey(input.subjectId), (detail) =>
        setCompleted(detail, input),
      );
      queryClient.setQueryData<Lesson>(lessonQueryKey(input), (lesson) =>
        lesson ? { ...lesson, completed: input.completed } : lesson,
      );
      return { previous };
    },
    onSuccess: (_progress, input) => {
      writeLocalMark(input.subjectId, input.topicId, input.subtopicId, {
        completed: input.completed,
        at: new Date().toISOString(),
      });
    },
    onError: (error, input, context) => {
      if (isUnreachable(error)) {
        toast(
          "You're offline. Your progress is saved on this device and will sync when you're back online.",
          'success',
        );
        return;
      }
      writeLocalMark(input.subjectId, input.topicId, input.subtopicId, {
        completed: !input.completed,
        at: new Date().toISOString(),
      });
      queryClient.setQueryData(subjectQueryKey(input.subjectId), context?.previous);
      queryClient.setQueryData<Lesson>(lessonQueryKey(input), (lesson) =>
        lesson ? { ...lesson, completed: !input.completed } : lesson,
      );
      toast(errorMessage(error, 'Could not save your progress'), 'error');
    },
    onSettled: (_data, error) => {
      if (error && isUnreachable(error)) return;
      queryClient.invalidateQueries({ queryKey: subjectsQueryKey });
    },
  });
}
