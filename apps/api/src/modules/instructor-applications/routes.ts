import {
  applicationIdParamsSchema,
  applicationsQuerySchema,
  applicationsReplySchema,
  decisionReplySchema,
  rejectApplicationBodySchema,
} from '@learnbuild/domain/schemas/admin';
import {
  applicationStatusReplySchema,
  applyInstructorBodySchema,
  applyInstructorReplySchema,
} from '@learnbuild/domain/schemas/instructor-applications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import * as applications from './service';

export async function instructorApplicationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.db, config: app.config };

  // SPEC 7 sends the application with a JSON content type and no body at all; here that means {}.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  /**
   * A role changed: every cached session of every instance is looked up again on its next request, and the
   * user's open event streams hear of it at once.
   */
  const afterRoleChange = (userId: string) => {
    app.forgetSessions();
    app.events.roleChanged(userId);
    app.mailWorker.runOnce().catch(() => undefined);
  };
  /** Live dashboards: the applicant's own, and every admin's figures (docs/decisions.md "Dashboards"). */
  const publishApplicationChange = (applicantId: string) => {
    app.events.publish(userTopic(applicantId), 'application.changed');
    app.events.publish('admins', 'platform.changed');
  };

  app.post(
    '/api/auth/apply-instructor',
    {
      schema: {
        tags: ['instructor applications'],
        body: applyInstructorBodySchema,
        response: { 200: applyInstructorReplySchema },
      },
      onRequest: requireAuth,
    },
    async (request) => {
      const userId = requireUser(request).id;
      const result = await applications.applyForInstructor(ctx, userId, request.body);
      // Student to pending_instructor: a role change like a decision's.
      app.forgetSessions();
      app.events.roleChanged(userId);
      publishApplicationChange(userId);
      return { success: true as const, status: 'pending' as const, ...result };
    },
  );

  app.get(
    '/api/auth/instructor-application-status',
    {
      schema: { tags: ['instructor applications'], response: { 200: applicationStatusReplySchema } },
      onRequest: requireAuth,
    },
    async (request) => ({
      success: true as const,
      ...(await applications.applicationStatus(ctx, requireUser(request).id)),
    }),
  );

  const adminTags = ['admin'];
  const review = requirePermission('reviewInstructorApplications');

  app.get(
    '/api/admin/instructor-applications',
    {
      schema: { tags: adminTags, querystring: applicationsQuerySchema, response: { 200: applicationsReplySchema } },
      onRequest: review,
    },
    async (request) => ({
      success: true as const,
      ...(await applications.listApplicationsForAdmin(ctx, request.query)),
    }),
  );

  app.post(
    '/api/admin/instructor-applications/:id/approve',
    {
      schema: { tags: adminTags, params: applicationIdParamsSchema, response: { 200: decisionReplySchema } },
      onRequest: review,
    },
    async (request) => {
      const application = await applications.decideApplication(ctx, requireUser(request).id, request.params.id, {
        status: 'approved',
      });
      afterRoleChange(application.user.id);
      publishApplicationChange(application.user.id);
      return {
        success: true as const,
        message: `${application.user.name} is now an Instructor`,
        application,
      };
    },
  );

  app.post(
    '/api/admin/instructor-applications/:id/reject',
    {
      schema: {
        tags: adminTags,
        params: applicationIdParamsSchema,
        body: rejectApplicationBodySchema,
        response: { 200: decisionReplySchema },
      },
      onRequest: review,
    },
    async (request) => {
      const application = await applications.decideApplication(ctx, requireUser(request).id, request.params.id, {
        status: 'rejected',
        reason: request.body.reason,
        resubmissionAllowed: request.body.resubmissionAllowed,
      });
      afterRoleChange(application.user.id);
      publishApplicationChange(application.user.id);
      return {
        success: true as const,
        message: application.resubmissionAllowed
          ? `Application rejected; ${application.user.name} may apply again`
          : `Application rejected for good; ${application.user.name} cannot apply again`,
        application,
      };
    },
  );
}
