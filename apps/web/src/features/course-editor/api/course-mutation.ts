import type { CourseDetail, CourseReply } from '@learnbuild/domain/schemas/courses';
import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { courseEditorKeys } from './keys';

/**
 * Every curriculum write answers with the whole updated course: it replaces the cached copy, so the
 * screen shows exactly what the server stored without another request.
 */
export function useCourseMutation<TVariables>(
  courseKey: string,
  mutationFn: MutationFunction<CourseReply, TVariables>,
  options: {
    /** Shows the change at once; the server's answer (or the old copy, on a refusal) replaces it. */
    optimistic?: (course: CourseDetail, variables: TVariables) => CourseDetail;
  } = {},
) {
  const queryClient = useQueryClient();
  const key = courseEditorKeys.course(courseKey);
  return useMutation({
    mutationFn,
    onMutate: async (variables) => {
      if (!options.optimistic) return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CourseDetail>(key);
      if (before) queryClient.setQueryData(key, options.optimistic(before, variables));
      return { before };
    },
    onSuccess: (reply) => queryClient.setQueryData(key, reply.course),
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
