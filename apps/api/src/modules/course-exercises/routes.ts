import { courseIdParamsSchema, learnerLessonParamsSchema } from '@learnbuild/domain/schemas/courses';
import {
  exerciseSubmissionsReplySchema,
  exerciseSubmitBodySchema,
  exerciseSubmitReplySchema,
  exerciseValidateBodySchema,
  exerciseValidateReplySchema,
} from '@learnbuild/domain/schemas/exercises';
import { subtopicParamsSchema } from '@learnbuild/domain/schemas/subjects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { LIMITS } from '../../lib/rate-limiter';
import { requireAuth, requireUser } from '../../plugins/auth';
import * as exercises from './service';

/** Code exercises in courses (issue 30): judged on submit by the DSA judge's engine. */
export async function courseExerciseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['course exercises'];
  const signedIn = { onRequest: requireAuth };
  const submissionsPath = '/api/courses/:id/lessons/:lessonId/exercise/submissions';

  app.post(
    submissionsPath,
    {
      schema: {
        tags,
        params: learnerLessonParamsSchema,
        body: exerciseSubmitBodySchema,
        response: { 200: exerciseSubmitReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      const { courseInstructorId: _instructor, ...reply } = await exercises.submitLessonExercise(
        app.db,
        viewer,
        { idOrSlug: request.params.id, lessonId: request.params.lessonId },
        request.body,
        // The judge's own limit, counted apart from the problem pages': a burst of either waits its minute.
        () => app.limiter.hit(`exercise-submit:user:${viewer.id}`, LIMITS.submissionPerUser),
      );
      if (reply.submission.id !== null && reply.submission.verdict === 'Accepted')
        app.events.publish(userTopic(viewer.id), 'courses.progress');
      return reply;
    },
  );

  app.get(
    submissionsPath,
    {
      schema: { tags, params: learnerLessonParamsSchema, response: { 200: exerciseSubmissionsReplySchema } },
      ...signedIn,
    },
    async (request) => ({
      success: true as const,
      submissions: await exercises.listLessonExerciseSubmissions(app.db, requireUser(request), {
        idOrSlug: request.params.id,
        lessonId: request.params.lessonId,
      }),
    }),
  );

  // Core subjects (issue 30): a subtopic may carry an exercise too; any signed-in learner may solve it.
  const subtopicPath = '/api/subjects/:subjectId/topics/:topicId/subtopics/:subtopicId/exercise/submissions';
  const subtopicParams = subtopicParamsSchema;

  app.post(
    subtopicPath,
    {
      schema: {
        tags,
        params: subtopicParams,
        body: exerciseSubmitBodySchema,
        response: { 200: exerciseSubmitReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      const reply = await exercises.submitSubtopicExercise(app.db, viewer, request.params, request.body, () =>
        app.limiter.hit(`exercise-submit:user:${viewer.id}`, LIMITS.submissionPerUser),
      );
      if (reply.submission.verdict === 'Accepted') app.events.publish(userTopic(viewer.id), 'subjects.progress');
      return reply;
    },
  );

  app.get(
    subtopicPath,
    { schema: { tags, params: subtopicParams, response: { 200: exerciseSubmissionsReplySchema } }, ...signedIn },
    async (request) => ({
      success: true as const,
      submissions: await exercises.listSubtopicExerciseSubmissions(app.db, requireUser(request), request.params),
    }),
  );

  app.post(
    '/api/courses/:id/exercise/validate',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        body: exerciseValidateBodySchema,
        response: { 200: exerciseValidateReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      await app.limiter.hit(`exercise-validate:user:${viewer.id}`, LIMITS.submissionPerUser);
      return exercises.validateCourseExercise(app.db, viewer, request.params.id, request.body.exercise);
    },
  );
}
