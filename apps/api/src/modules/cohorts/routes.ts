import {
  announcementBodySchema,
  announcementParamsSchema,
  announcementReplySchema,
  announcementsReplySchema,
  CALENDAR_FEED_NOT_FOUND,
  calendarFeedCreatedReplySchema,
  calendarFeedReplySchema,
  calendarTokenParamsSchema,
  cohortBodySchema,
  cohortParamsSchema,
  cohortReplySchema,
  cohortsReplySchema,
  joinCohortReplySchema,
  scheduleQuerySchema,
  scheduleReplySchema,
  updateCohortBodySchema,
} from '@learnbuild/domain/schemas/cohorts';
import { messageReplySchema } from '@learnbuild/domain/schemas/common';
import { courseIdParamsSchema } from '@learnbuild/domain/schemas/courses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { notFound } from '../../lib/http-errors';
import { requireAuth, requireUser } from '../../plugins/auth';
import { createFeed, feedCalendar } from './calendar';
import * as q from './queries';
import * as cohorts from './service';

/** Cohorts of a course with their schedule, the learner's calendar feed, and the course's announcements. */
export async function cohortRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['cohorts'];
  const signedIn = { onRequest: requireAuth };
  const ref = (params: { id: string; cohortId: string }) => ({ idOrSlug: params.id, cohortId: params.cohortId });

  app.get(
    '/api/courses/:id/cohorts',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: cohortsReplySchema } } },
    async (request) => ({
      success: true as const,
      ...(await cohorts.listCohorts(db, request.params.id, request.sessionUser)),
    }),
  );

  app.post(
    '/api/courses/:id/cohorts',
    {
      schema: { tags, params: courseIdParamsSchema, body: cohortBodySchema, response: { 201: cohortReplySchema } },
      ...signedIn,
    },
    async (request, response) => {
      const cohort = await cohorts.createCohort(db, requireUser(request), request.params.id, request.body);
      response.status(201);
      return { success: true as const, cohort };
    },
  );

  app.patch(
    '/api/courses/:id/cohorts/:cohortId',
    {
      schema: { tags, params: cohortParamsSchema, body: updateCohortBodySchema, response: { 200: cohortReplySchema } },
      ...signedIn,
    },
    async (request) => ({
      success: true as const,
      cohort: await cohorts.updateCohort(db, requireUser(request), ref(request.params), request.body),
    }),
  );

  app.delete(
    '/api/courses/:id/cohorts/:cohortId',
    { schema: { tags, params: cohortParamsSchema, response: { 200: messageReplySchema } }, ...signedIn },
    async (request) => {
      const cohort = await cohorts.deleteCohort(db, requireUser(request), ref(request.params));
      return { success: true as const, message: `The cohort ${cohort.title} was deleted` };
    },
  );

  app.post(
    '/api/courses/:id/cohorts/:cohortId/join',
    { schema: { tags, params: cohortParamsSchema, response: { 200: joinCohortReplySchema } }, ...signedIn },
    async (request) => {
      const viewer = requireUser(request);
      const { cohort, joined } = await cohorts.joinCohort(db, viewer, ref(request.params));
      if (joined) app.events.publish(userTopic(viewer.id), 'courses.progress');
      return {
        success: true as const,
        message: joined ? `You joined ${cohort.title}` : `You are already in ${cohort.title}`,
        cohort,
      };
    },
  );

  app.delete(
    '/api/courses/:id/cohorts/:cohortId/join',
    { schema: { tags, params: cohortParamsSchema, response: { 200: joinCohortReplySchema } }, ...signedIn },
    async (request) => {
      const { cohort, left } = await cohorts.leaveCohort(db, requireUser(request), ref(request.params));
      return {
        success: true as const,
        message: left ? `You left ${cohort.title}` : `You are not in ${cohort.title}`,
        cohort,
      };
    },
  );

  app.get(
    '/api/courses/:id/schedule',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        querystring: scheduleQuerySchema,
        response: { 200: scheduleReplySchema },
      },
      ...signedIn,
    },
    async (request) => cohorts.schedule(db, requireUser(request), request.params.id, request.query.timeZone),
  );

  app.get(
    '/api/courses/:id/announcements',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: announcementsReplySchema } }, ...signedIn },
    async (request) => ({
      success: true as const,
      announcements: await cohorts.listAnnouncements(db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/api/courses/:id/announcements',
    {
      schema: {
        tags,
        params: courseIdParamsSchema,
        body: announcementBodySchema,
        response: { 201: announcementReplySchema },
      },
      ...signedIn,
    },
    async (request, response) => {
      const announcement = await cohorts.postAnnouncement(db, requireUser(request), request.params.id, request.body);
      response.status(201);
      return { success: true as const, announcement };
    },
  );

  app.delete(
    '/api/courses/:id/announcements/:announcementId',
    { schema: { tags, params: announcementParamsSchema, response: { 200: messageReplySchema } }, ...signedIn },
    async (request) => {
      await cohorts.deleteAnnouncement(db, requireUser(request), {
        idOrSlug: request.params.id,
        announcementId: request.params.announcementId,
      });
      return { success: true as const, message: 'The announcement was deleted' };
    },
  );

  // The calendar feed

  app.get(
    '/api/calendar/feed',
    { schema: { tags, response: { 200: calendarFeedReplySchema } }, ...signedIn },
    async (request) => {
      const feed = await q.findFeedOf(db, requireUser(request).id);
      return { success: true as const, feed: feed ? { createdAt: feed.createdAt.toISOString() } : null };
    },
  );

  app.post(
    '/api/calendar/feed',
    { schema: { tags, response: { 201: calendarFeedCreatedReplySchema } }, ...signedIn },
    async (request, response) => {
      const feed = await createFeed(db, requireUser(request).id, app.config.publicUrl);
      response.status(201);
      return { success: true as const, ...feed };
    },
  );

  app.delete(
    '/api/calendar/feed',
    { schema: { tags, response: { 200: messageReplySchema } }, ...signedIn },
    async (request) => {
      const removed = await q.deleteFeed(db, requireUser(request).id);
      return {
        success: true as const,
        message: removed ? 'Your calendar address was revoked' : 'You have no calendar address',
      };
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    { schema: { tags, params: calendarTokenParamsSchema } },
    async (request, response) => {
      const token = request.params.token;
      if (!/^[\w-]{43}$/.test(token)) throw notFound(CALENDAR_FEED_NOT_FOUND);
      const calendar = await feedCalendar(db, token, app.config.publicUrl);
      return response
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="learnbuild.ics"')
        .send(calendar);
    },
  );
}
