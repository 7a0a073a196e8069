import {
  markNotificationsReadBodySchema,
  markNotificationsReadReplySchema,
  notificationSettingsReplySchema,
  notificationsQuerySchema,
  notificationsReplySchema,
  updateNotificationSettingsBodySchema,
} from '@learnbuild/domain/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { sendJson } from '../../lib/send-json';
import { requireAuth, requireUser } from '../../plugins/auth';
import * as notifications from './service';
import { attachNotifier } from './service';

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  attachNotifier(app);

  /** The person's other open pages (another tab's bell) hear that their unread count moved. */
  const publishRead = (userId: string, changed: number) => {
    if (changed > 0) app.events.publish(userTopic(userId), 'notifications.changed');
  };

  app.get(
    '/api/notifications',
    {
      schema: { tags, querystring: notificationsQuerySchema, response: { 200: notificationsReplySchema } },
      onRequest: requireAuth,
    },
    async (request, reply) => {
      const { unread, cursor } = request.query;
      const userId = requireUser(request).id;
      if (!cursor) {
        // The first page's text kept in memory (tray-cache.ts): sent as it is, past the reply's serializer.
        return sendJson(reply, await notifications.firstNotificationsPageJson(app.db, userId, unread === true));
      }
      const page = await notifications.listNotifications(app.db, userId, { unreadOnly: unread === true, cursor });
      return { success: true as const, ...page };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: { tags, body: markNotificationsReadBodySchema, response: { 200: markNotificationsReadReplySchema } },
      onRequest: requireAuth,
    },
    async (request) => {
      const userId = requireUser(request).id;
      // Another person's ids match none of this person's notifications: they change nothing.
      const { changed, unread } = await notifications.markRead(app.db, userId, request.body.ids);
      publishRead(userId, changed);
      return { success: true as const, unread };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags, response: { 200: markNotificationsReadReplySchema } }, onRequest: requireAuth },
    async (request) => {
      const userId = requireUser(request).id;
      publishRead(userId, await notifications.markAllRead(app.db, userId));
      return { success: true as const, unread: 0 };
    },
  );

  app.get(
    '/api/notifications/preferences',
    { schema: { tags, response: { 200: notificationSettingsReplySchema } }, onRequest: requireAuth },
    async (request) => ({
      success: true as const,
      ...(await notifications.notificationSettings(app.db, requireUser(request))),
    }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        body: updateNotificationSettingsBodySchema,
        response: { 200: notificationSettingsReplySchema },
      },
      onRequest: requireAuth,
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.updateNotificationSettings(app.db, requireUser(request), request.body)),
    }),
  );
}
