import {
  blogListReplySchema,
  blogPostReplySchema,
  blogQuerySchema,
  blogSlugParamsSchema,
  blogTagsReplySchema,
  createBlogPostBodySchema,
  updateBlogPostBodySchema,
} from '@learnbuild/domain/schemas/blog';
import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/send-json';
import { requirePermission, requireUser } from '../../plugins/auth';
import * as blog from './service';

/** Public replies leave as cached ready JSON (public-cache.ts), made from the same schema; Fastify sends a string as it is. */

export async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['blog'];
  const write = requirePermission('writeBlog');

  app.get(
    '/api/blog',
    { schema: { tags, querystring: blogQuerySchema, response: { 200: blogListReplySchema } } },
    async (request, response) => {
      if (request.query.mine) return blog.listPosts(db, request.sessionUser, request.query);
      return sendJson(response, await blog.publicListJson(db, request.query));
    },
  );

  app.get('/api/blog/tags', { schema: { tags, response: { 200: blogTagsReplySchema } } }, async (_request, response) =>
    sendJson(response, await blog.tagsJson(db)),
  );

  app.get(
    '/api/blog/:slug',
    { schema: { tags, params: blogSlugParamsSchema, response: { 200: blogPostReplySchema } } },
    async (request, response) => {
      if (request.sessionUser)
        return { success: true as const, post: await blog.getPost(db, request.params.slug, request.sessionUser) };
      return sendJson(response, await blog.anonymousPostJson(db, request.params.slug));
    },
  );

  app.post(
    '/api/blog',
    { schema: { tags, body: createBlogPostBodySchema, response: { 201: blogPostReplySchema } }, onRequest: write },
    async (request, response) => {
      response.status(201);
      return { success: true as const, post: await blog.createPost(db, requireUser(request), request.body) };
    },
  );

  app.put(
    '/api/blog/:slug',
    {
      schema: {
        tags,
        params: blogSlugParamsSchema,
        body: updateBlogPostBodySchema,
        response: { 200: blogPostReplySchema },
      },
      onRequest: write,
    },
    async (request) => ({
      success: true as const,
      post: await blog.updatePost(db, requireUser(request), request.params.slug, request.body),
    }),
  );

  app.delete(
    '/api/blog/:slug',
    { schema: { tags, params: blogSlugParamsSchema, response: { 200: messageReplySchema } }, onRequest: write },
    async (request) => {
      await blog.deletePost(db, requireUser(request), request.params.slug);
      return { success: true as const, message: 'The post is deleted' };
    },
  );
}
