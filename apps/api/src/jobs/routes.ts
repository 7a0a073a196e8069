import {
  adminJobsReplySchema,
  jobNameParamsSchema,
  runJobMessage,
  runJobReplySchema,
} from '@learnbuild/domain/schemas/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../plugins/auth';
import { listJobsForAdmin } from './service';

/** The admins' view of the scheduled jobs, and "Run now". */
export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get(
    '/api/admin/jobs',
    {
      schema: { tags, response: { 200: adminJobsReplySchema } },
      onRequest: requirePermission('adminPanel'),
    },
    async () => ({ success: true as const, jobs: await listJobsForAdmin(app.db, app.jobs.list, new Date()) }),
  );

  app.post(
    '/api/admin/jobs/:name/run',
    {
      schema: { tags, params: jobNameParamsSchema, response: { 202: runJobReplySchema } },
      onRequest: requirePermission('adminPanel'),
    },
    async (request, reply) => {
      await app.jobs.request(request.params.name);
      request.log.info({ job: request.params.name }, 'job run asked for by an admin');
      return reply.status(202).send({ success: true as const, message: runJobMessage(request.params.name) });
    },
  );
}
