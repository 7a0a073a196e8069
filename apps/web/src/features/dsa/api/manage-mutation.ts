import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { dsaKeys } from './keys';

/**
 * Management writes change what every learner sees: on success the whole DSA cache is refreshed
 * and the server's message shown; failures are left to the form that asked (it shows them inline).
 */
export function useManageMutation<TData extends object, TVariables>(
  mutationFn: MutationFunction<TData, TVariables>,
  options: { successMessage?: (data: TData) => string; toastErrors?: string } = {},
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: dsaKeys.all });
      const message = options.successMessage?.(data) ?? (data as { message?: unknown }).message;
      if (typeof message === 'string' && message) toast(message, 'success');
    },
    onError: (error) => {
      if (options.toastErrors) toast(errorMessage(error, options.toastErrors), 'error');
    },
  });
}
