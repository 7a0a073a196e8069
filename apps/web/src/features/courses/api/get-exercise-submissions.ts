import type { ExerciseSubmissionsReply } from '@learnbuild/domain/schemas/exercises';
import { api } from '@/lib/api-client';
import { coursesKey } from './keys';
import { exerciseSubmissionsPath } from './submit-exercise';

/** The learner's own submissions of one exercise lesson, newest first, with their code. */
export async function getExerciseSubmissions(courseId: string, lessonId: string) {
  return (await api.get<ExerciseSubmissionsReply>(exerciseSubmissionsPath(courseId, lessonId))).data.submissions;
}

export const exerciseSubmissionsKey = (userId: string | null, lessonId: string) =>
  [...coursesKey(userId), 'exercise-submissions', lessonId] as const;
