import type { Cohort } from '@learnbuild/domain/schemas/cohorts';
import { CalendarDays, Pencil, Trash2, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage, TextField } from '@/components/ui/field';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { useCreateCohort } from '../api/create-cohort';
import { useDeleteCohort } from '../api/delete-cohort';
import { useCohorts } from '../api/get-cohorts';
import { useUpdateCohort } from '../api/update-cohort';
import {
  type CohortFormValues,
  cohortFormErrors,
  cohortFormValues,
  cohortPayload,
  EMPTY_COHORT_FORM,
} from '../cohort-form-values';
import { AnnouncementComposer } from './announcement-composer';

const STATUS_LABEL: Record<Cohort['status'], string> = { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' };

function CohortForm({ courseId, editing, onDone }: { courseId: string; editing: Cohort | null; onDone: () => void }) {
  const [values, setValues] = useState<CohortFormValues>(editing ? cohortFormValues(editing) : EMPTY_COHORT_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof CohortFormValues, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCohort();
  const update = useUpdateCohort();
  const toast = useToast();
  const headingId = useId();
  const set = (field: keyof CohortFormValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cohortFormErrors(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    const body = cohortPayload(values);
    const handlers = {
      onSuccess: (cohort: Cohort) => {
        toast(editing ? `${cohort.title} was saved` : `${cohort.title} is open`, 'success');
        setValues(EMPTY_COHORT_FORM);
        onDone();
      },
      onError: (error: unknown) => setServerError(errorMessage(error, 'The cohort could not be saved')),
    };
    if (editing) update.mutate({ courseId, cohortId: editing.id, body }, handlers);
    else create.mutate({ courseId, body }, handlers);
  };

  const busy = create.isPending || update.isPending;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      data-testid="cohort-form"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {editing ? `Edit ${editing.title}` : 'Open a cohort'}
      </h3>
      <TextField
        label="Cohort title"
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        maxLength={120}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First day"
          type="date"
          value={values.startDay}
          onChange={set('startDay')}
          error={errors.startDay}
        />
        <TextField label="Last day" type="date" value={values.endDay} onChange={set('endDay')} error={errors.endDay} />
        <TextField
          label="Capacity (optional)"
          inputMode="numeric"
          placeholder="No limit"
          value={values.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
        />
        <TextField
          label="Enrolment closes (optional)"
          type="datetime-local"
          value={values.closesAt}
          onChange={set('closesAt')}
          hint={<span className="text-xs text-muted">Blank: learners may join until the cohort ends.</span>}
        />
      </div>
      <FormMessage message={serverError} tone="error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Save cohort' : 'Open cohort'}
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The course editor's Cohorts tab: the course's cohorts with their members and seats, a form to open or edit
 * one, and announcements to the course or a cohort. Lesson due dates are set in each lesson's editor.
 */
export function CohortsEditor({ courseId }: { courseId: string }) {
  const cohorts = useCohorts(courseId);
  const remove = useDeleteCohort();
  const toast = useToast();
  const reader = useDateReader();
  const [editing, setEditing] = useState<Cohort | null>(null);
  const [deleting, setDeleting] = useState<Cohort | null>(null);
  const list = cohorts.data?.cohorts ?? [];

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Cohorts</h2>
        <p className="text-sm text-muted">
          Learners who join a cohort get a schedule: each lesson with a “Due N days after the cohort starts” setting (in
          the lesson editor) is due that many days after the cohort's first day, with a reminder the day before.
        </p>
        {cohorts.isPending ? (
          <Skeleton className="h-20" />
        ) : cohorts.isError ? (
          <InlineLoadError
            error={cohorts.error}
            fallback="The cohorts could not be loaded"
            onRetry={() => void cohorts.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="text-sm" data-testid="no-cohorts">
            No cohorts yet. Open the first one below.
          </p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-[var(--border)] rounded-xl border border-default"
            data-testid="cohort-list"
          >
            {list.map((cohort) => (
              <li key={cohort.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {cohort.title}{' '}
                    <Badge tone={cohort.status === 'ended' ? 'neutral' : 'brand'}>{STATUS_LABEL[cohort.status]}</Badge>
                  </p>
                  <p className="flex flex-wrap gap-x-3 text-sm text-muted">
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays className="h-4 w-4" aria-hidden />
                      {formatDate(cohort.startsAt, 'date', reader)} – {formatDate(cohort.endsAt, 'date', reader)}
                    </span>
                    <span className="inline-flex items-center gap-1" data-testid="cohort-members">
                      <Users className="h-4 w-4" aria-hidden />
                      {cohort.memberCount} {cohort.memberCount === 1 ? 'member' : 'members'}
                      {cohort.capacity === null ? '' : ` of ${cohort.capacity}`}
                    </span>
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${cohort.title}`}
                    onClick={() => setEditing(cohort)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${cohort.title}`}
                    onClick={() => setDeleting(cohort)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <CohortForm key={editing?.id ?? 'new'} courseId={courseId} editing={editing} onDone={() => setEditing(null)} />
      </Card>
      <AnnouncementComposer courseId={courseId} cohorts={list} />
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.title}?`}
          description="Its members leave the cohort (they stay enrolled in the course) and its announcements go with it."
          confirmLabel="Delete cohort"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { courseId, cohortId: deleting.id },
              {
                onSuccess: (reply) => {
                  toast(reply.message, 'success');
                  setDeleting(null);
                  if (editing?.id === deleting.id) setEditing(null);
                },
                onError: (error) => toast(errorMessage(error, 'The cohort could not be deleted'), 'error'),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
