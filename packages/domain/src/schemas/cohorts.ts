import { z } from 'zod';
import { courseIdParamsSchema, lessonKindSchema } from './courses';
import { timeZoneSchema } from './dsa';

// Cohorts with a schedule, the calendar feed, and announcements (issue 30).

export const COHORT_TITLE_MAX = 120;
export const COHORT_CAPACITY_MAX = 100_000;
export const ANNOUNCEMENT_TITLE_MAX = 160;
export const ANNOUNCEMENT_BODY_MAX = 10_000;

export const COHORT_NOT_FOUND = 'Cohort not found';
export const COHORT_END_BEFORE_START = 'The end must be after the start';
export const COHORT_CLOSE_AFTER_END = 'Enrolment must close before the cohort ends';

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

const cohortFields = {
  title: z
    .string({ error: 'Cohort title must be text' })
    .trim()
    .min(1, 'Cohort title is required')
    .max(COHORT_TITLE_MAX, `Cohort title must be at most ${COHORT_TITLE_MAX} characters`),
  startsAt: instant('The start'),
  endsAt: instant('The end'),
  /** Null: no limit. */
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(COHORT_CAPACITY_MAX, `Capacity must be at most ${COHORT_CAPACITY_MAX}`)
    .nullable(),
  /** Null: learners may join until the cohort ends. */
  enrollmentClosesAt: instant('The enrolment close').nullable(),
};

export const cohortBodySchema = z
  .object({
    ...cohortFields,
    capacity: cohortFields.capacity.default(null),
    enrollmentClosesAt: cohortFields.enrollmentClosesAt.default(null),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: COHORT_END_BEFORE_START,
    path: ['endsAt'],
  })
  .refine((body) => !body.enrollmentClosesAt || Date.parse(body.enrollmentClosesAt) <= Date.parse(body.endsAt), {
    message: COHORT_CLOSE_AFTER_END,
    path: ['enrollmentClosesAt'],
  });
export type CohortBody = z.input<typeof cohortBodySchema>;

/** Only the fields sent change; the dates are checked against the stored ones on the server. */
export const updateCohortBodySchema = z.object(cohortFields).partial();
export type UpdateCohortBody = z.input<typeof updateCohortBodySchema>;

export const cohortParamsSchema = z.object({
  id: courseIdParamsSchema.shape.id,
  cohortId: z.uuid({ error: 'Must be a valid id' }),
});

export const cohortSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int().nullable(),
  enrollmentClosesAt: z.string().nullable(),
  memberCount: z.number().int(),
  /** Null when there is no limit. */
  seatsLeft: z.number().int().nullable(),
  status: z.enum(['upcoming', 'running', 'ended']),
  /** Why no one can join now (ended, enrolment closed, full), or null. */
  joinRefusal: z.string().nullable(),
});
export type Cohort = z.infer<typeof cohortSchema>;

export const cohortsReplySchema = z.object({
  success: z.literal(true),
  cohorts: z.array(cohortSchema),
  /** The signed-in caller's cohort of this course, or null. */
  myCohortId: z.string().nullable(),
});
export type CohortsReply = z.infer<typeof cohortsReplySchema>;

export const cohortReplySchema = z.object({ success: z.literal(true), cohort: cohortSchema });
export const joinCohortReplySchema = z.object({ success: z.literal(true), message: z.string(), cohort: cohortSchema });

export const scheduleQuerySchema = z.object({ timeZone: timeZoneSchema });

export const scheduleItemSchema = z.object({
  lessonId: z.string(),
  title: z.string(),
  kind: lessonKindSchema,
  dueAfterDays: z.number().int(),
  /** The due day in the asked time zone, 'YYYY-MM-DD'. */
  dueDay: z.string(),
  /** Due by this instant: the end of the due day in that zone. */
  dueAt: z.string(),
  state: z.enum(['done', 'overdue', 'upcoming']),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleReplySchema = z.object({
  success: z.literal(true),
  /** Null when the learner is in no cohort of this course. */
  cohort: cohortSchema.nullable(),
  timeZone: z.string(),
  items: z.array(scheduleItemSchema),
  behind: z.boolean(),
});
export type ScheduleReply = z.infer<typeof scheduleReplySchema>;

// The calendar feed

export const CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found';

export const calendarFeedReplySchema = z.object({
  success: z.literal(true),
  /** Only that one exists and since when: the address itself is shown once, when it is made. */
  feed: z.object({ createdAt: z.string() }).nullable(),
});
export type CalendarFeedReply = z.infer<typeof calendarFeedReplySchema>;

export const calendarFeedCreatedReplySchema = z.object({
  success: z.literal(true),
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreatedReply = z.infer<typeof calendarFeedCreatedReplySchema>;

/** Any text: an unknown or malformed token is simply not a feed (404). */
export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) });

// Announcements

export const announcementBodySchema = z.object({
  title: z
    .string({ error: 'Announcement title must be text' })
    .trim()
    .min(1, 'Announcement title is required')
    .max(ANNOUNCEMENT_TITLE_MAX, `Announcement title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
  body: z
    .string({ error: 'Announcement text must be text' })
    .trim()
    .min(1, 'Announcement text is required')
    .max(ANNOUNCEMENT_BODY_MAX, `Announcement text must be at most ${ANNOUNCEMENT_BODY_MAX} characters`),
  /** Null or absent: every learner of the course. */
  cohortId: z.uuid({ error: 'Must be a valid id' }).nullable().default(null),
});
export type AnnouncementBody = z.input<typeof announcementBodySchema>;

export const announcementParamsSchema = z.object({
  id: courseIdParamsSchema.shape.id,
  announcementId: z.uuid({ error: 'Must be a valid id' }),
});

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown. */
  body: z.string(),
  /** The cohort it went to, or null for the whole course. */
  cohort: z.object({ id: z.string(), title: z.string() }).nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsReplySchema = z.object({
  success: z.literal(true),
  announcements: z.array(announcementSchema),
});
export type AnnouncementsReply = z.infer<typeof announcementsReplySchema>;
export const announcementReplySchema = z.object({ success: z.literal(true), announcement: announcementSchema });
