import { adminStatsReplySchema } from '@learnbuild/domain/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/auth';
import { adminDashboardStats } from './service';

export async function platformStatsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/admin-dashboard-stats',
    {
      schema: { tags: ['admin'], response: { 200: adminStatsReplySchema } },
      onRequest: requirePermission('viewPlatformStats'),
    },
    async () => ({ success: true as const, stats: await adminDashboardStats(app.db) }),
  );
}
