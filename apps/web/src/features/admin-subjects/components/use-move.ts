import type { UseMutationResult } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { type Direction, moveId } from '@/features/admin-subjects/order';
import { errorMessage } from '@/lib/api-client';
import type { OrderedItem } from './ordered-list';

/** Moves a row one place and saves the new order of `ids` (one move at a time), telling how it went. */
export function useMove<TVariables, TContext>(
  reorder: UseMutationResult<string[], Error, TVariables, TContext>,
  ids: string[],
  variables: (ids: string[]) => TVariables,
) {
  const toast = useToast();
  return (item: OrderedItem, direction: Direction) => {
    if (reorder.isPending) return;
    reorder.mutate(variables(moveId(ids, item.id, direction)), {
      onSuccess: () => toast(`Moved ${item.name} ${direction}`, 'success'),
      onError: (error) => toast(errorMessage(error, 'Could not save the new order'), 'error'),
    });
  };
}
