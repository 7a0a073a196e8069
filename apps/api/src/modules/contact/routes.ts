import { contactBodySchema } from '@learnbuild/domain/schemas/contact';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../lib/rate-limiter';
import { requirePermission } from '../../plugins/auth';
import { insertContactMessage, listContactMessages } from './queries';

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];

  app.post('/api/contact', { schema: { tags, body: contactBodySchema } }, async (request, reply) => {
    await app.limiter.hit(`contact:ip:${request.ip}`, LIMITS.contactPerIp);
    const id = await insertContactMessage(app.db, request.body, request.sessionUser?.id ?? null);
    return reply.status(201).send({
      success: true,
      id,
      message: 'Thanks! Your message has been sent. We usually reply within two working days.',
    });
  });

  app.get(
    '/api/admin/contact-messages',
    {
      schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }) },
      onRequest: requirePermission('readContactMessages'),
    },
    async (request) => {
      const rows = await listContactMessages(app.db, request.query.limit);
      return { success: true, messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
}
