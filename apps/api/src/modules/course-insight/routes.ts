import {
  courseInsightReplySchema,
  nudgeBodySchema,
  nudgeParamsSchema,
  nudgeReplySchema,
} from '@learnbuild/domain/schemas/course-insight';
import { courseIdParamsSchema } from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/send-json';
import { requirePermission, requireUser } from '../../plugins/auth';
import * as insight from './service';

/** Replies made as JSON bytes (the stored snapshot's own text, service.ts) leave as they are. */

/** The Instructor Panel's insight of a course (issue 30): the owner's and admins' only. */
export async function courseInsightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['instructor panel'];
  const teach = requirePermission('createCourse');

  app.get(
    '/api/courses/:id/insight',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: courseInsightReplySchema } }, onRequest: teach },
    async (request, response) =>
      sendJson(response, await insight.getInsightJson(app.db, requireUser(request), request.params.id)),
  );

  app.post(
    '/api/courses/:id/insight/refresh',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: courseInsightReplySchema } }, onRequest: teach },
    async (request, response) =>
      sendJson(response, await insight.refreshInsightJson(app.db, requireUser(request), request.params.id)),
  );

  app.post(
    '/api/courses/:id/learners/:learnerId/nudge',
    {
      schema: { tags, params: nudgeParamsSchema, body: nudgeBodySchema, response: { 200: nudgeReplySchema } },
      onRequest: teach,
    },
    async (request) =>
      insight.nudgeLearner(
        app,
        requireUser(request),
        { idOrSlug: request.params.id, learnerId: request.params.learnerId },
        request.body.message,
      ),
  );
}
