import { zodResolver } from '@hookform/resolvers/zod';
import { subtopicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useDeferredValue } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField } from '@/components/ui/field';
import { Markdown } from '@/components/ui/markdown';
import type { LessonDraft } from '@/features/admin-subjects/api/get-lesson-draft';
import { useCreateLesson, useUpdateLesson } from '@/features/admin-subjects/api/manage-lessons';
import { useFormSave } from '@/features/admin-subjects/api/use-form-save';
import { useReportDirty } from '@/lib/use-report-dirty';
import { FormActions } from './form-actions';
import { ItemFields } from './item-fields';
import { SelfCheckFields } from './self-check-fields';

const EMPTY: LessonDraft = { id: '', name: '', body: '', selfCheck: [] };

/** Writes a lesson: name, markdown body beside its preview, and self-check questions. */
export function LessonEditor({
  subjectId,
  topicId,
  lesson,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  subjectId: string;
  topicId: string;
  lesson?: LessonDraft;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useForm<z.input<typeof subtopicInputSchema>, unknown, LessonDraft>({
    resolver: zodResolver(subtopicInputSchema),
    defaultValues: lesson ?? EMPTY,
  });
  const { save, submit } = useFormSave(Boolean(lesson), useCreateLesson(), useUpdateLesson());
  const errors = form.formState.errors;
  const preview = useDeferredValue(form.watch('body') ?? '');
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => submit({ subjectId, topicId, ...values }, onSaved))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ItemFields
          editing={Boolean(lesson)}
          example="first-normal-form"
          idField={form.register('id')}
          nameField={form.register('name')}
          errors={errors}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField
          label="Body (markdown)"
          rows={14}
          spellCheck
          className="[&_textarea]:font-mono lg:[&_textarea]:h-[28rem]"
          error={errors.body?.message}
          {...form.register('body')}
        />
        <section aria-labelledby="lesson-preview-heading" className="flex min-w-0 flex-col gap-1.5">
          <h3 id="lesson-preview-heading" className="text-sm font-medium">
            Preview
          </h3>
          <div
            data-testid="lesson-preview"
            className="max-h-96 min-h-32 overflow-auto rounded-lg border border-default bg-[var(--bg)] p-4 lg:h-[28rem] lg:max-h-none [&_.prose-lesson>:first-child]:mt-0"
          >
            {preview.trim() ? (
              <Markdown>{preview}</Markdown>
            ) : (
              <p className="text-sm text-muted">The lesson appears here as learners will see it.</p>
            )}
          </div>
        </section>
      </div>
      <SelfCheckFields control={form.control} register={form.register} errors={errors.selfCheck} />
      <div className="surface sticky -bottom-6 -mx-6 border-t px-6 py-3">
        <FormActions
          submitLabel={lesson ? 'Save lesson' : 'Create lesson'}
          pending={save.isPending}
          error={save.error}
          onCancel={onCancel}
        />
      </div>
    </form>
  );
}
