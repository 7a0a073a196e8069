import {
  studyPlanBodySchema,
  studyPlanQuerySchema,
  studyPlanReplySchema,
} from '@learnbuild/domain/schemas/study-plans';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors';
import { requireAuth, requireUser } from '../../plugins/auth';
import { deletePlan, sheetSteps } from './queries';
import { choosePlan, myPlan } from './service';

/** Study plans (issue 29): every signed-in role may keep one; it lives on the server, so it follows the account. */
export async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];

  const reply = async (userId: string, timeZone: string) => ({
    success: true as const,
    plan: await myPlan(app.db, userId, timeZone),
    sheetSteps: await sheetSteps(app.db),
  });

  app.get(
    '/api/plans/mine',
    {
      schema: { tags, querystring: studyPlanQuerySchema, response: { 200: studyPlanReplySchema } },
      onRequest: requireAuth,
    },
    async (request) => reply(requireUser(request).id, request.query.timeZone),
  );

  app.put(
    '/api/plans/mine',
    { schema: { tags, body: studyPlanBodySchema, response: { 200: studyPlanReplySchema } }, onRequest: requireAuth },
    async (request) => {
      const userId = requireUser(request).id;
      await choosePlan(app.db, userId, request.body);
      return reply(userId, request.body.timeZone);
    },
  );

  app.delete('/api/plans/mine', { schema: { tags }, onRequest: requireAuth }, async (request) => {
    if (!(await deletePlan(app.db, requireUser(request).id))) throw notFound('You have no study plan');
    return { success: true, message: 'Study plan ended' };
  });
}
