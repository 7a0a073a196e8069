import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import {
  certificateIdParamsSchema,
  certificateReplySchema,
  courseIdParamsSchema,
  courseProgressReplySchema,
  enrollReplySchema,
  learnerLessonParamsSchema,
  lessonProgressBodySchema,
  quizAnswersBodySchema,
  quizResultReplySchema,
  resumeBodySchema,
  resumeReplySchema,
  reviewBodySchema,
  reviewReplySchema,
  reviewsQuerySchema,
  reviewsReplySchema,
} from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { requireAuth, requireUser } from '../../plugins/auth';
import * as learning from './service';

/** The learner's side of courses: enrolment, progress, quizzes, resume, completion, certificates, reviews. */
export async function courseLearningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['course learning'];
  const signedIn = { onRequest: requireAuth };

  /**
   * Live dashboards (docs/decisions.md "Dashboards"): the learner's own; with `learners` also the
   * instructor's (Total Students, completions) and the admins' platform figures.
   */
  const publishCourseChange = (userId: string, course: { instructorId: string }, learners = false) => {
    app.events.publish(userTopic(userId), 'courses.progress');
    if (!learners) return;
    app.events.publish(userTopic(course.instructorId), 'courses.progress');
    app.events.publish('admins', 'platform.changed');
  };

  app.post(
    '/api/courses/:id/enroll',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: enrollReplySchema } }, ...signedIn },
    async (request) => {
      const viewer = requireUser(request);
      const { course, created } = await learning.enroll(app.db, viewer, request.params.id);
      if (created) publishCourseChange(viewer.id, course, true);
      return {
        success: true as const,
        message: created ? `You are enrolled in ${course.title}` : `You are already enrolled in ${course.title}`,
        enrolled: true as const,
      };
    },
  );

  app.delete(
    '/api/courses/:id/enroll',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: messageReplySchema } }, ...signedIn },
    async (request) => {
      const viewer = requireUser(request);
      const { course, removed } = await learning.unenroll(app.db, viewer, request.params.id);
      if (removed) publishCourseChange(viewer.id, course, true);
      return {
        success: true as const,
        message: removed
          ? `You left ${course.title}; your progress is kept if you enrol again`
          : `You are not enrolled in ${course.title}`,
      };
    },
  );

  app.put(
    '/api/courses/:id/lessons/:lessonId/progress',
    {
      schema: {
        tags,
        params: learnerLessonParamsSchema,
        body: lessonProgressBodySchema,
        response: { 200: courseProgressReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      const { course, progress } = await learning.updateLessonProgress(
        app.db,
        viewer,
        { idOrSlug: request.params.id, lessonId: request.params.lessonId },
        request.body,
      );
      publishCourseChange(viewer.id, course);
      return progress;
    },
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/quiz',
    {
      schema: {
        tags,
        params: learnerLessonParamsSchema,
        body: quizAnswersBodySchema,
        response: { 200: quizResultReplySchema },
      },
      ...signedIn,
    },
    async (request) => {
      const viewer = requireUser(request);
      const { course, stored, result } = await learning.submitQuiz(
        app.db,
        viewer,
        { idOrSlug: request.params.id, lessonId: request.params.lessonId },
        request.body.answers,
      );
      if (stored) publishCourseChange(viewer.id, course);
      return result;
    },
  );

  app.put(
    '/api/courses/:id/resume',
    {
      schema: { tags, params: courseIdParamsSchema, body: resumeBodySchema, response: { 200: resumeReplySchema } },
      ...signedIn,
    },
    async (request) => {
      await learning.saveResumePoint(app.db, requireUser(request), request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/courses/:id/complete',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: courseProgressReplySchema } }, ...signedIn },
    async (request) => {
      const viewer = requireUser(request);
      const { course, newly, badgesAwarded, progress } = await learning.completeCourse(
        app.db,
        viewer,
        request.params.id,
      );
      if (newly) publishCourseChange(viewer.id, course, true);
      return badgesAwarded.length > 0 ? { ...progress, badgesAwarded } : progress;
    },
  );

  app.get(
    '/api/certificates/:id',
    { schema: { tags, params: certificateIdParamsSchema, response: { 200: certificateReplySchema } } },
    async (request) => ({
      success: true as const,
      certificate: await learning.certificate(app.db, request.params.id),
    }),
  );

  app.get(
    '/api/courses/:id/reviews',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsReplySchema },
      },
    },
    async (request) => learning.courseReviews(app.db, request.sessionUser, request.params.id, request.query.page),
  );

  app.put(
    '/api/courses/:id/reviews/mine',
    {
      schema: { tags, params: courseIdParamsSchema, body: reviewBodySchema, response: { 200: reviewReplySchema } },
      ...signedIn,
    },
    async (request) => ({
      success: true as const,
      review: await learning.saveMyReview(app.db, requireUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/courses/:id/reviews/mine',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: messageReplySchema } }, ...signedIn },
    async (request) => {
      const removed = await learning.deleteMyReview(app.db, requireUser(request), request.params.id);
      return {
        success: true as const,
        message: removed ? 'Your review was removed' : 'You have no review of this course',
      };
    },
  );
}
