import { zodResolver } from '@hookform/resolvers/zod';
import { INSTRUCTOR_CARD_TEXT } from '@learnbuild/domain/rules/instructor-card';
import {
  APPLICATION_BIO_MAX,
  APPLICATION_YEARS_MAX,
  type ApplyInstructorInput,
} from '@learnbuild/domain/schemas/instructor-applications';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormMessage, TextAreaField, TextField } from '@/components/ui/field';
import {
  type ApplicationFormValues,
  applicationFormSchema,
  emptyApplicationForm,
} from '@/features/instructor-application/application-form';

export interface SubmissionOutcome {
  message: string;
  tone: 'error' | 'success';
}

const LINK_HINTS = ['e.g. your portfolio', 'e.g. your GitHub profile', 'e.g. your LinkedIn profile'];

/** The application form of the Apply Now modal. Every field is optional; what is typed is checked. */
export function ApplicationForm({
  resubmit,
  pending,
  sent,
  outcome,
  onSubmit,
}: {
  resubmit: boolean;
  pending: boolean;
  /** True once the application went through: the form stays on screen, read-only, until the modal closes. */
  sent: boolean;
  outcome: SubmissionOutcome | null;
  onSubmit: (body: ApplyInstructorInput) => void;
}) {
  const form = useForm<ApplicationFormValues, unknown, ApplyInstructorInput>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: emptyApplicationForm(),
  });
  const { errors } = form.formState;
  const locked = pending || sent;
  const idleLabel = resubmit ? 'Resubmit Application' : 'Submit Application';
  const busyLabel = resubmit ? INSTRUCTOR_CARD_TEXT.resubmitting : INSTRUCTOR_CARD_TEXT.submitting;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <fieldset disabled={locked} className="flex min-w-0 flex-col gap-4">
        <TextAreaField
          label="Short bio (optional)"
          placeholder="What would you teach, and why?"
          maxLength={APPLICATION_BIO_MAX}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <TextField
          label="Areas of expertise (optional)"
          placeholder="React, SQL, System design"
          hint={<p className="text-xs text-muted">Separate areas with commas.</p>}
          error={errors.expertise?.message}
          {...form.register('expertise')}
        />
        <TextField
          label="Years of experience (optional)"
          type="number"
          inputMode="numeric"
          min={0}
          max={APPLICATION_YEARS_MAX}
          step={1}
          className="sm:max-w-64"
          error={errors.yearsOfExperience?.message}
          {...form.register('yearsOfExperience')}
        />
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Links (optional, up to 3)</legend>
          {LINK_HINTS.map((hint, index) => (
            <TextField
              key={hint}
              label={`Link ${index + 1}`}
              type="url"
              inputMode="url"
              placeholder={`https://… (${hint})`}
              error={errors.links?.[index]?.message}
              {...form.register(`links.${index}`)}
            />
          ))}
        </fieldset>
      </fieldset>
      <div aria-live="polite" aria-atomic>
        {outcome ? <FormMessage message={outcome.message} tone={outcome.tone} /> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{sent ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        <Button type="submit" disabled={locked}>
          {pending ? busyLabel : idleLabel}
        </Button>
      </div>
    </form>
  );
}
