import type { Cohort, CohortBody } from '@learnbuild/domain/schemas/cohorts';

// The cohort form in the course editor: dates are picked as days in the author's own zone; a cohort starts at the
// first minute of its first day and ends at the last minute of its last day there.

export interface CohortFormValues {
  title: string;
  startDay: string;
  endDay: string;
  capacity: string;
  closesAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const localMinute = (date: Date) => `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

export const EMPTY_COHORT_FORM: CohortFormValues = { title: '', startDay: '', endDay: '', capacity: '', closesAt: '' };

export function cohortFormValues(cohort: Cohort): CohortFormValues {
  return {
    title: cohort.title,
    startDay: localDay(new Date(cohort.startsAt)),
    endDay: localDay(new Date(cohort.endsAt)),
    capacity: cohort.capacity === null ? '' : String(cohort.capacity),
    closesAt: cohort.enrollmentClosesAt ? localMinute(new Date(cohort.enrollmentClosesAt)) : '',
  };
}

/** Field errors the browser can tell before asking the server (which checks them all again). */
export function cohortFormErrors(values: CohortFormValues): Partial<Record<keyof CohortFormValues, string>> {
  const errors: Partial<Record<keyof CohortFormValues, string>> = {};
  if (!values.title.trim()) errors.title = 'Cohort title is required';
  if (!values.startDay) errors.startDay = 'Pick the first day';
  if (!values.endDay) errors.endDay = 'Pick the last day';
  else if (values.startDay && values.endDay < values.startDay) errors.endDay = 'The end must be after the start';
  if (values.capacity.trim() && !/^[1-9]\d*$/.test(values.capacity.trim()))
    errors.capacity = 'Capacity must be a whole number of at least 1';
  return errors;
}

export function cohortPayload(values: CohortFormValues): CohortBody {
  return {
    title: values.title.trim(),
    startsAt: new Date(`${values.startDay}T00:00`).toISOString(),
    endsAt: new Date(`${values.endDay}T23:59`).toISOString(),
    capacity: values.capacity.trim() ? Number(values.capacity) : null,
    enrollmentClosesAt: values.closesAt ? new Date(values.closesAt).toISOString() : null,
  };
}
