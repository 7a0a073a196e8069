import { zodResolver } from '@hookform/resolvers/zod';
import { subjectInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../../components/ui/class-names';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { SUBJECT_ICONS } from '../../../components/ui/subject-icon';
import { useToast } from '../../../components/ui/toast';
import { type SubjectValues, useCreateSubject, useUpdateSubject } from '../api/manage-subjects';
import { FormActions } from './form-actions';

const EMPTY: SubjectValues = { id: '', name: '', icon: 'book-open', description: '' };

/** Creates a subject, or edits one when `subject` is given (its id then stays fixed). */
export function SubjectForm({
  subject,
  onSaved,
  onCancel,
}: {
  subject?: SubjectValues;
  onSaved: (saved: { id: string; name: string }) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const form = useForm<z.input<typeof subjectInputSchema>, unknown, SubjectValues>({
    resolver: zodResolver(subjectInputSchema),
    defaultValues: subject ?? EMPTY,
  });
  const create = useCreateSubject();
  const update = useUpdateSubject();
  const save = subject ? update : create;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast(subject ? `Saved ${saved.name}` : `Created ${saved.name}`, 'success');
        onSaved(saved);
      },
    }),
  );

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      <TextField
        label="Id"
        readOnly={Boolean(subject)}
        autoComplete="off"
        spellCheck={false}
        error={errors.id?.message}
        hint={
          <p className="text-xs text-muted">
            {subject
              ? 'The id is part of links and cannot change.'
              : 'Used in links, e.g. dbms. It cannot change later.'}
          </p>
        }
        {...form.register('id')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Icon</legend>
        <div className="flex flex-wrap gap-2">
          {SUBJECT_ICONS.map(({ value, label, Icon }) => (
            <label
              key={value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-default px-3 py-2 text-sm',
                'hover:bg-muted has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:font-medium',
                'has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:has-checked:bg-brand-900/40',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('icon')} />
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </label>
          ))}
        </div>
        {errors.icon?.message ? <p className="mt-1 text-sm text-red-600">{errors.icon.message}</p> : null}
      </fieldset>
      <TextAreaField
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormActions
        submitLabel={subject ? 'Save subject' : 'Create subject'}
        pending={save.isPending}
        error={save.error}
        onCancel={onCancel}
      />
    </form>
  );
}
