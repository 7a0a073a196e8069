import {
  reorderBodySchema,
  subjectInputSchema,
  subjectPatchSchema,
  subtopicInputSchema,
  subtopicPatchSchema,
  subtopicProgressBodySchema,
  topicInputSchema,
  topicPatchSchema,
} from '@learnbuild/domain/schemas/subjects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userTopic } from '../../lib/event-bus';
import { notFound } from '../../lib/http-errors';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import * as q from './queries';
import { createChild, lesson, markSubtopic, reorderChildren, subjectDetail, subjectSummaries } from './service';

const idParam = z.string().max(60);
const subjectParams = z.object({ subjectId: idParam });
const topicParams = z.object({ subjectId: idParam, topicId: idParam });
const subtopicParams = z.object({ subjectId: idParam, topicId: idParam, subtopicId: idParam });

export async function subjectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['subjects'];

  app.get('/api/subjects', { schema: { tags } }, async (request) => ({
    success: true,
    subjects: await subjectSummaries(app.db, request.sessionUser?.id ?? null),
  }));

  app.get('/api/subjects/:subjectId', { schema: { tags, params: subjectParams } }, async (request) => ({
    success: true,
    subject: await subjectDetail(app.db, request.params.subjectId, request.sessionUser?.id ?? null),
  }));

  app.get(
    '/api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags, params: subtopicParams }, onRequest: requireAuth },
    async (request) => ({ success: true, lesson: await lesson(app.db, request.params, requireUser(request).id) }),
  );

  app.put(
    '/api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/progress',
    { schema: { tags, params: subtopicParams, body: subtopicProgressBodySchema }, onRequest: requireAuth },
    async (request) => {
      const userId = requireUser(request).id;
      const { badgesAwarded, ...progress } = await markSubtopic(app.db, userId, request.params, request.body.completed);
      app.events.publish(userTopic(userId), 'subjects.progress');
      return { success: true, progress, ...(badgesAwarded.length > 0 ? { badgesAwarded } : {}) };
    },
  );

  // Admin management (SPEC 2: /admin/subjects)
  const admin = { onRequest: requirePermission('manageSubjects') };
  const adminTags = ['subjects (admin)'];

  app.post(
    '/api/admin/subjects',
    { schema: { tags: adminTags, body: subjectInputSchema }, ...admin },
    async (request, reply) => {
      const subject = await createChild(app.db, 'subject', {}, request.body.id, (position) =>
        q.insertSubject(app.db, { ...request.body, position }),
      );
      return reply.status(201).send({ success: true, subject });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId',
    { schema: { tags: adminTags, params: subjectParams, body: subjectPatchSchema }, ...admin },
    async (request) => {
      const updated = await q.updateSubject(app.db, request.params.subjectId, request.body);
      if (!updated) throw notFound('Subject not found');
      return { success: true, subject: updated };
    },
  );

  app.delete(
    '/api/admin/subjects/:subjectId',
    { schema: { tags: adminTags, params: subjectParams }, ...admin },
    async (request) => {
      if (!(await q.deleteSubject(app.db, request.params.subjectId))) throw notFound('Subject not found');
      return { success: true, message: 'Subject deleted with its topics, lessons and progress' };
    },
  );

  app.post(
    '/api/admin/subjects/:subjectId/topics',
    { schema: { tags: adminTags, params: subjectParams, body: topicInputSchema }, ...admin },
    async (request, reply) => {
      const { subjectId } = request.params;
      const topic = await createChild(app.db, 'topic', { subjectId }, request.body.id, (position) =>
        q.insertTopic(app.db, { subjectId, ...request.body, position }),
      );
      return reply.status(201).send({ success: true, topic });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId/topics/:topicId',
    { schema: { tags: adminTags, params: topicParams, body: topicPatchSchema }, ...admin },
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
      const subtopic = await createChild(app.db, 'subtopic', { subjectId, topicId }, request.body.id, (position) =>
        q.insertSubtopic(app.db, { subjectId, topicId, ...request.body, position }),
      );
      return reply.status(201).send({ success: true, subtopic });
    },
  );

  app.patch(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags: adminTags, params: subtopicParams, body: subtopicPatchSchema }, ...admin },
    async (request) => {
      const updated = await q.updateSubtopic(app.db, request.params, request.body);
      if (!updated) throw notFound('Subtopic not found');
      return { success: true, subtopic: updated };
    },
  );

  app.delete(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags: adminTags, params: subtopicParams }, ...admin },
    async (request) => {
      if (!(await q.deleteSubtopic(app.db, request.params))) throw notFound('Subtopic not found');
      return { success: true, message: 'Lesson deleted with its progress' };
    },
  );

  app.put(
    '/api/admin/subjects/order',
    { schema: { tags: adminTags, body: reorderBodySchema }, ...admin },
    async (request) => ({ success: true, ids: await reorderChildren(app.db, 'subject', {}, request.body.ids) }),
  );
  app.put(
    '/api/admin/subjects/:subjectId/topics/order',
    { schema: { tags: adminTags, params: subjectParams, body: reorderBodySchema }, ...admin },
    async (request) => ({
      success: true,
      ids: await reorderChildren(app.db, 'topic', request.params, request.body.ids),
    }),
  );
  app.put(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/order',
    { schema: { tags: adminTags, params: topicParams, body: reorderBodySchema }, ...admin },
    async (request) => ({
      success: true,
      ids: await reorderChildren(app.db, 'subtopic', request.params, request.body.ids),
    }),
  );

  app.get(
    '/api/admin/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId',
    { schema: { tags: adminTags, params: subtopicParams }, ...admin },
    async (request) => {
      const row = await q.findSubtopic(app.db, request.params);
      if (!row) throw notFound('Subtopic not found');
      return { success: true, subtopic: { id: row.id, name: row.name, body: row.body, selfCheck: row.selfCheck } };
    },
  );
}
