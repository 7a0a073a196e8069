import { z } from 'zod';
import { DIFFICULTIES } from '../rules/dsa-stats';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../rules/streaks';

// Recent activity (DESIGN decision 3): the user's own real actions, newest first.

export const ACTIVITY_KINDS = [
  'dsa.solved',
  'subtopic.completed',
  'application.submitted',
  'application.approved',
  'application.rejected',
  'course.enrolled',
  'course.completed',
  'badge.earned',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** How many entries the Overview's recent-activity list shows; the Activity tab pages by ACTIVITY_PAGE_SIZE. */
export const RECENT_ACTIVITY_COUNT = 5;
export const ACTIVITY_PAGE_SIZE = 20;

export const activityFeedQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(10_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 or more')
    .max(50, 'Page size must be at most 50')
    .default(ACTIVITY_PAGE_SIZE),
});
export type ActivityFeedQuery = z.input<typeof activityFeedQuerySchema>;

export const activityEntrySchema = z.object({
  /** Stable across pages: the kind plus the row it comes from. */
  id: z.string(),
  kind: activityKindSchema,
  /** What was done: the problem's title, the lesson's name, or the application's outcome. */
  title: z.string(),
  /** Where it happened (the subject of a lesson, the difficulty of a problem), when that helps. */
  detail: z.string().nullable(),
  /** Where to act on it again. */
  href: z.string().nullable(),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityFeedReplySchema = z.object({
  success: z.literal(true),
  activity: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityFeedReply = z.infer<typeof activityFeedReplySchema>;

// Courses on the dashboard: every figure comes from one query function (docs/decisions.md "Dashboards").

export const dashboardCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Percent of the course the learner has completed. */
  progress: z.number(),
  href: z.string(),
  /** The learner finished the course (completion is kept when lessons are added later). */
  completed: z.boolean(),
  /** The certificate of a completed course, when one was issued. */
  certificateHref: z.string().nullable(),
});
export type DashboardCourse = z.infer<typeof dashboardCourseSchema>;

export const courseSummarySchema = z.object({
  totalCourses: z.number().int(),
  /** Students: courses they are enrolled in. */
  enrolledCourses: z.number().int(),
  /** Instructors and admins: distinct learners across the courses they teach. */
  totalStudents: z.number().int(),
  /** Mean completion of the enrolled courses (0 with none): the career level's course part. */
  completionPercent: z.number(),
  myCourses: z.array(dashboardCourseSchema),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseSummaryReplySchema = z.object({ success: z.literal(true), courses: courseSummarySchema });
export type CourseSummaryReply = z.infer<typeof courseSummaryReplySchema>;

// Continue where you left off: the learner's most recent lesson and problem.

export const resumeLessonSchema = z.object({
  /** A course lesson (the lesson last opened in an enrolled course) or a core-subject lesson (the last completed). */
  kind: z.enum(['course', 'subject']),
  title: z.string(),
  /** The course's title or the subject's name. */
  context: z.string(),
  href: z.string(),
  at: z.string(),
});
export type ResumeLesson = z.infer<typeof resumeLessonSchema>;

export const resumeProblemSchema = z.object({
  title: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  solved: z.boolean(),
  /** The sheet filtered to the problem. */
  href: z.string(),
  at: z.string(),
});
export type ResumeProblem = z.infer<typeof resumeProblemSchema>;

export const dashboardResumeSchema = z.object({
  lesson: resumeLessonSchema.nullable(),
  problem: resumeProblemSchema.nullable(),
});
export type DashboardResume = z.infer<typeof dashboardResumeSchema>;

export const dashboardResumeReplySchema = z.object({ success: z.literal(true), resume: dashboardResumeSchema });
export type DashboardResumeReply = z.infer<typeof dashboardResumeReplySchema>;

// Admin charts

export const CHART_WEEKS = 12;

/** The admin's IANA time zone: the charts' days and weeks are theirs, ending today (UTC when none is sent). */
export const adminChartsQuerySchema = z.object({
  timeZone: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'Time zone must be a valid IANA name such as Europe/Berlin')
    .default(DEFAULT_TIME_ZONE),
});
export type AdminChartsQuery = z.input<typeof adminChartsQuerySchema>;

export const adminChartsSchema = z.object({
  /** Verified sign-ups per week of the admin's calendar (Monday first), oldest first, CHART_WEEKS entries. */
  signupsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** Problems solved per day of the admin's calendar, CHART_WEEKS × 7 days ending today, oldest first. */
  dsaSolvesPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminCharts = z.infer<typeof adminChartsSchema>;

export const adminChartsReplySchema = z.object({ success: z.literal(true), charts: adminChartsSchema });
export type AdminChartsReply = z.infer<typeof adminChartsReplySchema>;

// Live events (server-sent events)

export const LIVE_EVENT_TYPES = [
  /** The user's DSA progress changed (solve, bookmark, review, import). */
  'dsa.progress',
  /** The user completed or reopened a lesson. */
  'subjects.progress',
  /** The user's instructor application was submitted or decided (their role may have changed). */
  'application.changed',
  /** Admins: something the platform figures count changed (an application arrived or was decided). */
  'platform.changed',
  /** The user's courses changed: an enrolment, a lesson or quiz done, a completion (or, for an instructor, a learner of theirs). */
  'courses.progress',
  /** The user has a new notification, or marked some read (the tray's unread count). */
  'notifications.changed',
] as const;
export const liveEventTypeSchema = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof liveEventTypeSchema>;

export const liveEventSchema = z.object({ type: liveEventTypeSchema, at: z.string() });
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const EVENT_TICKET_TTL_SECONDS = 60;

export const eventTicketReplySchema = z.object({
  success: z.literal(true),
  ticket: z.string(),
  expiresInSeconds: z.number().int(),
});
export type EventTicketReply = z.infer<typeof eventTicketReplySchema>;

export const eventStreamQuerySchema = z.object({
  ticket: z.string({ error: 'A stream ticket is required' }).min(1, 'A stream ticket is required').max(2000),
});
