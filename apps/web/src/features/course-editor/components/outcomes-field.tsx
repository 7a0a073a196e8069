import { COURSE_OUTCOME_MAX, COURSE_OUTCOMES_MAX } from '@learnbuild/domain/schemas/courses';
import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, TextAreaField } from '@/components/ui/field';

/** "What you'll learn": one line per outcome, added and removed one at a time. */
export function OutcomesField({
  value,
  onChange,
  errors,
  error,
}: {
  value: readonly string[];
  onChange: (outcomes: string[]) => void;
  /** One message per line, as the form's validation reports them. */
  errors?: readonly (string | undefined)[];
  /** A message about the whole list (say, too many). */
  error?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const focusLine = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll('textarea')[index]?.focus());

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">What learners will be able to do</legend>
      <p className="text-xs text-muted">
        Shown on the course page under "What you'll learn". Up to {COURSE_OUTCOMES_MAX}.
      </p>
      {value.length > 0 ? (
        <ol ref={list} className="flex flex-col gap-2">
          {value.map((outcome, index) => (
            // Lines have no identity beyond their place; the index is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-start gap-2">
              <TextAreaField
                label={`Outcome ${index + 1}`}
                className="flex-1 [&>label]:sr-only [&_textarea]:min-h-10 [&_textarea]:resize-none [&_textarea]:field-sizing-content"
                rows={1}
                value={outcome}
                maxLength={COURSE_OUTCOME_MAX}
                placeholder="e.g. Build a REST API with authentication"
                error={errors?.[index]}
                // One outcome is one line: Enter starts the next outcome instead.
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  if (value.length < COURSE_OUTCOMES_MAX) {
                    onChange([...value, '']);
                    focusLine(value.length);
                  }
                }}
                onChange={(event) =>
                  onChange(value.map((line, at) => (at === index ? event.target.value.replace(/\n/g, ' ') : line)))
                }
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove outcome ${index + 1}`}
                onClick={() => {
                  onChange(value.filter((_line, at) => at !== index));
                  focusLine(Math.max(0, index - 1));
                }}
              >
                <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={value.length >= COURSE_OUTCOMES_MAX}
        onClick={() => {
          onChange([...value, '']);
          focusLine(value.length);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add outcome
      </Button>
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}
