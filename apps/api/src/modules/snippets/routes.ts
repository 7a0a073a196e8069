import {
  createSnippetBodySchema,
  SNIPPET_DELETED_MESSAGE,
  SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
  snippetIdParamsSchema,
  snippetReplySchema,
  snippetsReplySchema,
  updateSnippetBodySchema,
} from '@learnbuild/domain/schemas/code-editor';
import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payloadTooLarge } from '../../lib/http-errors';
import { requireAuth, requireUser } from '../../plugins/auth';
import * as snippets from './service';

export async function snippetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['code editor'];

  // A body past the API's limit is a snippet past its cap: say so, rather than the generic 413.
  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw payloadTooLarge(SNIPPET_SOURCE_TOO_LARGE_MESSAGE);
    }
    throw error;
  });

  app.get(
    '/api/snippets',
    { schema: { tags, response: { 200: snippetsReplySchema } }, onRequest: requireAuth },
    async (request) => ({
      success: true as const,
      snippets: await snippets.listSnippets(app.db, requireUser(request).id),
    }),
  );

  app.post(
    '/api/snippets',
    { schema: { tags, body: createSnippetBodySchema, response: { 201: snippetReplySchema } }, onRequest: requireAuth },
    async (request, reply) => {
      const snippet = await snippets.createSnippet(app.db, requireUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, snippet });
    },
  );

  app.get(
    '/api/snippets/:id',
    { schema: { tags, params: snippetIdParamsSchema, response: { 200: snippetReplySchema } } },
    async (request) => ({
      success: true as const,
      snippet: await snippets.getSnippet(app.db, request.sessionUser?.id ?? null, request.params.id),
    }),
  );

  app.put(
    '/api/snippets/:id',
    {
      schema: {
        tags,
        params: snippetIdParamsSchema,
        body: updateSnippetBodySchema,
        response: { 200: snippetReplySchema },
      },
      onRequest: requireAuth,
    },
    async (request) => ({
      success: true as const,
      snippet: await snippets.updateSnippet(app.db, requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/snippets/:id',
    { schema: { tags, params: snippetIdParamsSchema, response: { 200: messageReplySchema } }, onRequest: requireAuth },
    async (request) => {
      await snippets.deleteSnippet(app.db, requireUser(request).id, request.params.id);
      return { success: true as const, message: SNIPPET_DELETED_MESSAGE };
    },
  );
}
