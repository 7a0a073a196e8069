import { profileHandleParamsSchema } from '@learnbuild/domain/schemas/profiles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileCardPng } from './card';
import { publicProfile } from './service';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Open to anyone; a signed-in owner also gets their own profile while it is off, as a preview.
  app.get(
    '/api/profiles/:handle',
    { schema: { tags: ['profiles'], params: profileHandleParamsSchema } },
    async (request) => ({
      success: true as const,
      profile: await publicProfile(app.db, request.params.handle, request.sessionUser?.id ?? null),
    }),
  );

  // The card a shared link previews (og:image): drawn from what everyone else sees, never the owner's preview.
  app.get(
    '/api/profiles/:handle/card.png',
    { schema: { tags: ['profiles'], params: profileHandleParamsSchema } },
    async (request, reply) => {
      const png = await profileCardPng(await publicProfile(app.db, request.params.handle, null));
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
    },
  );
}
