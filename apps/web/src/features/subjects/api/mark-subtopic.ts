import type { LocalMark } from '@learnbuild/domain/rules/local-subject-progress';
import type { BadgesAwarded } from '@learnbuild/domain/schemas/badges';
import type { Lesson, SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import {
  confirmLocalMark,
  nextMarkTime,
  readLocalMark,
  refreshLocalSummary,
  restoreLocalMark,
  writeLocalMark,
} from '@/features/subjects/local-progress';
import { type SubtopicKey, withMark, withSubjectNumbers } from '@/features/subjects/subject-detail';
import { api, errorMessage, errorStatus } from '@/lib/api-client';
import { announceBadges } from '@/lib/badge-announcements';
import { useSession } from '@/lib/session';
import { lessonQueryKey } from './get-lesson';
import { subjectQueryKey } from './get-subject';
import { type SubjectList, subjectsQueryKey } from './get-subjects';

export interface MarkInput extends SubtopicKey {
  completed: boolean;
}

export const OFFLINE_MARK_MESSAGE =
  "You're offline. Your progress is saved on this device and will sync when you're back online.";

export async function markSubtopic({ subjectId, topicId, subtopicId, completed }: MarkInput) {
  const path = [subjectId, 'topics', topicId, 'subtopics', subtopicId].map(encodeURIComponent).join('/');
  const { data } = await api.put<{
    success: true;
    progress: { completed: boolean; subjectProgress: number };
    badgesAwarded?: BadgesAwarded;
  }>(`/api/subjects/${path}/progress`, { completed });
  announceBadges(data.badgesAwarded);
  return data.progress;
}

/** True when the request never reached the server (offline, DNS, timeout): the mark waits locally. */
export function isUnreachable(error: unknown): boolean {
  return errorStatus(error) === undefined;
}

/**
 * Shows a subtopic's flag in every view at once: the outline, the lesson, and the subject list
 * behind the cards and the navbar dropdown (its numbers from this device's store).
 */
function showMark(queryClient: QueryClient, userId: string | null, key: SubtopicKey, completed: boolean) {
  queryClient.setQueryData<SubjectDetail>(
    subjectQueryKey(userId, key.subjectId),
    (detail) => detail && withMark(detail, key, completed),
  );
  queryClient.setQueryData<Lesson>(lessonQueryKey(userId, key), (lesson) => lesson && { ...lesson, completed });
  const numbers = refreshLocalSummary(userId, key.subjectId);
  if (numbers) {
    queryClient.setQueryData<SubjectList>(
      subjectsQueryKey(userId),
      (list) => list && { ...list, subjects: withSubjectNumbers(list.subjects, key.subjectId, numbers) },
    );
  }
}

/**
 * Marks a subtopic. The local store is written first (DESIGN decision 5) and every view shows it;
 * when the server is unreachable the mark stays pending and is replayed later, when it refuses
 * the mark rolls back. A reply only settles the mark it was sent for: a later click on the same
 * subtopic keeps its own pending mark.
 */
export function useMarkSubtopic() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: markSubtopic,
    // Run even when the browser says it is offline: the failure keeps the mark pending locally.
    networkMode: 'always',
    onMutate: async (input): Promise<{ at: string; before: LocalMark | undefined }> => {
      const before = readLocalMark(userId, input);
      const at = nextMarkTime(before);
      writeLocalMark(userId, input, { completed: input.completed, at, pending: true });
      await Promise.all([
        queryClient.cancelQueries({ queryKey: subjectQueryKey(userId, input.subjectId) }),
        queryClient.cancelQueries({ queryKey: subjectsQueryKey(userId) }),
      ]);
      showMark(queryClient, userId, input, input.completed);
      return { at, before };
    },
    onSuccess: (_progress, input, context) => {
      confirmLocalMark(userId, input, context.at);
    },
    onError: (error, input, context) => {
      if (isUnreachable(error)) {
        toast(OFFLINE_MARK_MESSAGE, 'success');
        return;
      }
      if (context) {
        const previous = context.before ?? { completed: !input.completed, at: context.at };
        if (restoreLocalMark(userId, input, context.at, previous)) {
          showMark(queryClient, userId, input, previous.completed);
        }
      }
      toast(errorMessage(error, 'Could not save your progress'), 'error');
    },
    onSettled: (_data, error, input) => {
      // Unreachable, the list falls back to this device's numbers (and says so); the outline waits.
      void queryClient.invalidateQueries({ queryKey: subjectsQueryKey(userId) });
      if (error && isUnreachable(error)) return;
      void queryClient.invalidateQueries({ queryKey: subjectQueryKey(userId, input.subjectId) });
    },
  });
}
