import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import { mediaListReplySchema, mediaReplySchema } from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../lib/rate-limiter';
import { requirePermission, requireUser } from '../../plugins/auth';
import { sendMediaContent } from './content';
import * as mediaService from './service';

/** Any text reaches the handler, so a malformed id is the same 404 as an unknown one. */
const mediaParamsSchema = z.object({ id: z.string() });

export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.db, dataDir: app.config.dataDir };
  const tags = ['media'];
  const teaches = requirePermission('createCourse');

  app.post(
    '/api/media',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: mediaReplySchema } }, onRequest: teaches },
    async (request, reply) => {
      const user = requireUser(request);
      await app.limiter.hit(`media-upload:user:${user.id}`, LIMITS.mediaUploadPerUser);
      const media = await mediaService.uploadMedia(ctx, user.id, request);
      return reply.status(201).send({ success: true as const, media });
    },
  );

  app.get(
    '/api/media',
    { schema: { tags, response: { 200: mediaListReplySchema } }, onRequest: teaches },
    async (request) => ({ success: true as const, media: await mediaService.listMedia(ctx, requireUser(request).id) }),
  );

  app.get(
    '/api/media/:id/content',
    // Images and videos are compressed already, and a compressed reply would break byte ranges.
    { schema: { tags, params: mediaParamsSchema, security: [] }, compress: false },
    async (request, reply) => sendMediaContent(ctx, request, reply, request.params.id),
  );

  app.delete(
    '/api/media/:id',
    { schema: { tags, params: mediaParamsSchema, response: { 200: messageReplySchema } }, onRequest: teaches },
    async (request) => {
      await mediaService.deleteMedia(ctx, requireUser(request), request.params.id);
      return { success: true as const, message: 'File deleted' };
    },
  );
}
