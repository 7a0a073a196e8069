import { zodResolver } from '@hookform/resolvers/zod';
import { topicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { type TopicValues, useCreateTopic, useUpdateTopic } from '../api/manage-topics';
import { FormActions } from './form-actions';

/** Creates a topic in a subject, or edits one when `topic` is given (its id then stays fixed). */
export function TopicForm({
  subjectId,
  topic,
  onSaved,
  onCancel,
}: {
  subjectId: string;
  topic?: TopicValues;
  onSaved: (saved: { id: string; name: string }) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const form = useForm<z.input<typeof topicInputSchema>, unknown, TopicValues>({
    resolver: zodResolver(topicInputSchema),
    defaultValues: topic ?? { id: '', name: '', description: '' },
  });
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const save = topic ? update : create;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { subjectId, ...values },
      {
        onSuccess: (saved) => {
          toast(topic ? `Saved ${saved.name}` : `Created ${saved.name}`, 'success');
          onSaved(saved);
        },
      },
    ),
  );

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      <TextField
        label="Id"
        readOnly={Boolean(topic)}
        autoComplete="off"
        spellCheck={false}
        error={errors.id?.message}
        hint={
          <p className="text-xs text-muted">
            {topic ? 'The id is part of links and cannot change.' : 'Used in links, e.g. normalization.'}
          </p>
        }
        {...form.register('id')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextAreaField
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormActions
        submitLabel={topic ? 'Save topic' : 'Create topic'}
        pending={save.isPending}
        error={save.error}
        onCancel={onCancel}
      />
    </form>
  );
}
