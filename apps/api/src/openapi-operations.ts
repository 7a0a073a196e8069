import { authReplySchema, meReplySchema } from '@learnbuild/domain/schemas/auth';
import { threadsReplySchema } from '@learnbuild/domain/schemas/community';
import {
  activityReplySchema,
  catalogueReplySchema,
  flagsReplySchema,
  problemStatsReplySchema,
  randomProblemReplySchema,
  reviewReplySchema,
  roadmapReplySchema,
  statsReplySchema,
} from '@learnbuild/domain/schemas/dsa';
import {
  judgeChangeReplySchema,
  judgeValidateReplySchema,
  managedJudgeReplySchema,
} from '@learnbuild/domain/schemas/judge';
import type { z } from 'zod';

/**
 * The name and one-line summary of every API operation in the OpenAPI document, keyed by method and path.
 * Client generators name their methods from operationId, so an id never changes once published; a route
 * missing here fails the OpenAPI lint test (apps/api/src/openapi.test.ts).
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  /** The success reply's contract, documented for routes that do not declare a response schema themselves. */
  reply?: z.ZodType;
  /** Where a route that answers with a redirect sends the browser. */
  redirects?: string;
  /** Longer notes for client writers: status codes and headers a reply schema cannot show. */
  description?: string;
  /** The file field of a multipart upload, for routes that stream the body instead of validating it. */
  uploadField?: { name: string; description: string };
}

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/dsa/problems': {
    operationId: 'listDsaProblems',
    summary: "List the DSA problem bank with the learner's own flags",
  },
  'GET /api/dsa/problems/random': {
    operationId: 'pickDsaProblem',
    summary: 'A random problem of the sheet matching the filters: unsolved by default, or solved (for revision)',
    reply: randomProblemReplySchema,
    description:
      'Filters by topic, step, difficulty and company (a company tag, any case). Answers 404 with a clear error ' +
      'when no problem matches.',
  },
  'GET /api/dsa/problem-stats': {
    operationId: 'getDsaProblemStats',
    summary:
      "Everyone's numbers per problem: learners who solved it and its acceptance rate (null under 20 submissions)",
    reply: problemStatsReplySchema,
    description:
      'Only problems with a solve or a judged submission are listed. Counted at most every 10 s; sent precompressed ' +
      'with a strong ETag and `Cache-Control: public, no-cache`, like the catalogue.',
  },
  'GET /api/dsa/roadmap': {
    operationId: 'getDsaRoadmap',
    summary: "The sheet's topics with their prerequisites and the learner's solved/total",
    reply: roadmapReplySchema,
    description: '`ready` is false while a prerequisite topic is under half solved ("not yet"); the topic stays open.',
  },
  'GET /api/dsa/catalogue': {
    operationId: 'getDsaCatalogue',
    summary: 'The live DSA problem bank without any learner flags, the same for every reader',
    reply: catalogueReplySchema,
    description:
      'Sent precompressed (br or gzip by Accept-Encoding) with a strong ETag per coding and ' +
      '`Cache-Control: public, no-cache`; a matching If-None-Match is answered 304 with no body. The ETag ' +
      'changes whenever the bank does. The sheet merges it with GET /api/dsa/progress/flags.',
  },
  'GET /api/dsa/progress/flags': {
    operationId: 'getDsaFlags',
    summary: "The learner's solved, bookmarked, notes, revision and confidence flags on live problems",
    reply: flagsReplySchema,
  },
  'GET /api/dsa/topics': { operationId: 'listDsaTopics', summary: "List the DSA sheet's steps and topics" },
  'PUT /api/dsa/progress/:problemId': {
    operationId: 'updateDsaProgress',
    summary: 'Mark a problem solved, bookmarked or for revision, set its confidence, or save its note',
  },
  'POST /api/dsa/progress/:problemId/review': {
    operationId: 'reviewDsaProblem',
    summary: 'Record a revision of a solved problem, graded again, hard, good or easy; answers the next due day',
    description:
      'On the adaptive schedule (the default) the grade moves the FSRS card and `dueOn` is its due day in the ' +
      "learner's time zone; on the simple schedule (a preference), or without a grade, the review advances the fixed " +
      '1-3-7-14-30 days. 400 for a grade other than again, hard, good or easy, or a problem not on the schedule.',
    reply: reviewReplySchema,
  },
  'GET /api/dsa/progress/stats': {
    operationId: 'getDsaStats',
    summary: "The learner's DSA totals, streaks and per-difficulty counts",
    reply: statsReplySchema,
  },
  'GET /api/dsa/progress/activity': {
    operationId: 'getDsaActivity',
    summary: "The learner's solves per day for the 49-day activity grid",
    reply: activityReplySchema,
  },
  'GET /api/dsa/progress/export': {
    operationId: 'exportDsaProgress',
    summary: "Download the learner's DSA progress as JSON or CSV",
  },
  'POST /api/dsa/progress/import': {
    operationId: 'importDsaProgress',
    summary: 'Import DSA progress from a JSON or CSV export',
  },
  'POST /api/admin/dsa/problems': { operationId: 'createDsaProblem', summary: 'Add a problem to the bank' },
  'PATCH /api/admin/dsa/problems/:problemId': {
    operationId: 'updateDsaProblem',
    summary: 'Edit a problem of the bank',
  },
  'DELETE /api/admin/dsa/problems/:problemId': {
    operationId: 'deleteDsaProblem',
    summary: 'Remove a problem from the bank',
  },
  'PUT /api/admin/dsa/problems/order': {
    operationId: 'reorderDsaProblems',
    summary: "Set the order of a topic's problems",
  },
  'POST /api/admin/dsa/problems/import': {
    operationId: 'importDsaProblems',
    summary: 'Import problems into the bank from JSON or CSV',
  },
  'GET /api/admin/dsa/problems/export': {
    operationId: 'exportDsaProblems',
    summary: 'Download the problem bank as JSON or CSV',
  },
  'POST /api/admin/dsa/topics': { operationId: 'createDsaTopic', summary: 'Add a topic to the DSA sheet' },
  'PATCH /api/admin/dsa/topics/:topicId': { operationId: 'updateDsaTopic', summary: 'Rename or move a DSA topic' },
  'DELETE /api/admin/dsa/topics/:topicId': { operationId: 'deleteDsaTopic', summary: 'Remove an empty DSA topic' },
  'PUT /api/admin/dsa/topics/order': { operationId: 'reorderDsaTopics', summary: 'Set the order of the DSA topics' },
  'POST /api/auth/register': { operationId: 'register', summary: 'Create an account and mail its verification code' },
  'POST /api/auth/verify-otp': {
    operationId: 'verifyOtp',
    summary: 'Verify an email address with the mailed 6-digit code',
  },
  'POST /api/auth/verify-email/:token': {
    operationId: 'verifyEmailLink',
    summary: 'Verify an email address with the mailed link',
  },
  'POST /api/auth/resend-verification': { operationId: 'resendVerification', summary: 'Mail a new verification code' },
  'POST /api/auth/login': { operationId: 'login', summary: 'Sign in with email and password', reply: authReplySchema },
  'GET /api/auth/me': { operationId: 'getCurrentUser', summary: 'The signed-in user', reply: meReplySchema },
  'POST /api/auth/logout': { operationId: 'logout', summary: "End this device's session" },
  'POST /api/auth/logout-all': { operationId: 'logoutEverywhere', summary: 'End every session of the signed-in user' },
  'POST /api/auth/forgot-password': { operationId: 'forgotPassword', summary: 'Mail a password reset link' },
  'POST /api/auth/reset-password/:token': {
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
  },
  'POST /api/auth/change-password': {
    operationId: 'changePassword',
    summary: 'Change the password and sign out other devices',
  },
  'PATCH /api/auth/profile': {
    operationId: 'updateProfile',
    summary: "Update the signed-in user's name, public handle or public-profile switches",
  },
  'PUT /api/auth/profile': {
    operationId: 'putProfile',
    summary: "Update the signed-in user's name, public handle or public-profile switches (as PATCH)",
  },
  'GET /api/profiles/:handle': {
    operationId: 'getPublicProfile',
    summary: "A learner's public profile: the parts they show; their own in full as a preview",
  },
  'GET /api/search': {
    operationId: 'searchEverything',
    summary:
      'One search over problems, core-subject lessons, courses, blog posts, community threads and (admins) users',
    description:
      'Typo tolerant (pg_trgm) on titles and full text where a body is indexed; up to 5 results per kind, grouped by ' +
      'kind, an exact title first. Only what the asker may read: published courses and posts, visible threads, ' +
      "lessons' text for the signed-in. `kinds=user` alone answers 401 signed out and 403 for anyone but an admin; " +
      'in a wider list it is left out for them.',
  },
  'GET /api/profiles/:handle/card.png': {
    operationId: 'getPublicProfileCard',
    summary: "A public profile's social card (PNG, 1200 x 630) for link previews",
  },
  'POST /api/auth/avatar': { operationId: 'uploadAvatar', summary: 'Upload a profile picture' },
  'DELETE /api/auth/avatar': { operationId: 'removeAvatar', summary: 'Remove the profile picture' },
  'DELETE /api/auth/account': { operationId: 'deleteAccount', summary: 'Delete the account and its data' },
  'GET /api/auth/providers': {
    operationId: 'listLoginProviders',
    summary: 'The social login providers enabled on this server',
  },
  'POST /api/auth/exchange': {
    operationId: 'exchangeLoginCode',
    summary: 'Trade a social login hand-off code for a session token',
  },
  'GET /api/health': {
    operationId: 'getHealth',
    summary: 'Health of the API and each dependency: answers once migrations and seeding are done',
    description:
      "200 `{status:'ok', database:{status, latencyMs}, redis:{status}}` when all answer; 200 with status " +
      "'degraded' when Redis is down (rate limits and live events fall back to this instance); 503 " +
      "`{success:false, error, status:'down', database, redis}` when the database does not answer within 2 s. " +
      "redis.status is 'ok', 'down' or 'not configured'. Checks within one second share one probe.",
  },
  'GET /api/config': { operationId: 'getClientConfig', summary: 'Settings the web app needs at start' },
  'POST /api/contact': { operationId: 'sendContactMessage', summary: 'Send a message to the LearnBuild team' },
  'GET /api/admin/contact-messages': {
    operationId: 'listContactMessages',
    summary: 'Messages sent through the contact form',
  },
  'GET /api/subjects': { operationId: 'listSubjects', summary: "The core subjects with the user's progress" },
  'GET /api/subjects/:subjectId': {
    operationId: 'getSubject',
    summary: "A core subject's outline with the user's progress",
  },
  'GET /api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId': {
    operationId: 'getSubtopicLesson',
    summary: "A subtopic's lesson",
  },
  'PUT /api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/progress': {
    operationId: 'setSubtopicProgress',
    summary: 'Mark a subtopic complete or not',
  },
  'POST /api/admin/subjects': { operationId: 'createSubject', summary: 'Add a core subject' },
  'PATCH /api/admin/subjects/:subjectId': { operationId: 'updateSubject', summary: 'Edit a core subject' },
  'DELETE /api/admin/subjects/:subjectId': { operationId: 'deleteSubject', summary: 'Remove a core subject' },
  'POST /api/admin/subjects/:subjectId/topics': {
    operationId: 'createSubjectTopic',
    summary: 'Add a topic to a subject',
  },
  'PATCH /api/admin/subjects/:subjectId/topics/:topicId': {
    operationId: 'updateSubjectTopic',
    summary: "Edit a subject's topic",
  },
  'DELETE /api/admin/subjects/:subjectId/topics/:topicId': {
    operationId: 'deleteSubjectTopic',
    summary: "Remove a subject's topic",
  },
  'POST /api/admin/subjects/:subjectId/topics/:topicId/subtopics': {
    operationId: 'createSubtopic',
    summary: 'Add a subtopic with its lesson',
  },
  'PATCH /api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId': {
    operationId: 'updateSubtopic',
    summary: 'Edit a subtopic and its lesson',
  },
  'DELETE /api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId': {
    operationId: 'deleteSubtopic',
    summary: 'Remove a subtopic',
  },
  'PUT /api/admin/subjects/order': { operationId: 'reorderSubjects', summary: 'Set the order of the subjects' },
  'PUT /api/admin/subjects/:subjectId/topics/order': {
    operationId: 'reorderSubjectTopics',
    summary: "Set the order of a subject's topics",
  },
  'PUT /api/admin/subjects/:subjectId/topics/:topicId/subtopics/order': {
    operationId: 'reorderSubtopics',
    summary: "Set the order of a topic's subtopics",
  },
  'GET /api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId': {
    operationId: 'getSubtopicDraft',
    summary: "A subtopic's lesson source for editing",
  },
  'GET /api/auth/oidc/start': {
    operationId: 'startOidcLogin',
    summary: 'Start signing in with the OpenID Connect provider',
    redirects: "To the OpenID Connect provider's sign-in page",
  },
  'GET /api/auth/github/start': {
    operationId: 'startGithubLogin',
    summary: 'Start signing in with GitHub',
    redirects: "To GitHub's sign-in page",
  },
  'GET /api/auth/oidc/callback': {
    operationId: 'finishOidcLogin',
    summary: 'Where the OpenID Connect provider returns after sign-in',
    redirects: 'To /auth-success with a hand-off code, or to /login with the error',
  },
  'GET /api/auth/github/callback': {
    operationId: 'finishGithubLogin',
    summary: 'Where GitHub returns after sign-in',
    redirects: 'To /auth-success with a hand-off code, or to /login with the error',
  },
  'POST /api/auth/apply-instructor': { operationId: 'applyForInstructor', summary: 'Apply to become an instructor' },
  'GET /api/auth/instructor-application-status': {
    operationId: 'getInstructorApplicationStatus',
    summary: "The signed-in user's instructor application status",
  },
  'GET /api/admin/instructor-applications': {
    operationId: 'listInstructorApplications',
    summary: 'Instructor applications to review, pending first',
  },
  'POST /api/admin/instructor-applications/:id/approve': {
    operationId: 'approveInstructorApplication',
    summary: 'Approve an instructor application',
  },
  'POST /api/admin/instructor-applications/:id/reject': {
    operationId: 'rejectInstructorApplication',
    summary: 'Reject an instructor application with a reason',
  },
  'GET /api/admin/users': { operationId: 'listUsers', summary: 'Search and page through the users' },
  'PATCH /api/admin/users/:id/role': { operationId: 'changeUserRole', summary: "Change a user's role" },
  'GET /api/admin/audit-log': { operationId: 'listAuditLog', summary: 'Admin actions, newest first' },
  'GET /api/admin/jobs': {
    operationId: 'listScheduledJobs',
    summary: 'The scheduled jobs: their schedules (UTC), next and last runs and failures in the last 24 hours',
  },
  'POST /api/admin/jobs/:name/run': {
    operationId: 'runScheduledJob',
    summary: 'Run a scheduled job once now, on one instance; its run shows on the list',
  },
  'GET /api/auth/admin-dashboard-stats': {
    operationId: 'getAdminDashboardStats',
    summary: 'Platform statistics for the admin dashboard',
  },
  'GET /api/plans/mine': {
    operationId: 'getMyStudyPlan',
    summary: "The signed-in learner's study plan: daily target, status and today's problems",
  },
  'PUT /api/plans/mine': {
    operationId: 'chooseStudyPlan',
    summary: 'Pick or replace the study plan (sheet-90, interview-30 or custom steps and finish date)',
  },
  'DELETE /api/plans/mine': { operationId: 'endStudyPlan', summary: 'End the study plan' },
  'GET /api/badges/mine': {
    operationId: 'listMyBadges',
    summary: "The signed-in learner's badges, newest first",
  },
  'GET /api/notifications': {
    operationId: 'listMyNotifications',
    summary: "The signed-in person's notifications, newest first, 20 a page, and their unread count",
    description:
      '`unread=true` lists only the unread ones; `unread` in the reply counts all of them, not only this page. ' +
      'Pass `nextCursor` as `cursor` for the next page; it is null on the last. A cursor the list did not give is 400.',
  },
  'POST /api/notifications/read': {
    operationId: 'markNotificationsRead',
    summary: "Mark these of the signed-in person's notifications read; answers the unread count",
    description: "Ids of someone else's notifications change nothing and are not an error.",
  },
  'POST /api/notifications/read-all': {
    operationId: 'markAllNotificationsRead',
    summary: "Mark all the signed-in person's notifications read",
  },
  'GET /api/notifications/preferences': {
    operationId: 'getNotificationPreferences',
    summary:
      'How each kind of notification reaches the signed-in person (app, mail, daily, weekly or off), quiet hours, ' +
      'the digest hour',
    description: "Every kind the person can receive is listed; the admins' kinds for admins only.",
  },
  'PUT /api/notifications/preferences': {
    operationId: 'updateNotificationPreferences',
    summary: 'Set the channels of the kinds named (the others keep theirs), quiet hours and the digest hour',
    description:
      "An unknown kind or channel is 400, and so is an admins' kind for anyone but an admin. `quietHours` is " +
      '`{from, to}` in "HH:MM" or null; `digestHour` 0 to 23.',
  },
  'GET /api/dashboard/activity': {
    operationId: 'listDashboardActivity',
    summary: "The signed-in user's recent actions",
  },
  'GET /api/dashboard/courses': {
    operationId: 'getDashboardCourses',
    summary: "The signed-in user's course figures for the dashboard",
  },
  'GET /api/dashboard/resume': {
    operationId: 'getDashboardResume',
    summary: "The signed-in user's last lesson and last problem, to continue where they left off",
  },
  'GET /api/admin/dashboard-charts': {
    operationId: 'getAdminDashboardCharts',
    summary: 'Sign-ups per week and DSA solves per day for the admin charts',
  },
  'POST /api/events/ticket': {
    operationId: 'createEventTicket',
    summary: 'A short-lived ticket that opens the live event stream',
  },
  'GET /api/events': { operationId: 'streamEvents', summary: "The signed-in user's live events (server-sent events)" },
  'GET /api/courses': {
    operationId: 'listCourses',
    summary: 'The course catalogue: search, category, level, sort and paging; mine=enrolled or mine=teaching',
    description:
      "Public; published courses only. `mine=enrolled` (401 anonymous) lists the caller's enrolments with progress; " +
      "`mine=teaching` (401 anonymous, 403 Student) lists the caller's own courses in every status. " +
      '`studentsEnrolled` and `completedStudents` hold at most the 10 most recent ids each, and only for the ' +
      "course's instructor and admins; anyone else finds at most their own id there, an anonymous visitor none. " +
      '`enrolledCount` and `completedCount` are exact, for everyone.',
  },
  'GET /api/courses/:id': {
    operationId: 'getCourse',
    summary: 'One course by id or slug, with its outline and what the caller may do',
    description:
      'Drafts are 404 to all but the owner and admins; archived courses also to the non-enrolled. Lesson content ' +
      'is filled for the owner, admins, enrolled learners and free previews; quiz answers only for the owner and admins. ' +
      '`studentsEnrolled` and `completedStudents` hold at most the 100 most recent ids each, and only for the ' +
      "course's instructor and admins; anyone else finds at most their own id there, an anonymous visitor none. " +
      '`enrolledCount` and `completedCount` are exact, for everyone.',
  },
  'POST /api/courses': { operationId: 'createCourse', summary: 'Create a draft course (Instructor or Admin)' },
  'PUT /api/courses/:id': {
    operationId: 'updateCourse',
    summary: 'Edit a course, publish, unpublish or archive it (owner or Admin)',
    description: 'Publishing a course that misses a title, a description or a lesson answers 400 with details.',
  },
  'DELETE /api/courses/:id': {
    operationId: 'deleteCourse',
    summary: 'Delete a course; one with learners is archived instead (owner or Admin)',
  },
  'POST /api/courses/:id/sections': { operationId: 'createCourseSection', summary: 'Add a section at the end' },
  'PUT /api/courses/:id/sections/order': {
    operationId: 'reorderCourseSections',
    summary: 'Set the order of the sections (every id exactly once)',
  },
  'PUT /api/courses/:id/sections/:sectionId': { operationId: 'updateCourseSection', summary: 'Rename a section' },
  'DELETE /api/courses/:id/sections/:sectionId': {
    operationId: 'deleteCourseSection',
    summary: 'Delete a section and its lessons',
  },
  'POST /api/courses/:id/sections/:sectionId/lessons': {
    operationId: 'createCourseLesson',
    summary: 'Add an article, video or quiz lesson at the end of a section',
  },
  'PUT /api/courses/:id/sections/:sectionId/lessons/order': {
    operationId: 'reorderCourseLessons',
    summary: 'Set the order of the lessons of a section (every id exactly once)',
  },
  'GET /api/courses/:id/lessons/:lessonId': {
    operationId: 'getCourseLesson',
    summary: 'One lesson with its content; 403 with opensAt while drip, date or prerequisite gating holds it',
  },
  'PUT /api/courses/:id/lessons/:lessonId': {
    operationId: 'updateCourseLesson',
    summary: 'Edit a lesson, or move it to another section',
  },
  'DELETE /api/courses/:id/lessons/:lessonId': { operationId: 'deleteCourseLesson', summary: 'Delete a lesson' },
  'GET /api/courses/:id/learners': {
    operationId: 'listCourseLearners',
    summary: "A course's learners with their progress (owner or Admin)",
  },
  'GET /api/courses/:id/insight': {
    operationId: 'getCourseInsight',
    summary:
      "A course's insight (owner or Admin): funnel by lesson, median minutes per lesson, quiz item analysis, exercises, stalled learners",
    description:
      'Answered from a precomputed snapshot (`computedAt` says when): a scheduled job recomputes courses with activity ' +
      'since their snapshot, and the first look at a course computes it.',
  },
  'POST /api/courses/:id/insight/refresh': {
    operationId: 'refreshCourseInsight',
    summary: "Recomputes a course's insight now (owner or Admin)",
    description: 'At most once a minute per course: sooner answers 429 with Retry-After.',
  },
  'POST /api/courses/:id/learners/:learnerId/nudge': {
    operationId: 'nudgeCourseLearner',
    summary: 'Sends an enrolled learner a nudge message as a notification, and logs it (owner or Admin)',
    description:
      'One nudge per learner per course in 24 hours and at most 50 per sender in 24 hours: past either, 429 with ' +
      'Retry-After and a sentence saying when. 404 when the learner is not enrolled.',
  },
  'GET /api/instructor/courses': {
    operationId: 'getTeachingStats',
    summary: "The caller's courses with learners, completions and average progress (Instructor Panel)",
  },
  'POST /api/media': {
    operationId: 'uploadMedia',
    summary: 'Upload a course image or video (Instructor or Admin)',
    description:
      "The type is read from the file's bytes: PNG, JPEG or WebP images up to 5 MB, MP4 or WebM videos up to 500 MB. " +
      'Anything else is refused with 415, a file over its limit with 413.',
    uploadField: { name: 'file', description: 'The image or video' },
  },
  'GET /api/media': {
    operationId: 'listMyMedia',
    summary: "The caller's uploaded files, newest first, with whether a course uses each",
  },
  'GET /api/media/:id/content': {
    operationId: 'getMediaContent',
    summary: "An uploaded file's bytes",
    description:
      'Public. Answers 206 with Content-Range for one `Range: bytes=` range (so video players can seek), ' +
      '416 with `Content-Range: bytes */size` for a range past the end, and 304 for a matching If-None-Match ' +
      'or If-Modified-Since. The bytes of an id never change, so replies may be cached for a year.',
  },
  'DELETE /api/media/:id': {
    operationId: 'deleteMedia',
    summary: 'Delete an uploaded file that no course uses (owner or Admin)',
  },
  'GET /api/snippets': {
    operationId: 'listMySnippets',
    summary: "The caller's saved code snippets, last changed first (without their code)",
  },
  'POST /api/snippets': {
    operationId: 'createSnippet',
    summary: 'Save a new private code snippet',
    description:
      'Title 1 to 100 characters; language javascript, typescript, python, cpp or java; source at most 100 KB and ' +
      'stdin at most 10 KB, counted in UTF-8 bytes (400, or 413 for a body past the API limit). 409 when the ' +
      'caller already keeps 200 snippets.',
  },
  'GET /api/snippets/:id': {
    operationId: 'getSnippet',
    summary: 'A snippet with its code: the owner always, anyone (signed in or not) when it is shared',
    description:
      'Public when shared. A private snippet of someone else answers 404, exactly like an unknown or malformed ' +
      'id, so its existence is never confirmed. `isOwner` tells the editor whether to open it read-only.',
  },
  'PUT /api/snippets/:id': {
    operationId: 'updateSnippet',
    summary: 'Rename, edit, share or unshare your snippet',
    description:
      "Owner only: another user's shared snippet answers 403 (fork it instead), a private one 404. " +
      'Send at least one field; the limits are those of creating one.',
  },
  'DELETE /api/snippets/:id': { operationId: 'deleteSnippet', summary: 'Delete your snippet (owner only)' },
  'GET /api/code/runtimes': {
    operationId: 'getCodeRuntimes',
    summary: 'Whether this server can run C++ and Java (a Judge0 service is configured)',
  },
  'POST /api/code/run': {
    operationId: 'runCode',
    summary: 'Compile and run a C++ or Java program on the judge and return its output',
    description:
      'Signed in. JavaScript, TypeScript and Python run in the browser (400). 503 when this server has no ' +
      'judge (JUDGE0_URL unset) or the judge is down, slow (15 s) or failing; 429 with Retry-After past 10 ' +
      "runs a minute per user. The user's token and cookies are never passed on to the judge.",
  },
  'GET /api/dsa/problems/:idOrSlug/practice': {
    operationId: 'getProblemPractice',
    summary: "A judged problem's page: statement, examples, hints, signature and starter code (404 without a judge)",
  },
  'GET /api/dsa/problems/:idOrSlug/editorial': {
    operationId: 'getProblemEditorial',
    summary: "A judged problem's editorial: approach, complexity and solutions in JavaScript and Python (signed in)",
  },
  'POST /api/dsa/problems/:idOrSlug/submissions': {
    operationId: 'submitSolution',
    summary: 'Submit code to be judged against every test; 202 with the queued submission',
    description:
      'Signed in. 400 for an unknown language, empty code, or a language this server cannot judge (C++ and Java ' +
      'need Judge0); 413 past 64 KB; 429 with Retry-After past 10 submissions a minute per user.',
  },
  'GET /api/dsa/problems/:idOrSlug/submissions': {
    operationId: 'listOwnSubmissions',
    summary: "The caller's own submissions of a problem with their code, newest first",
  },
  'GET /api/submissions/:id': {
    operationId: 'getSubmission',
    summary: 'A submission and, once judged, its verdict (its owner only; 404 for anyone else)',
  },
  'GET /api/admin/dsa/problems/:problemId/judge': {
    operationId: 'getDsaProblemJudge',
    summary: "A problem's judge as DSA Management edits it: the problem file, on or off, and its last validation",
    reply: managedJudgeReplySchema,
  },
  'PUT /api/admin/dsa/problems/:problemId/judge': {
    operationId: 'saveDsaProblemJudge',
    summary: "Save a problem's judge (the problem file); a new or changed judge is off until it is validated",
    reply: judgeChangeReplySchema,
    description:
      '400 naming the first wrong field of the problem file ("spec.tests.3.args: …", every one in details); ' +
      "404 for an unknown or deleted problem. The file's slug and title are set from the problem.",
  },
  'POST /api/admin/dsa/problems/:problemId/judge/validate': {
    operationId: 'validateDsaProblemJudge',
    summary: "Run the judge's reference solutions against every test and keep the result for this version",
    reply: judgeValidateReplySchema,
    description: '404 when the problem has no saved judge. valid is true when every reference was Accepted.',
  },
  'PUT /api/admin/dsa/problems/:problemId/judge/enabled': {
    operationId: 'switchDsaProblemJudge',
    summary: "Turn a problem's judge on (only once its saved version passed validation) or off",
    reply: judgeChangeReplySchema,
    description: '409 when turning on a judge whose saved version has not passed validation.',
  },
  'POST /api/courses/:id/enroll': {
    operationId: 'enrollInCourse',
    summary: 'Enrol in a published course (idempotent; re-enrolling restores earlier progress)',
    description:
      'Signed in. 404 for an unknown course or a draft the caller may not see, 409 for an archived course, a ' +
      "draft, or the caller's own course. A second call answers 200 and changes nothing.",
  },
  'DELETE /api/courses/:id/enroll': {
    operationId: 'leaveCourse',
    summary: 'Leave a course; lesson progress, quiz scores, certificate and review are kept',
  },
  'PUT /api/courses/:id/lessons/:lessonId/progress': {
    operationId: 'updateLessonProgress',
    summary: 'Mark a lesson complete or not (enrolled learners); positionSeconds also saves the resume point',
    description:
      '403 when not enrolled, 404 for a lesson not in the course, 409 for completing a quiz lesson (pass its quiz). ' +
      'Reopening a lesson of a completed course keeps the completion and its certificate.',
  },
  'POST /api/courses/:id/lessons/:lessonId/quiz': {
    operationId: 'submitQuiz',
    summary: 'Grade quiz answers on the server; a pass completes the lesson',
    description:
      'One option index per question, in order (400 otherwise). Passed at 70% correct. Enrolled learners keep ' +
      'their best score; the owner and Admins are graded and nothing is stored; anyone else gets 403.',
  },
  'POST /api/courses/:id/lessons/:lessonId/exercise/submissions': {
    operationId: 'submitLessonExercise',
    summary: 'Judge code for an exercise lesson on the server; Accepted completes the lesson',
    description:
      'JavaScript, TypeScript or Python, at most 64 KB (400 otherwise). Judged at once by the DSA judge against ' +
      'the visible examples, then the hidden tests; a failing hidden test is named by its number only. Enrolled ' +
      'learners keep every submission; the owner and Admins are judged and nothing is stored (`id` null); anyone ' +
      'else gets 403, and a lesson gating holds gets 403 with `opensAt`. 429 past 10 submissions a minute.',
  },
  'GET /api/courses/:id/lessons/:lessonId/exercise/submissions': {
    operationId: 'listLessonExerciseSubmissions',
    summary: "The caller's own submissions of an exercise lesson with their code, newest first",
  },
  'POST /api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/exercise/submissions': {
    operationId: 'submitSubtopicExercise',
    summary: "Judge code for a core-subject subtopic's exercise; Accepted marks the subtopic completed",
    description:
      'Any signed-in learner. JavaScript, TypeScript or Python, at most 64 KB (400 otherwise); 404 when the ' +
      'subtopic has no exercise. A failing hidden test is named by its number only. 429 past 10 a minute.',
  },
  'GET /api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/exercise/submissions': {
    operationId: 'listSubtopicExerciseSubmissions',
    summary: "The caller's own submissions of a subtopic's exercise with their code, newest first",
  },
  'POST /api/courses/:id/exercise/validate': {
    operationId: 'validateCourseExercise',
    summary: "Run an exercise's reference solution against each of its tests (the course's owner and Admins)",
    description:
      'The exercise as written in the editor, not yet saved: 400 names the first wrong field. Every test runs on ' +
      'its own and is reported, hidden ones included; saving the lesson needs every test to pass.',
  },
  'GET /api/courses/:id/questions': {
    operationId: 'listBankQuestions',
    summary: "The course's question bank with keys, tags and counts (the owner and Admins)",
    description:
      '`?tag=` keeps the questions carrying that tag; `?archived=true` includes deleted (archived) questions. ' +
      '401 signed out, 403 for anyone but the course instructor or an Admin.',
  },
  'POST /api/courses/:id/questions': {
    operationId: 'createBankQuestion',
    summary:
      'Add a question to the bank: single or multiple choice, short text (answers or an RE2 pattern), or code output',
    description: '400 with `details` for a bad question, a key outside the options or a pattern RE2 cannot compile.',
  },
  'PATCH /api/courses/:id/questions/:questionId': {
    operationId: 'updateBankQuestion',
    summary: 'Edit a bank question: the fields sent replace its own, and its version goes up by one',
    description:
      'Attempts already drawn keep the question as it was, so their grades never change. 409 for a deleted one.',
  },
  'DELETE /api/courses/:id/questions/:questionId': {
    operationId: 'deleteBankQuestion',
    summary: 'Delete (archive) a bank question: quizzes stop drawing it; attempts and item analysis keep it',
  },
  'GET /api/courses/:id/lessons/:lessonId/attempts/current': {
    operationId: 'getQuizAttempt',
    summary: "The learner's standing at a quiz drawn from the bank, with their open attempt (the same after a reload)",
    description:
      'No keys are sent before grading. 401 signed out, 403 not enrolled or while gating holds the lesson, 404 ' +
      'when the lesson does not draw from the bank.',
  },
  'POST /api/courses/:id/lessons/:lessonId/attempts': {
    operationId: 'startQuizAttempt',
    summary: 'Start an attempt at a drawn quiz (201), or get the one already open (200)',
    description:
      'Draws the questions at random with a stored seed and shuffles their options. 403 when the attempt limit is ' +
      'used up; 409 when the bank has no question to draw.',
  },
  'POST /api/courses/:id/lessons/:lessonId/attempts/:attemptId/submit': {
    operationId: 'submitQuizAttempt',
    summary: 'Grade an attempt from the questions it drew: one answer per question, in the order shown',
    description:
      'An option number (single), a list of them (multiple) or text (short, output); null leaves it out. 409 after ' +
      'the deadline (a 10 s grace aside) or a second time. A pass at 70% completes the lesson.',
  },
  'PUT /api/courses/:id/resume': {
    operationId: 'saveResumePoint',
    summary: 'Remember the last lesson and video position (enrolled learners)',
  },
  'POST /api/courses/:id/complete': {
    operationId: 'completeCourse',
    summary: 'Complete the course and get its certificate (409 until every lesson is done; idempotent)',
  },
  'GET /api/courses/:id/cohorts': {
    operationId: 'listCourseCohorts',
    summary: "A course's cohorts with their dates, seats left and whether one can join; the caller's own cohort",
    description: 'Anyone who may see the course. `joinRefusal` says why no one can join now (ended, closed, full).',
  },
  'POST /api/courses/:id/cohorts': {
    operationId: 'createCourseCohort',
    summary: 'Open a cohort of a course: title, start, end, optional capacity and enrolment close (owner or Admin)',
  },
  'PATCH /api/courses/:id/cohorts/:cohortId': {
    operationId: 'updateCourseCohort',
    summary: 'Change a cohort (owner or Admin); only the fields sent change',
    description: '409 when the capacity would be lower than the members already in it.',
  },
  'DELETE /api/courses/:id/cohorts/:cohortId': {
    operationId: 'deleteCourseCohort',
    summary: 'Delete a cohort, its memberships and its announcements (owner or Admin)',
  },
  'POST /api/courses/:id/cohorts/:cohortId/join': {
    operationId: 'joinCourseCohort',
    summary: 'Join a cohort, enrolling in the course first when needed (one cohort per course)',
    description:
      'A seat is taken in one statement, so simultaneous joins never pass the capacity. 409 when the cohort has ' +
      'ended, its enrolment has closed, it is full, or the caller is in another cohort of the course; the enrol ' +
      "endpoint's own refusals (prerequisite course, own course, draft) apply.",
  },
  'DELETE /api/courses/:id/cohorts/:cohortId/join': {
    operationId: 'leaveCourseCohort',
    summary: 'Leave a cohort (the course enrolment stays)',
  },
  'GET /api/courses/:id/schedule': {
    operationId: 'getCohortSchedule',
    summary: "The caller's cohort and each lesson's due date in their time zone, done, overdue or upcoming",
    description:
      'Enrolled learners, the owner and Admins (403 otherwise). A lesson is due by the end of the day that is ' +
      '`dueAfterDays` after the cohort starts, both days read in `timeZone`. `behind` is true when one is overdue.',
  },
  'GET /api/courses/:id/announcements': {
    operationId: 'listCourseAnnouncements',
    summary: "A course's announcements, newest first: the learner's course-wide and cohort ones; all for the owner",
  },
  'POST /api/courses/:id/announcements': {
    operationId: 'postCourseAnnouncement',
    summary: 'Announce to the whole course or one cohort (owner or Admin); each learner of it is notified',
  },
  'DELETE /api/courses/:id/announcements/:announcementId': {
    operationId: 'deleteCourseAnnouncement',
    summary: 'Delete an announcement (owner or Admin)',
  },
  'GET /api/calendar/feed': {
    operationId: 'getCalendarFeed',
    summary: 'Whether the caller has a calendar address and since when (the address itself is shown once)',
  },
  'POST /api/calendar/feed': {
    operationId: 'createCalendarFeed',
    summary: 'Make a new secret calendar address, replacing the old one (which stops working)',
  },
  'DELETE /api/calendar/feed': {
    operationId: 'revokeCalendarFeed',
    summary: 'Revoke the calendar address: it answers 404 from then on',
  },
  'GET /api/calendar/:token.ics': {
    operationId: 'getCalendarFeedIcs',
    summary: "The due dates of the token owner's cohorts as iCalendar (text/calendar); 404 for an unknown token",
    description:
      'One all-day event per due lesson on its due day in the owner’s stored time zone, with a stable UID ' +
      '(cohort id and lesson id), so calendar apps update events in place.',
  },
  'GET /api/certificates/:id': {
    operationId: 'getCertificate',
    summary: 'A certificate of completion, for anyone to check (404 when unknown)',
  },
  'GET /api/certificates/verify/:code': {
    operationId: 'verifyCertificate',
    summary: 'Check a certificate by the code printed on it (anyone; any case, dashes optional)',
    description:
      'Answers the learner, course, instructor and issue date as certified, and whether, when and why it was ' +
      'revoked. 404 for an unknown code, 400 for text that cannot be a code (12 letters and digits).',
  },
  'POST /api/admin/certificates/:id/revoke': {
    operationId: 'revokeCertificate',
    summary:
      'Revoke a certificate with a reason (Admins; 409 when already revoked); its code still verifies, as revoked',
  },
  'DELETE /api/admin/certificates/:id/revoke': {
    operationId: 'restoreCertificate',
    summary: 'Restore a revoked certificate (Admins; restoring a valid one changes nothing)',
  },
  'GET /api/courses/:id/reviews': {
    operationId: 'listCourseReviews',
    summary: "A page of a course's reviews (10, latest first) with the average rating",
  },
  'PUT /api/courses/:id/reviews/mine': {
    operationId: 'saveMyCourseReview',
    summary: 'Write or replace your review of a course (enrolled learners; 1 to 5 stars)',
  },
  'DELETE /api/courses/:id/reviews/mine': {
    operationId: 'deleteMyCourseReview',
    summary: 'Remove your review of a course',
  },
  // Community (issue 12)
  'GET /api/community/categories': {
    operationId: 'listCommunityCategories',
    summary: 'The six community categories in order, with their visible thread counts',
  },
  'GET /api/community/threads': {
    operationId: 'listCommunityThreads',
    summary: 'Threads by category, search, sort (latest, top, unanswered) and page',
    reply: threadsReplySchema,
    description:
      'Public. Hidden threads are left out for everyone. Pinned threads come first in every sort; `unanswered` ' +
      'means no accepted answer yet. `q` is PostgreSQL full-text search (websearch syntax) over titles and ' +
      'bodies, ranked by relevance; a query of stop words only is ignored.',
  },
  'GET /api/community/threads/:id': {
    operationId: 'getCommunityThread',
    summary: 'A thread with a page of its replies (the accepted answer first)',
    description:
      'Public; a valid token adds `voted` and what the viewer may do. A hidden thread is 404 except for moderators ' +
      '(Instructor, Admin), who also see hidden replies, marked. Replies come 50 per page (`page`).',
  },
  'POST /api/community/threads': {
    operationId: 'createCommunityThread',
    summary: 'Start a thread (verified accounts)',
    description:
      '401 anonymous, 403 unverified. Accounts younger than 7 days may start 5 threads an hour: 429 with Retry-After.',
  },
  'PUT /api/community/threads/:id': {
    operationId: 'updateCommunityThread',
    summary: "Edit your thread's title, body, category or tags (sets the edited mark)",
    description: '403 for anyone but the author; 409 when the thread is locked.',
  },
  'DELETE /api/community/threads/:id': {
    operationId: 'deleteCommunityThread',
    summary: 'Delete a thread with its replies (the author, or a moderator: audit-logged)',
    description:
      "409 when the author deletes a problem's discussion in which others have replied (a moderator still may).",
  },
  'GET /api/dsa/problems/:slug/discussion': {
    operationId: 'getProblemDiscussion',
    summary: "A problem's discussion thread id (null before its first post)",
    description:
      'Public. The thread itself is read with GET /api/community/threads/:id; a thread a moderator hid is null ' +
      'except for moderators. 404 for an unknown or deleted problem.',
  },
  'POST /api/dsa/problems/:slug/discussion': {
    operationId: 'postToProblemDiscussion',
    summary: "Post in a problem's discussion: the first post opens its thread, later ones reply in it",
    description:
      '401 anonymous, 403 unverified, 404 unknown problem, 409 when the thread is locked or hidden. ' +
      '`containsSolution` folds the post until a reader opens it. Two first posts at once make one thread.',
  },
  'POST /api/community/threads/:id/replies': {
    operationId: 'replyToCommunityThread',
    summary: "Reply to a thread; mails the thread's author unless they turned it off",
    description:
      '409 when the thread is locked. Accounts younger than 7 days may post 30 replies an hour: 429 with Retry-After.',
  },
  'PUT /api/community/replies/:id': {
    operationId: 'updateCommunityReply',
    summary: 'Edit your reply (sets the edited mark; 409 when the thread is locked)',
  },
  'DELETE /api/community/replies/:id': {
    operationId: 'deleteCommunityReply',
    summary: 'Delete a reply (the author, or a moderator: audit-logged)',
  },
  'POST /api/community/threads/:id/vote': {
    operationId: 'upvoteCommunityThread',
    summary: 'Upvote a thread: one vote per user, idempotent, not on your own post (403)',
  },
  'DELETE /api/community/threads/:id/vote': {
    operationId: 'removeCommunityThreadVote',
    summary: 'Take back your upvote of a thread (idempotent)',
  },
  'POST /api/community/replies/:id/vote': {
    operationId: 'upvoteCommunityReply',
    summary: 'Upvote a reply: one vote per user, idempotent, not on your own post (403)',
  },
  'DELETE /api/community/replies/:id/vote': {
    operationId: 'removeCommunityReplyVote',
    summary: 'Take back your upvote of a reply (idempotent)',
  },
  'POST /api/community/threads/:id/answer': {
    operationId: 'acceptCommunityAnswer',
    summary: "Mark one of the thread's replies as its answer (the thread's author only)",
  },
  'DELETE /api/community/threads/:id/answer': {
    operationId: 'clearCommunityAnswer',
    summary: "Unmark the thread's answer (the thread's author only)",
  },
  'PATCH /api/community/threads/:id/moderation': {
    operationId: 'moderateCommunityThread',
    summary: 'Hide, lock or pin a thread (Instructor, Admin; audit-logged)',
  },
  'PATCH /api/community/replies/:id/moderation': {
    operationId: 'moderateCommunityReply',
    summary: 'Hide or unhide a reply (Instructor, Admin; audit-logged)',
  },
  'POST /api/community/threads/:id/report': {
    operationId: 'reportCommunityThread',
    summary: 'Report a thread to the moderators with a reason (one open report per user and post)',
  },
  'POST /api/community/replies/:id/report': {
    operationId: 'reportCommunityReply',
    summary: 'Report a reply to the moderators with a reason (one open report per user and post)',
  },
  'GET /api/admin/community/reports': {
    operationId: 'listCommunityReports',
    summary: 'The moderation queue: reports by status, oldest open first (Instructor, Admin)',
  },
  'POST /api/admin/community/reports/:id/resolve': {
    operationId: 'resolveCommunityReport',
    summary: 'Settle a report: hide the post or dismiss the report (Instructor, Admin; audit-logged)',
    description: 'Either action closes every open report on the same post. 409 when the report is no longer open.',
  },
  'GET /api/auth/preferences': {
    operationId: 'getPreferences',
    summary: "The signed-in user's settings (mail me on replies to my threads)",
  },
  'PUT /api/auth/preferences': {
    operationId: 'updatePreferences',
    summary: "Change the signed-in user's settings; a field left out keeps its value",
  },
  // Blog (issue 12)
  'GET /api/blog': {
    operationId: 'listBlogPosts',
    summary: 'Published posts by tag, search and page (9 a page), newest first',
    description:
      'Public. A scheduled post counts as published from its `publishAt`. `q` is full-text search over title, ' +
      'excerpt and body: every word must start a word of the post (English stemming); %, _ and other signs only ' +
      'separate words. `mine=1` (Instructor, Admin): your own posts of every status, last edited first; an Admin ' +
      'sees every post.',
  },
  'GET /api/blog/tags': {
    operationId: 'listBlogTags',
    summary: 'The tags of published posts with how many posts use each, most used first',
  },
  'GET /api/blog/:slug': {
    operationId: 'getBlogPost',
    summary: 'A post with up to three related posts; an old slug of a renamed post answers the post too',
    description:
      'Public. Drafts and posts scheduled for later are 404 except for their author and Admins. After a rename ' +
      'the old slug still answers; `post.slug` is the current one.',
  },
  'POST /api/blog': {
    operationId: 'createBlogPost',
    summary: 'Write a post: draft, scheduled (publishAt in the future) or published (Instructor, Admin)',
    description:
      'The slug comes from the title (made unique with -2, -3...) unless you choose one; a chosen slug that ' +
      'another post holds, even as an old address that still redirects there, is 409. The cover must be one ' +
      'of your uploaded images (any image for an Admin).',
  },
  'PUT /api/blog/:slug': {
    operationId: 'updateBlogPost',
    summary: "Change a post; fields left out keep their value (the author, or an Admin for anyone's post)",
    description:
      'A new title (or slug) gives the post a new slug; the old one keeps answering and /blog/<old> redirects ' +
      "with 301. 403 for another Instructor's published post, 404 for one you cannot see.",
  },
  'DELETE /api/blog/:slug': {
    operationId: 'deleteBlogPost',
    summary: 'Delete a post and its old addresses (the author, or an Admin)',
  },
};
