import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import {
  acceptAnswerBodySchema,
  categoriesReplySchema,
  createReplyBodySchema,
  createThreadBodySchema,
  moderationBodySchema,
  preferencesReplySchema,
  problemDiscussionPostBodySchema,
  problemDiscussionPostedSchema,
  problemDiscussionReplySchema,
  problemSlugParamsSchema,
  replyCreatedSchema,
  replyIdParamsSchema,
  replyModerationBodySchema,
  reportBodySchema,
  reportIdParamsSchema,
  reportsQuerySchema,
  reportsReplySchema,
  resolveReportBodySchema,
  resolveReportReplySchema,
  threadIdParamsSchema,
  threadQuerySchema,
  threadReplySchema,
  threadsQuerySchema,
  updatePreferencesBodySchema,
  updateThreadBodySchema,
  voteReplySchema,
} from '@learnbuild/domain/schemas/community';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import type { Poster } from './queries';
import * as community from './service';

export async function communityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const ctx = { db, config: app.config };
  const tags = ['community'];

  /** Writing needs a signed-in (401) and verified (403) account; the poster's row is kept for the handler. */
  const posters = new WeakMap<FastifyRequest, Poster>();
  const verified: onRequestHookHandler = async (request) => {
    posters.set(request, await community.verifiedPoster(db, requireUser(request).id));
  };
  const posterOf = (request: FastifyRequest) => posters.get(request)!;
  const moderate = requirePermission('moderateCommunity');
  const threadReply = (thread: Awaited<ReturnType<typeof community.getThread>>) => ({
    success: true as const,
    thread,
  });

  app.get('/api/community/categories', { schema: { tags, response: { 200: categoriesReplySchema } } }, async () => ({
    success: true as const,
    categories: await community.listCategories(db),
  }));

  app.get(
    '/api/community/threads',
    // The reply is already JSON, checked against threadsReplySchema when it was made (its contract is in
    // openapi-operations.ts), so no response schema serializes it again.
    { schema: { tags, querystring: threadsQuerySchema } },
    async (request, response) => {
      response.type('application/json; charset=utf-8');
      return community.threadsReplyJson(db, request.query);
    },
  );

  app.get(
    '/api/community/threads/:id',
    {
      schema: {
        tags,
        params: threadIdParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadReplySchema },
      },
    },
    async (request) =>
      threadReply(await community.getThread(db, request.params.id, request.sessionUser, request.query.page)),
  );

  app.post(
    '/api/community/threads',
    { schema: { tags, body: createThreadBodySchema, response: { 201: threadReplySchema } }, onRequest: verified },
    async (request, response) => {
      response.status(201);
      return threadReply(await community.createThread(ctx, posterOf(request), request.body));
    },
  );

  app.put(
    '/api/community/threads/:id',
    {
      schema: {
        tags,
        params: threadIdParamsSchema,
        body: updateThreadBodySchema,
        response: { 200: threadReplySchema },
      },
      onRequest: verified,
    },
    async (request) =>
      threadReply(await community.updateThread(ctx, posterOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/community/threads/:id',
    {
      schema: { tags, params: threadIdParamsSchema, response: { 200: messageReplySchema } },
      onRequest: verified,
    },
    async (request) => {
      await community.deleteThread(ctx, posterOf(request), request.params.id);
      return { success: true as const, message: 'Thread deleted' };
    },
  );

  app.post(
    '/api/community/threads/:id/replies',
    {
      schema: {
        tags,
        params: threadIdParamsSchema,
        body: createReplyBodySchema,
        response: { 201: replyCreatedSchema },
      },
      onRequest: verified,
    },
    async (request, response) => {
      response.status(201);
      const reply = await community.createReply(ctx, posterOf(request), request.params.id, request.body);
      return { success: true as const, reply };
    },
  );

  app.put(
    '/api/community/replies/:id',
    {
      schema: { tags, params: replyIdParamsSchema, body: createReplyBodySchema, response: { 200: replyCreatedSchema } },
      onRequest: verified,
    },
    async (request) => ({
      success: true as const,
      reply: await community.updateReply(ctx, posterOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/community/replies/:id',
    {
      schema: { tags, params: replyIdParamsSchema, response: { 200: messageReplySchema } },
      onRequest: verified,
    },
    async (request) => {
      await community.deleteReply(ctx, posterOf(request), request.params.id);
      return { success: true as const, message: 'Reply deleted' };
    },
  );

  for (const kind of ['thread', 'reply'] as const) {
    const path = kind === 'thread' ? '/api/community/threads/:id/vote' : '/api/community/replies/:id/vote';
    const params = kind === 'thread' ? threadIdParamsSchema : replyIdParamsSchema;
    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: path,
        schema: { tags, params, response: { 200: voteReplySchema } },
        onRequest: verified,
        handler: async (request) => ({
          success: true as const,
          ...(await community.vote(
            ctx,
            posterOf(request),
            { kind, id: (request.params as { id: string }).id },
            method === 'POST',
          )),
        }),
      });
    }
  }

  app.post(
    '/api/community/threads/:id/answer',
    {
      schema: {
        tags,
        params: threadIdParamsSchema,
        body: acceptAnswerBodySchema,
        response: { 200: threadReplySchema },
      },
      onRequest: verified,
    },
    async (request) =>
      threadReply(await community.setAnswer(ctx, posterOf(request), request.params.id, request.body.replyId)),
  );

  app.delete(
    '/api/community/threads/:id/answer',
    { schema: { tags, params: threadIdParamsSchema, response: { 200: threadReplySchema } }, onRequest: verified },
    async (request) => threadReply(await community.setAnswer(ctx, posterOf(request), request.params.id, null)),
  );

  // A problem's discussion: a community thread per DSA problem (votes, answers and moderation as any other).

  app.get(
    '/api/dsa/problems/:slug/discussion',
    { schema: { tags, params: problemSlugParamsSchema, response: { 200: problemDiscussionReplySchema } } },
    async (request) => ({
      success: true as const,
      discussion: await community.problemDiscussion(db, request.params.slug, request.sessionUser),
    }),
  );

  app.post(
    '/api/dsa/problems/:slug/discussion',
    {
      schema: {
        tags,
        params: problemSlugParamsSchema,
        body: problemDiscussionPostBodySchema,
        response: { 201: problemDiscussionPostedSchema },
      },
      onRequest: verified,
    },
    async (request, response) => {
      response.status(201);
      const posted = await community.postToProblemDiscussion(ctx, posterOf(request), request.params.slug, request.body);
      return { success: true as const, ...posted };
    },
  );

  // Moderation: Instructors and Admins; every change is written to the audit log.

  app.patch(
    '/api/community/threads/:id/moderation',
    {
      schema: { tags, params: threadIdParamsSchema, body: moderationBodySchema, response: { 200: threadReplySchema } },
      onRequest: moderate,
    },
    async (request) =>
      threadReply(await community.moderateThread(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/community/replies/:id/moderation',
    {
      schema: {
        tags,
        params: replyIdParamsSchema,
        body: replyModerationBodySchema,
        response: { 200: replyCreatedSchema },
      },
      onRequest: moderate,
    },
    async (request) => ({
      success: true as const,
      reply: await community.moderateReply(ctx, requireUser(request), request.params.id, request.body.hidden),
    }),
  );

  for (const kind of ['thread', 'reply'] as const) {
    app.post(
      kind === 'thread' ? '/api/community/threads/:id/report' : '/api/community/replies/:id/report',
      {
        schema: {
          tags,
          params: kind === 'thread' ? threadIdParamsSchema : replyIdParamsSchema,
          body: reportBodySchema,
          response: { 201: messageReplySchema },
        },
        onRequest: verified,
      },
      async (request, response) => {
        await community.report(ctx, posterOf(request), { kind, id: request.params.id }, request.body.reason);
        response.status(201);
        return { success: true as const, message: 'Thanks for the report: a moderator will look at it' };
      },
    );
  }

  app.get(
    '/api/admin/community/reports',
    {
      schema: { tags: ['admin', ...tags], querystring: reportsQuerySchema, response: { 200: reportsReplySchema } },
      onRequest: moderate,
    },
    async (request) => ({ success: true as const, ...(await community.listReports(db, request.query)) }),
  );

  app.post(
    '/api/admin/community/reports/:id/resolve',
    {
      schema: {
        tags: ['admin', ...tags],
        params: reportIdParamsSchema,
        body: resolveReportBodySchema,
        response: { 200: resolveReportReplySchema },
      },
      onRequest: moderate,
    },
    async (request) => {
      const { action } = request.body;
      const closed = await community.resolveReport(ctx, requireUser(request), request.params.id, action);
      return {
        success: true as const,
        message: action === 'hide' ? 'The post is hidden and its reports are resolved' : 'The report is dismissed',
        closed,
      };
    },
  );

  // The signed-in user's community settings (shown in /profile).

  app.get(
    '/api/auth/preferences',
    { schema: { tags: ['auth'], response: { 200: preferencesReplySchema } }, onRequest: requireAuth },
    async (request) => ({
      success: true as const,
      preferences: await community.getPreferences(db, requireUser(request).id),
    }),
  );

  app.put(
    '/api/auth/preferences',
    {
      schema: { tags: ['auth'], body: updatePreferencesBodySchema, response: { 200: preferencesReplySchema } },
      onRequest: requireAuth,
    },
    async (request) => ({
      success: true as const,
      preferences: await community.updatePreferences(db, requireUser(request).id, request.body),
    }),
  );
}
