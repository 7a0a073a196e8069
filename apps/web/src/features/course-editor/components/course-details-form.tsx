import { zodResolver } from '@hookform/resolvers/zod';
import {
  COURSE_CATEGORIES,
  COURSE_DESCRIPTION_MAX,
  COURSE_LEVELS,
  COURSE_SUBTITLE_MAX,
  COURSE_TAG_MAX,
  COURSE_TAGS_MAX,
  COURSE_TITLE_MAX,
  type CourseCategory,
  type CourseDetail,
  type CourseLevel,
  createCourseBodySchema,
} from '@learnbuild/domain/schemas/courses';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { SelectField } from '@/components/ui/select-field';
import { TagsInput } from '@/components/ui/tags-input';
import { usePublishedCourses } from '@/features/course-editor/api/published-courses';
import { errorMessage } from '@/lib/api-client';
import { applyServerDetails } from '@/lib/server-details';
import { useReportDirty } from '@/lib/use-report-dirty';
import { OutcomesField } from './outcomes-field';
import { SaveMessages } from './save-messages';
import { ThumbnailField } from './thumbnail-field';

type DetailsValues = z.input<typeof createCourseBodySchema>;
export type DetailsBody = z.output<typeof createCourseBodySchema>;

const checkDetails = zodResolver(createCourseBodySchema);

const FIELDS = [
  'title',
  'subtitle',
  'description',
  'category',
  'level',
  'tags',
  'outcomes',
  'thumbnailMediaId',
  'sequential',
  'prerequisiteCourseId',
];

/** The form's values for a saved course (or a blank one). */
function detailsValues(course?: CourseDetail): DetailsValues {
  return {
    title: course?.title ?? '',
    subtitle: course?.subtitle ?? '',
    description: course?.description ?? '',
    category: (COURSE_CATEGORIES as readonly string[]).includes(course?.category ?? '')
      ? (course?.category as CourseCategory)
      : 'Web Development',
    level: (course?.level ?? 'Beginner') as CourseLevel,
    tags: course?.tags ?? [],
    outcomes: course?.outcomes ?? [],
    thumbnailMediaId: course?.thumbnailMediaId ?? null,
    sequential: course?.sequential ?? false,
    prerequisiteCourseId: course?.prerequisiteCourse?.id ?? null,
  };
}

/** Messages of a list field: one per line (from the schema or the server's `outcomes.2` detail). */
function lineErrors(errors: unknown): (string | undefined)[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((line) => (line as FieldError | undefined)?.message);
}

/**
 * Title, subtitle, category, level, tags, outcomes, description and thumbnail: checked with the same schema
 * as the server's, and the server's field refusals shown beside their fields.
 */
