import { zodResolver } from '@hookform/resolvers/zod';
import { subjectInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '@/components/ui/class-names';
import { FieldError } from '@/components/ui/field';
import { SUBJECT_ICONS } from '@/components/ui/subject-icon';
import { type SubjectValues, useCreateSubject, useUpdateSubject } from '@/features/admin-subjects/api/manage-subjects';
import { useFormSave } from '@/features/admin-subjects/api/use-form-save';
import { FormActions } from './form-actions';
import { ItemFields } from './item-fields';

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
  const form = useForm<z.input<typeof subjectInputSchema>, unknown, SubjectValues>({
    resolver: zodResolver(subjectInputSchema),
    defaultValues: subject ?? EMPTY,
  });
  const { save, submit } = useFormSave(Boolean(subject), useCreateSubject(), useUpdateSubject());
  const errors = form.formState.errors;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => submit(values, onSaved))}>
      <ItemFields
        editing={Boolean(subject)}
        example="dbms"
        idField={form.register('id')}
        nameField={form.register('name')}
        descriptionField={form.register('description')}
        errors={errors}
      />
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
        <FieldError className="mt-1">{errors.icon?.message}</FieldError>
      </fieldset>
      <FormActions
        submitLabel={subject ? 'Save subject' : 'Create subject'}
        pending={save.isPending}
        error={save.error}
        onCancel={onCancel}
      />
    </form>
  );
}
