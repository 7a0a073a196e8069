import { searchQuerySchema, searchReplySchema } from '@learnbuild/domain/schemas/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { search } from './service';

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Open to anyone; a signed-in reader also matches the core-subject lessons' text, and an admin finds users.
  app.get(
    '/api/search',
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchReplySchema } } },
    async (request) => ({
      success: true as const,
      results: await search(app.db, request.query.q, request.query.kinds, request.sessionUser),
    }),
  );
}
