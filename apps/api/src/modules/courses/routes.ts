import {
  courseIdParamsSchema,
  courseLearnersQuerySchema,
  courseLearnersReplySchema,
  courseReplySchema,
  coursesQuerySchema,
  coursesReplySchema,
  createCourseBodySchema,
  deleteCourseReplySchema,
  lessonBodySchema,
  lessonParamsSchema,
  lessonReplySchema,
  reorderBodySchema,
  sectionBodySchema,
  sectionParamsSchema,
  teachingStatsReplySchema,
  updateCourseBodySchema,
  updateLessonBodySchema,
} from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJson } from '../../lib/send-json';
import { requirePermission, requireUser } from '../../plugins/auth';
import * as courses from './service';

/** Public replies leave as cached JSON bytes (public-cache.ts), made with the same schema; Fastify sends them as they are. */

export async function courseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['courses'];
  const teach = requirePermission('createCourse');
  const reply = (course: Awaited<ReturnType<typeof courses.getCourse>>) => ({ success: true as const, course });

  app.get(
    '/api/courses',
    { schema: { tags, querystring: coursesQuerySchema, response: { 200: coursesReplySchema } } },
    async (request, response) => {
      if (request.query.mine) return courses.listCatalogue(db, request.sessionUser, request.query);
      // One shared reply without learner ids; a signed-in reader gets the ids they may see added to it.
      if (request.sessionUser) return courses.catalogueForViewer(db, request.sessionUser, request.query);
      return sendJson(response, await courses.catalogueJson(db, request.query));
    },
  );

  app.get(
    '/api/courses/:id',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: courseReplySchema } } },
    async (request, response) => {
      if (request.sessionUser) return reply(await courses.getCourse(db, request.params.id, request.sessionUser));
      return sendJson(response, await courses.anonymousCourseJson(db, request.params.id));
    },
  );

  app.post(
    '/api/courses',
    { schema: { tags, body: createCourseBodySchema, response: { 201: courseReplySchema } }, onRequest: teach },
    async (request, response) => {
      response.status(201);
      return reply(await courses.createCourse(db, requireUser(request), request.body));
    },
  );

  app.put(
    '/api/courses/:id',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        body: updateCourseBodySchema,
        response: { 200: courseReplySchema },
      },
      onRequest: teach,
    },
    async (request) => reply(await courses.updateCourse(db, requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/courses/:id',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: deleteCourseReplySchema } }, onRequest: teach },
    async (request) => courses.deleteCourse(db, requireUser(request), request.params.id),
  );

  // Curriculum: every edit answers with the whole course as its editor sees it.

  app.post(
    '/api/courses/:id/sections',
    {
      schema: { tags, params: courseIdParamsSchema, body: sectionBodySchema, response: { 201: courseReplySchema } },
      onRequest: teach,
    },
    async (request, response) => {
      response.status(201);
      return reply(await courses.addSection(db, requireUser(request), request.params.id, request.body.title));
    },
  );

  app.put(
    '/api/courses/:id/sections/order',
    {
      schema: { tags, params: courseIdParamsSchema, body: reorderBodySchema, response: { 200: courseReplySchema } },
      onRequest: teach,
    },
    async (request) =>
      reply(await courses.reorderSections(db, requireUser(request), request.params.id, request.body.ids)),
  );

  app.put(
    '/api/courses/:id/sections/:sectionId',
    {
      schema: { tags, params: sectionParamsSchema, body: sectionBodySchema, response: { 200: courseReplySchema } },
      onRequest: teach,
    },
    async (request) =>
      reply(
        await courses.renameSection(
          db,
          requireUser(request),
          request.params.id,
          request.params.sectionId,
          request.body.title,
        ),
      ),
  );

  app.delete(
    '/api/courses/:id/sections/:sectionId',
    { schema: { tags, params: sectionParamsSchema, response: { 200: courseReplySchema } }, onRequest: teach },
    async (request) =>
      reply(await courses.deleteSection(db, requireUser(request), request.params.id, request.params.sectionId)),
  );

  app.post(
    '/api/courses/:id/sections/:sectionId/lessons',
    {
      schema: { tags, params: sectionParamsSchema, body: lessonBodySchema, response: { 201: courseReplySchema } },
      onRequest: teach,
    },
    async (request, response) => {
      const course = await courses.addLesson(
        db,
        requireUser(request),
        request.params.id,
        request.params.sectionId,
        request.body,
      );
      response.status(201);
      return reply(course);
    },
  );

  app.put(
    '/api/courses/:id/sections/:sectionId/lessons/order',
    {
      schema: { tags, params: sectionParamsSchema, body: reorderBodySchema, response: { 200: courseReplySchema } },
      onRequest: teach,
    },
    async (request) =>
      reply(
        await courses.reorderLessons(
          db,
          requireUser(request),
          request.params.id,
          request.params.sectionId,
          request.body.ids,
        ),
      ),
  );

  app.get(
    '/api/courses/:id/lessons/:lessonId',
    { schema: { tags, params: lessonParamsSchema, response: { 200: lessonReplySchema } } },
    async (request) => ({
      success: true as const,
      lesson: await courses.getLesson(db, request.params.id, request.params.lessonId, request.sessionUser),
    }),
  );

  app.put(
    '/api/courses/:id/lessons/:lessonId',
    {
      schema: { tags, params: lessonParamsSchema, body: updateLessonBodySchema, response: { 200: courseReplySchema } },
      onRequest: teach,
    },
    async (request) =>
      reply(
        await courses.updateLesson(db, requireUser(request), request.params.id, request.params.lessonId, request.body),
      ),
  );

  app.delete(
    '/api/courses/:id/lessons/:lessonId',
    { schema: { tags, params: lessonParamsSchema, response: { 200: courseReplySchema } }, onRequest: teach },
    async (request) =>
      reply(await courses.deleteLesson(db, requireUser(request), request.params.id, request.params.lessonId)),
  );

  // Instructor Panel

  app.get(
    '/api/courses/:id/learners',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        querystring: courseLearnersQuerySchema,
        response: { 200: courseLearnersReplySchema },
      },
      onRequest: teach,
    },
    async (request) => courses.listLearners(db, requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/api/instructor/courses',
    {
      schema: { tags: ['instructor panel'], response: { 200: teachingStatsReplySchema } },
      onRequest: requirePermission('instructorPanel'),
    },
    async (request) => courses.teachingStats(db, requireUser(request)),
  );
}
