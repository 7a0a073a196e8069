import type {
  ExerciseLanguage,
  ExerciseSubmissionsReply,
  ExerciseSubmitReply,
} from '@learnbuild/domain/schemas/exercises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubtopicKey } from '@/features/subjects/subject-detail';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { learnerKey } from './get-subjects';

const submissionsPath = (key: SubtopicKey) =>
  `/api/subjects/${[key.subjectId, 'topics', key.topicId, 'subtopics', key.subtopicId].map(encodeURIComponent).join('/')}/exercise/submissions`;

export const subtopicSubmissionsKey = (userId: string | null, key: SubtopicKey) =>
  [...learnerKey(userId), 'exercise-submissions', key.subjectId, key.topicId, key.subtopicId] as const;

/** The learner's own submissions of a subtopic's exercise, newest first, with their code. */
export async function getSubtopicSubmissions(key: SubtopicKey) {
  return (await api.get<ExerciseSubmissionsReply>(submissionsPath(key))).data.submissions;
}

export async function submitSubtopicExercise(input: SubtopicKey & { language: ExerciseLanguage; code: string }) {
  const { language, code, ...key } = input;
  return (await api.post<ExerciseSubmitReply>(submissionsPath(key), { language, code })).data;
}

/** Judged at once on the server; an Accepted one completes the subtopic there, so its progress is read again. */
export function useSubmitSubtopicExercise() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: submitSubtopicExercise,
    onSuccess: (reply) => {
      if (reply.submission.verdict === 'Accepted') void queryClient.invalidateQueries({ queryKey: learnerKey(userId) });
    },
  });
}