export function CourseDetailsForm({
  course,
  submitLabel,
  save,
  onSaved,
  onDirtyChange,
}: {
  course?: CourseDetail;
  submitLabel: string;
  save: (body: DetailsBody) => Promise<CourseDetail>;
  onSaved?: (course: CourseDetail) => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useForm<DetailsValues, unknown, DetailsBody>({
    // A blank outcome line is an unused one, not a mistake: it is left out rather than refused.
    resolver: (values, context, options) =>
      checkDetails({ ...values, outcomes: values.outcomes?.filter((line) => line.trim()) }, context, options),
    defaultValues: detailsValues(course),
  });
  const [thumbnailUrl, setThumbnailUrl] = useState<string | null>(course?.thumbnail ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, isDirty, isSubmitting } = form.formState;
  const published = usePublishedCourses();
  const prerequisiteOptions = [
    { value: '', label: published.isPending ? 'Loading courses…' : 'No course required' },
    ...(published.data ?? [])
      .filter((other) => other.id !== course?._id)
      .map((other) => ({ value: other.id, label: other.title })),
  ];

  useReportDirty(isDirty, onDirtyChange);

  const submit = async (body: DetailsBody) => {
    setFailure(null);
    setSaved(null);
    try {
      const stored = await save(body);
      form.reset(detailsValues(stored));
      setThumbnailUrl(stored.thumbnail);
      setSaved('Details saved.');
      onSaved?.(stored);
    } catch (error) {
      const unmatched = applyServerDetails(error, FIELDS, (path, message) =>
        form.setError(path as keyof DetailsValues, { type: 'server', message }),
      );
      const general = errorMessage(error, 'The course could not be saved');
      setFailure(unmatched.length > 0 ? `${general}: ${unmatched.map((d) => d.message).join('; ')}` : general);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-6"
      aria-label="Course details"
      data-testid="course-details-form"
    >
      <TextField
        label="Title"
        maxLength={COURSE_TITLE_MAX}
        placeholder="e.g. SQL and Relational Design"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Subtitle"
        maxLength={COURSE_SUBTITLE_MAX}
        placeholder="One line that says who it is for and what they get"
        error={errors.subtitle?.message}
        {...form.register('subtitle')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          options={COURSE_CATEGORIES}
          error={errors.category?.message}
          {...form.register('category')}
        />
        <SelectField label="Level" options={COURSE_LEVELS} error={errors.level?.message} {...form.register('level')} />
      </div>
      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <TagsInput
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message ?? lineErrors(fieldState.error).find(Boolean)}
            maxTags={COURSE_TAGS_MAX}
            maxTagLength={COURSE_TAG_MAX}
            placeholder="Type a tag and press Enter"
            hint={`Up to ${COURSE_TAGS_MAX} tags; learners find the course by them.`}
          />
        )}
      />
      <Controller
        control={form.control}
        name="outcomes"
        render={({ field, fieldState }) => (
          <OutcomesField
            value={field.value ?? []}
            onChange={field.onChange}
            errors={lineErrors(fieldState.error)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="description"
        render={({ field, fieldState }) => (
          <MarkdownField
            ref={field.ref}
            label="Description"
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            maxLength={COURSE_DESCRIPTION_MAX}
            hint="Markdown: ## headings, **bold**, lists, `code` and links. Learners read it on the course page."
            placeholder="What the course covers, who it is for, and what learners need before starting."
          />
        )}
      />
      <Controller
        control={form.control}
        name="thumbnailMediaId"
        render={({ field, fieldState }) => (
          <ThumbnailField
            url={thumbnailUrl}
            error={fieldState.error?.message}
            onUploaded={(media) => {
              field.onChange(media.id);
              setThumbnailUrl(media.url);
            }}
            onRemove={() => {
              field.onChange(null);
              setThumbnailUrl(null);
            }}
          />
        )}
      />
      <fieldset className="flex flex-col gap-4 rounded-xl border border-default p-4" data-testid="course-gating">
        <legend className="px-1 text-sm font-medium">Order and prerequisites</legend>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...form.register('sequential')} />
          <span>
            <span className="font-medium">Lessons open in order</span>
            <span className="block text-muted">Each lesson opens once the one before it is completed.</span>
          </span>
        </label>
        <Controller
          control={form.control}
          name="prerequisiteCourseId"
          render={({ field, fieldState }) => (
            <SelectField
              label="Course to complete before enrolling"
              options={prerequisiteOptions}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value || null)}
              error={fieldState.error?.message ?? (published.isError ? 'The course list could not load' : undefined)}
            />
          )}
        />
      </fieldset>
      <div className="flex flex-col gap-3">
        <SaveMessages failure={failure} saved={saved} dirty={isDirty} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
          {course && isDirty ? (
            <Button
              variant="ghost"
              onClick={() => {
                form.reset(detailsValues(course));
                setThumbnailUrl(course.thumbnail);
              }}
            >
              Discard changes
            </Button>
          ) : null}
          {isDirty ? <span className="text-sm text-muted">Unsaved changes</span> : null}
        </div>
      </div>
    </form>
  );
}
