import {
  reorderBodySchema,
  subjectInputSchema,
  subtopicInputSchema,
  subtopicParamsSchema,
  subtopicProgressBodySchema,
  topicInputSchema,
} from '@learnbuild/domain/schemas/subjects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import * as q from './queries';
import { lesson, markSubtopic, subjectDetail, subjectSummaries } from './service';

const idParam = z.string().max(60);

export async function subjectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['subjects'];

  app.get('/api/subjects', { schema: { tags } }, async (request) => ({
    success: true,
    subjects: await subjectSummaries(app.db, request.sessionUser?.id ?? null),
  }));

  app.get(
    '/api/subjects/:subjectId',
    { schema: { tags, params: z.object({ subjectId: idParam }) } },
    async (request) => ({
      success: true,
      subject: await subjectDetail(app.db, request.params.subjectId, request.sessionUser?.id ?? null),
    }),
  );

  app.get(
    '/api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags, params: subtopicParamsSchema }, onRequest: requireAuth },
    async (request) => ({ success: true, lesson: await lesson(app.db, request.params, requireUser(request).id) }),
  );

  app.put(
    '/api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/progress',
    { schema: { tags, params: subtopicParamsSchema, body: subtopicProgressBodySchema }, onRequest: requireAuth },
    async (request) => ({
      success: true,
      progress: await markSubtopic(
        app.db,
        { userId: requireUser(request).id, ...request.params },
        request.body.completed,
      ),
    }),
  );

  // Admin management (SPEC 2: /admin/subjects)
  const admin = { onRequest: requirePermission('manageSubjects') };
  const adminTags = ['subjects (admin)'];

  app.post(
    '/api/admin/subjects',
    { schema: { tags: adminTags, body: subjectInputSchema }, ...admin },
    async (request, reply) => {
      const created = await q.insertSubject(app.db, {
        ...request.body,
        position: await q.nextPosition(app.db, 'subject'),
      });
      if (!created) throw conflict(`A subject with id "${request.body.id}" already exists`);
      return reply.status(201).send({ success: true, subject: created });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId',
    {
      schema: {
        tags: adminTags,
        params: z.object({ subjectId: idParam }),
        body: subjectInputSchema.omit({ id: true }).partial(),
      },
      ...admin,
    },
    async (request) => {
      const updated = await q.updateSubject(app.db, request.params.subjectId, request.body);
      if (!updated) throw notFound('Subject not found');
      return { success: true, subject: updated };
    },
  );

  app.delete(
    '/api/admin/subjects/:subjectId',
    { schema: { tags: adminTags, params: z.object({ subjectId: idParam }) }, ...admin },
    async (request) => {
      if (!(await q.deleteSubject(app.db, request.params.subjectId))) throw notFound('Subject not found');
      return { success: true, message: 'Subject deleted with its topics, lessons and progress' };
    },
  );

  const subjectParams = z.object({ subjectId: idParam });
  const topicParams = z.object({ subjectId: idParam, topicId: idParam });
  const subtopicParams = z.object({ subjectId: idParam, topicId: idParam, subtopicId: idParam });

  app.post(
    '/api/admin/subjects/:subjectId/topics',
    { schema: { tags: adminTags, params: subjectParams, body: topicInputSchema }, ...admin },
    async (request, reply) => {
      const { subjectId } = request.params;
      if (!(await q.findSubject(app.db, subjectId))) throw notFound('Subject not found');
      const created = await q.insertTopic(app.db, {
        subjectId,
        ...request.body,
        position: await q.nextPosition(app.db, 'topic', subjectId),
      });
      if (!created) throw conflict(`A topic with id "${request.body.id}" already exists in this subject`);
      return reply.status(201).send({ success: true, topic: created });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId/topics/:topicId',
    { schema: { tags: adminTags, params: topicParams, body: topicInputSchema.omit({ id: true }).partial() }, ...admin },
    async (request) => {
      const updated = await q.updateTopic(app.db, request.params.subjectId, request.params.topicId, request.body);
      if (!updated) throw notFound('Topic not found');
      return { success: true, topic: updated };
    },
  );

  app.delete(
    '/api/admin/subjects/:subjectId/topics/:topicId',
    { schema: { tags: adminTags, params: topicParams }, ...admin },
    async (request) => {
      if (!(await q.deleteTopic(app.db, request.params.subjectId, request.params.topicId)))
        throw notFound('Topic not found');
      return { success: true, message: 'Topic deleted with its lessons and progress' };
    },
  );

  app.post(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics',
    { schema: { tags: adminTags, params: topicParams, body: subtopicInputSchema }, ...admin },
    async (request, reply) => {
      const { subjectId, topicId } = request.params;
      const topics = await q.childIds(app.db, 'topic', subjectId);
      if (!topics.includes(topicId)) throw notFound('Topic not found');
      const created = await q.insertSubtopic(app.db, {
        subjectId,
        topicId,
        ...request.body,
        position: await q.nextPosition(app.db, 'subtopic', subjectId, topicId),
      });
      if (!created) throw conflict(`A subtopic with id "${request.body.id}" already exists in this topic`);
      return reply.status(201).send({ success: true, subtopic: created });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    {
      schema: { tags: adminTags, params: subtopicParams, body: subtopicInputSchema.omit({ id: true }).partial() },
      ...admin,
    },
    async (request) => {
      const { subjectId, topicId, subtopicId } = request.params;
      const updated = await q.updateSubtopic(app.db, { subjectId, topicId, id: subtopicId }, request.body);
      if (!updated) throw notFound('Subtopic not found');
      return { success: true, subtopic: updated };
    },
  );

  app.delete(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags: adminTags, params: subtopicParams }, ...admin },
    async (request) => {
      const { subjectId, topicId, subtopicId } = request.params;
      if (!(await q.deleteSubtopic(app.db, { subjectId, topicId, id: subtopicId })))
        throw notFound('Subtopic not found');
      return { success: true, message: 'Lesson deleted with its progress' };
    },
  );

  const orderParams = z.object({ subjectId: idParam.optional(), topicId: idParam.optional() });
  const reorderHandler =
    (level: 'subject' | 'topic' | 'subtopic') =>
    async (request: { params: z.infer<typeof orderParams>; body: z.infer<typeof reorderBodySchema> }) => {
      const { subjectId, topicId } = request.params;
      const existing = await q.childIds(app.db, level, subjectId, topicId);
      if (existing.length === 0 && level !== 'subject')
        throw notFound(level === 'topic' ? 'Subject not found' : 'Topic not found');
      const ids = request.body.ids;
      const same =
        ids.length === existing.length && new Set(ids).size === ids.length && ids.every((id) => existing.includes(id));
      if (!same)
        throw badRequest(
          `The new order must list each of the ${existing.length} current ${level === 'subject' ? 'subjects' : `${level}s`} exactly once`,
        );
      await app.db.transaction((tx) => q.reorder(tx, level, ids, subjectId, topicId));
      return { success: true, ids };
    };
  app.put(
    '/api/admin/subjects/order',
    { schema: { tags: adminTags, params: orderParams, body: reorderBodySchema }, ...admin },
    reorderHandler('subject'),
  );
  app.put(
    '/api/admin/subjects/:subjectId/topics/order',
    { schema: { tags: adminTags, params: orderParams, body: reorderBodySchema }, ...admin },
    reorderHandler('topic'),
  );
  app.put(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/order',
    { schema: { tags: adminTags, params: orderParams, body: reorderBodySchema }, ...admin },
    reorderHandler('subtopic'),
  );

  app.get(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags: adminTags, params: subtopicParams }, ...admin },
    async (request) => {
      const { subjectId, topicId, subtopicId } = request.params;
      const row = await q.findSubtopic(app.db, subjectId, topicId, subtopicId);
      if (!row) throw notFound('Subtopic not found');
      return { success: true, subtopic: { id: row.id, name: row.name, body: row.body, selfCheck: row.selfCheck } };
    },
  );
}
