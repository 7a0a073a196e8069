import { myBadgesReplySchema } from '@learnbuild/domain/schemas/badges';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireUser } from '../../plugins/auth';
import { myBadges } from './service';

export async function badgeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/badges/mine',
    { schema: { tags: ['badges'], response: { 200: myBadgesReplySchema } }, onRequest: requireAuth },
    async (request) => ({ success: true as const, badges: await myBadges(app.db, requireUser(request).id) }),
  );
}
