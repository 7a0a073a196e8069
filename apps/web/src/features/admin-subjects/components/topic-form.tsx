import { zodResolver } from '@hookform/resolvers/zod';
import { topicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TopicValues, useCreateTopic, useUpdateTopic } from '@/features/admin-subjects/api/manage-topics';
import { useFormSave } from '@/features/admin-subjects/api/use-form-save';
import { FormActions } from './form-actions';
import { ItemFields } from './item-fields';

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
  const form = useForm<z.input<typeof topicInputSchema>, unknown, TopicValues>({
    resolver: zodResolver(topicInputSchema),
    defaultValues: topic ?? { id: '', name: '', description: '' },
  });
  const { save, submit } = useFormSave(Boolean(topic), useCreateTopic(), useUpdateTopic());
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => submit({ subjectId, ...values }, onSaved))}
    >
      <ItemFields
        editing={Boolean(topic)}
        example="normalization"
        idField={form.register('id')}
        nameField={form.register('name')}
        descriptionField={form.register('description')}
        errors={errors}
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
