import {
  activityFeedQuerySchema,
  activityFeedReplySchema,
  adminChartsQuerySchema,
  adminChartsReplySchema,
  courseSummaryReplySchema,
  dashboardResumeReplySchema,
} from '@learnbuild/domain/schemas/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import { activityFeed, adminCharts, courseSummary, resumePoints } from './service';

/** The dashboards' own reads; the rest comes from the DSA, subjects and platform-stats endpoints. */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  app.get(
    '/api/dashboard/activity',
    {
      schema: { tags, querystring: activityFeedQuerySchema, response: { 200: activityFeedReplySchema } },
      onRequest: requireAuth,
    },
    async (request) => ({
      success: true as const,
      ...(await activityFeed(app.db, requireUser(request).id, request.query.page, request.query.pageSize)),
    }),
  );

  app.get(
    '/api/dashboard/courses',
    { schema: { tags, response: { 200: courseSummaryReplySchema } }, onRequest: requireAuth },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, courses: await courseSummary(app.db, user.id, user.role) };
    },
  );

  app.get(
    '/api/dashboard/resume',
    { schema: { tags, response: { 200: dashboardResumeReplySchema } }, onRequest: requireAuth },
    async (request) => ({ success: true as const, resume: await resumePoints(app.db, requireUser(request).id) }),
  );

  app.get(
    '/api/admin/dashboard-charts',
    {
      schema: { tags: ['admin'], querystring: adminChartsQuerySchema, response: { 200: adminChartsReplySchema } },
      onRequest: requirePermission('viewPlatformStats'),
    },
    async (request) => ({ success: true as const, charts: await adminCharts(app.db, request.query.timeZone) }),
  );
}
