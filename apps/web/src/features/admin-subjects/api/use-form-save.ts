import type { UseMutationResult } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';

/** The mutation a form saves with (create, or update when editing) and a submit that tells the result. */
export function useFormSave<TVariables, TSaved extends { name: string }, TContext>(
  editing: boolean,
  create: UseMutationResult<TSaved, Error, TVariables, TContext>,
  update: UseMutationResult<TSaved, Error, TVariables, TContext>,
) {
  const toast = useToast();
  const save = editing ? update : create;
  const submit = (variables: TVariables, onSaved: (saved: TSaved) => void) =>
    save.mutate(variables, {
      onSuccess: (saved) => {
        toast(editing ? `Saved ${saved.name}` : `Created ${saved.name}`, 'success');
        onSaved(saved);
      },
    });
  return { save, submit };
}
