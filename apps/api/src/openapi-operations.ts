import { authReplySchema, meReplySchema } from '@learnbuild/domain/schemas/auth';
import { activityReplySchema, statsReplySchema } from '@learnbuild/domain/schemas/dsa';
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
}

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/dsa/problems': {
    operationId: 'listDsaProblems',
    summary: "List the DSA problem bank with the learner's own flags",
  },
  'GET /api/dsa/topics': { operationId: 'listDsaTopics', summary: "List the DSA sheet's steps and topics" },
  'PUT /api/dsa/progress/:problemId': {
    operationId: 'updateDsaProgress',
    summary: 'Mark a problem solved, bookmarked or for revision, or save its note',
  },
  'POST /api/dsa/progress/:problemId/review': {
    operationId: 'reviewDsaProblem',
    summary: 'Record a revision of a solved problem',
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
  'PATCH /api/auth/profile': { operationId: 'updateProfile', summary: "Update the signed-in user's name" },
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
  'GET /api/health': { operationId: 'getHealth', summary: 'Liveness: answers once migrations and seeding are done' },
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
  'GET /api/auth/admin-dashboard-stats': {
    operationId: 'getAdminDashboardStats',
    summary: 'Platform statistics for the admin dashboard',
  },
  'GET /api/dashboard/activity': {
    operationId: 'listDashboardActivity',
    summary: "The signed-in user's recent actions",
  },
  'GET /api/dashboard/courses': {
    operationId: 'getDashboardCourses',
    summary: "The signed-in user's course figures for the dashboard",
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
};
