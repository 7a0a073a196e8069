import type { subtopicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';

type LessonInput = z.input<typeof subtopicInputSchema>;
const MAX_QUESTIONS = 20;

/** The lesson's question and answer pairs, added and removed in place. */
export function SelfCheckFields({
  control,
  register,
  errors,
}: {
  control: Control<LessonInput, unknown, z.output<typeof subtopicInputSchema>>;
  register: UseFormRegister<LessonInput>;
  errors: FieldErrors<LessonInput>['selfCheck'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'selfCheck' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">Self-check questions</legend>
      {fields.length === 0 ? (
        <p className="text-sm text-muted">No questions yet. Learners see these under the lesson.</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-col gap-3 rounded-xl border border-default p-3">
            {/* The shared schema's messages are generic, so these say which half is missing. */}
            <TextField
              label={`Question ${index + 1}`}
              error={errors?.[index]?.question ? 'Write the question' : undefined}
              {...register(`selfCheck.${index}.question`)}
            />
            <TextAreaField
              label={`Answer ${index + 1}`}
              rows={2}
              error={errors?.[index]?.answer ? 'Write the answer' : undefined}
              {...register(`selfCheck.${index}.answer`)}
            />
            <Button variant="ghost" size="sm" className="self-end" onClick={() => remove(index)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              <span>
                Remove<span className="sr-only"> question {index + 1}</span>
              </span>
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={fields.length >= MAX_QUESTIONS}
        onClick={() => append({ question: '', answer: '' })}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add question
      </Button>
    </fieldset>
  );
}
