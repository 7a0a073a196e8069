import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** Every subject query (learners' screens, the navbar dropdown, this screen) starts with this key. */
export const allSubjectsQueryKey = ['subjects'] as const;

/**
 * A mutation that refreshes all subject data once it settles, whether it worked or not. The
 * refetch is not awaited: the caller's own callbacks must run while the row it came from exists.
 */
export function useSubjectsMutation<TData, TVariables, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      void queryClient.invalidateQueries({ queryKey: allSubjectsQueryKey });
    },
  });
}
