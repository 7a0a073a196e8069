import type { ExerciseInput, ExerciseValidateReply } from '@learnbuild/domain/schemas/exercises';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The reference solution run against each test of the exercise as written (nothing is saved). */
export async function validateExercise({ courseId, exercise }: { courseId: string; exercise: ExerciseInput }) {
  return (
    await api.post<ExerciseValidateReply>(`/api/courses/${encodeURIComponent(courseId)}/exercise/validate`, {
      exercise,
    })
  ).data;
}

export function useValidateExercise() {
  return useMutation({ mutationFn: validateExercise });
}
