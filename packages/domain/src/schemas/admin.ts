import { z } from 'zod';
import { roleSchema } from './auth';
import { pageSchema, uuidSchema } from './common';
import { storedApplicationStatusSchema } from './instructor-applications';

/** Every admin list is paged by 20 rows. */
export const ADMIN_PAGE_SIZE = 20;
export const REJECTION_REASON_MAX = 1000;
export const ADMIN_SEARCH_MAX = 100;

const searchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search text must be at most ${ADMIN_SEARCH_MAX} characters`)
  .optional()
  .transform((value) => value || undefined);

export const adminUserRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminUserRef = z.infer<typeof adminUserRefSchema>;

// Instructor applications

export const applicationIdParamsSchema = z.object({ id: uuidSchema });

export const applicationsQuerySchema = z.object({
  status: storedApplicationStatusSchema.optional(),
  q: searchSchema,
  page: pageSchema,
});
export type ApplicationsQuery = z.input<typeof applicationsQuerySchema>;

export const adminApplicationSchema = z.object({
  id: z.string(),
  status: storedApplicationStatusSchema,
  requestDate: z.string(),
  decidedAt: z.string().nullable(),
  bio: z.string().nullable(),
  expertise: z.array(z.string()),
  yearsOfExperience: z.number().int().nullable(),
  links: z.array(z.string()),
  rejectionReason: z.string().nullable(),
  resubmissionAllowed: z.boolean(),
  user: adminUserRefSchema,
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const applicationsReplySchema = z.object({
  success: z.literal(true),
  applications: z.array(adminApplicationSchema),
  total: z.number().int(),
});
export type ApplicationsReply = z.infer<typeof applicationsReplySchema>;

export const rejectApplicationBodySchema = z.object(
  {
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
    resubmissionAllowed: z.boolean({ error: 'resubmissionAllowed must be true or false' }).default(true),
  },
  { error: 'A reason is required' },
);
export type RejectApplicationBody = z.input<typeof rejectApplicationBodySchema>;

export const decisionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  application: adminApplicationSchema,
});
export type DecisionReply = z.infer<typeof decisionReplySchema>;

// Users

export const ADMIN_ASSIGNABLE_ROLES = ['Student', 'Instructor', 'Admin'] as const;
export const assignableRoleSchema = z.enum(ADMIN_ASSIGNABLE_ROLES, {
  error: 'Role must be Student, Instructor or Admin',
});

export const usersQuerySchema = z.object({
  q: searchSchema,
  role: roleSchema.optional(),
  page: pageSchema,
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: z.string(),
  emailVerified: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersReplySchema = z.object({
  success: z.literal(true),
  users: z.array(adminUserSchema),
  total: z.number().int(),
});
export type UsersReply = z.infer<typeof usersReplySchema>;

export const userIdParamsSchema = z.object({ id: uuidSchema });

export const changeRoleBodySchema = z.object({ role: assignableRoleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

export const changeRoleReplySchema = z.object({ success: z.literal(true), user: adminUserSchema });
export type ChangeRoleReply = z.infer<typeof changeRoleReplySchema>;

// Audit log

export const AUDIT_ACTIONS = [
  'application.approved',
  'application.rejected',
  'user.role_changed',
  // Community moderation (issue 12): the target user is the post's author.
  'community.thread_hidden',
  'community.thread_unhidden',
  'community.thread_locked',
  'community.thread_unlocked',
  'community.thread_pinned',
  'community.thread_unpinned',
  'community.thread_deleted',
  'community.reply_hidden',
  'community.reply_unhidden',
  'community.reply_deleted',
  'community.report_dismissed',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditLogQuerySchema = z.object({ page: pageSchema });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  action: auditActionSchema,
  /** Null once the acting or affected account has been deleted. */
  actor: adminUserRefSchema.nullable(),
  target: adminUserRefSchema.nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogReplySchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
});
export type AuditLogReply = z.infer<typeof auditLogReplySchema>;

// Platform statistics (SPEC 3 "Admin stats")

export const adminStatsSchema = z.object({
  overview: z.object({
    totalStudents: z.number().int(),
    totalInstructors: z.number().int(),
    totalCourses: z.number().int(),
    pendingInstructorApps: z.number().int(),
    totalEnrollments: z.number().int(),
    avgEnrollmentsPerCourse: z.number(),
  }),
  growth: z.object({
    newStudentsThisMonth: z.number().int(),
    newCoursesThisMonth: z.number().int(),
    studentGrowthRate: z.number(),
  }),
  dsa: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    engagementRate: z.number(),
  }),
  topInstructors: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), courseCount: z.number().int() }),
  ),
  recentUsers: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), role: roleSchema, joinedAt: z.string() }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsReplySchema = z.object({ success: z.literal(true), stats: adminStatsSchema });
export type AdminStatsReply = z.infer<typeof adminStatsReplySchema>;
