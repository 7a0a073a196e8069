import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import { courseIdParamsSchema, learnerLessonParamsSchema } from '@learnbuild/domain/schemas/courses';
import {
  attemptParamsSchema,
  attemptResultReplySchema,
  questionBodySchema,
  questionParamsSchema,
  questionReplySchema,
  questionsQuerySchema,
  questionsReplySchema,
  quizAttemptStateReplySchema,
  submitAttemptBodySchema,
  updateQuestionBodySchema,
} from '@learnbuild/domain/schemas/question-bank';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import * as attempts from './attempts';
import * as bank from './service';

/** A course's question bank (its owner and admins) and the attempts at quizzes drawn from it (issue 30). */
export async function questionBankRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const teach = { onRequest: requirePermission('createCourse') };
  const signedIn = { onRequest: requireAuth };
  const bankTags = ['question bank'];
  const attemptTags = ['course learning'];

  app.get(
    '/api/courses/:id/questions',
    {
      schema: {
        tags: bankTags,
        params: courseIdParamsSchema,
        querystring: questionsQuerySchema,
        response: { 200: questionsReplySchema },
      },
      ...teach,
    },
    async (request) => bank.listQuestions(app.db, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/courses/:id/questions',
    {
      schema: {
        tags: bankTags,
        params: courseIdParamsSchema,
        body: questionBodySchema,
        response: { 201: questionReplySchema },
      },
      ...teach,
    },
    async (request, response) => {
      const question = await bank.createQuestion(app.db, requireUser(request), request.params.id, request.body);
      response.status(201);
      return { success: true as const, question };
    },
  );

  app.patch(
    '/api/courses/:id/questions/:questionId',
    {
      schema: {
        tags: bankTags,
        params: questionParamsSchema,
        body: updateQuestionBodySchema,
        response: { 200: questionReplySchema },
      },
      ...teach,
    },
    async (request) => ({
      success: true as const,
      question: await bank.updateQuestion(
        app.db,
        requireUser(request),
        request.params.id,
        request.params.questionId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/courses/:id/questions/:questionId',
    { schema: { tags: bankTags, params: questionParamsSchema, response: { 200: messageReplySchema } }, ...teach },
    async (request) => ({
      success: true as const,
      message: await bank.archiveQuestion(app.db, requireUser(request), request.params.id, request.params.questionId),
    }),
  );

  app.get(
    '/api/courses/:id/lessons/:lessonId/attempts/current',
    {
      schema: { tags: attemptTags, params: learnerLessonParamsSchema, response: { 200: quizAttemptStateReplySchema } },
      ...signedIn,
    },
    async (request) =>
      attempts.quizState(app.db, requireUser(request), {
        idOrSlug: request.params.id,
        lessonId: request.params.lessonId,
      }),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/attempts',
    {
      schema: {
        tags: attemptTags,
        params: learnerLessonParamsSchema,
        response: { 200: quizAttemptStateReplySchema, 201: quizAttemptStateReplySchema },
      },
      ...signedIn,
    },
    async (request, response) => {
      const { created, state } = await attempts.startAttempt(app.db, requireUser(request), {
        idOrSlug: request.params.id,
        lessonId: request.params.lessonId,
      });
      response.status(created ? 201 : 200);
      return state;
    },
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/attempts/:attemptId/submit',
    {
      schema: {
        tags: attemptTags,
        params: attemptParamsSchema,
        body: submitAttemptBodySchema,
        response: { 200: attemptResultReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      const { stored, result } = await attempts.submitAttempt(
        app.db,
        viewer,
        { idOrSlug: request.params.id, lessonId: request.params.lessonId, attemptId: request.params.attemptId },
        request.body.answers,
      );
      // The learner's own dashboards follow their progress live.
      if (stored) app.events.publish(userTopic(viewer.id), 'courses.progress');
      return result;
    },
  );
}
