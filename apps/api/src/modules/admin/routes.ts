import {
  auditLogQuerySchema,
  auditLogReplySchema,
  changeRoleBodySchema,
  changeRoleReplySchema,
  userIdParamsSchema,
  usersQuerySchema,
  usersReplySchema,
} from '@learnbuild/domain/schemas/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission, requireUser } from '../../plugins/auth';
import * as admin from './service';

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get(
    '/api/admin/users',
    {
      schema: { tags, querystring: usersQuerySchema, response: { 200: usersReplySchema } },
      onRequest: requirePermission('manageUsers'),
    },
    async (request) => ({ success: true as const, ...(await admin.listUsersForAdmin(app.db, request.query)) }),
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: changeRoleReplySchema },
      },
      onRequest: requirePermission('manageUsers'),
    },
    async (request) => {
      const { user, changed } = await admin.changeUserRole(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body.role,
      );
      // The new role holds on the user's open sessions from their next request on, and on their open event
      // streams at once (an admin no more hears the admins' events).
      if (changed) {
        app.forgetSessions();
        app.events.roleChanged(request.params.id);
      }
      return { success: true as const, user };
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: { tags, querystring: auditLogQuerySchema, response: { 200: auditLogReplySchema } },
      onRequest: requirePermission('readAuditLog'),
    },
    async (request) => ({ success: true as const, ...(await admin.listAuditLog(app.db, request.query.page)) }),
  );
}
