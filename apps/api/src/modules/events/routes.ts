import { isAdmin, type Role } from '@learnbuild/domain/roles';
import {
  EVENT_TICKET_TTL_SECONDS,
  eventStreamQuerySchema,
  eventTicketReplySchema,
  type LiveEvent,
} from '@learnbuild/domain/schemas/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTopic } from '../../lib/event-bus';
import { unauthorized } from '../../lib/http-errors';
import { requireAuth, requireUser } from '../../plugins/auth';
import { findSessionUser } from '../auth/queries';
import { readStreamTicket, signStreamTicket, ticketKey } from './tickets';

/** A comment line keeps proxies from closing an idle stream; the session is checked again each time. */
export const HEARTBEAT_MS = 20_000;
const TICKET_REFUSED = 'Your live-update ticket has expired, please ask for a new one';

/**
 * Server-sent events for the dashboards. EventSource cannot send a header, so the page first asks
 * for a ticket with its Bearer token and opens the stream with that ticket in the query
 * (docs/decisions.md "Dashboards").
 */
export async function eventRoutes(fastify: FastifyInstance, options: { heartbeatMs?: number } = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const key = ticketKey(app.config.jwtSecret);
  const openStreams = new Set<() => void>();
  // Open streams never go idle: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  app.post(
    '/api/events/ticket',
    { schema: { tags: ['live'], response: { 200: eventTicketReplySchema } }, onRequest: requireAuth },
    async (request) => ({
      success: true as const,
      ticket: await signStreamTicket(key, requireUser(request).sessionId),
      expiresInSeconds: EVENT_TICKET_TTL_SECONDS,
    }),
  );

  app.get(
    '/api/events',
    { schema: { tags: ['live'], querystring: eventStreamQuerySchema }, compress: false },
    async (request, reply) => {
      const sessionId = await readStreamTicket(key, request.query.ticket);
      const session = sessionId ? await findSessionUser(app.db, sessionId) : undefined;
      if (!sessionId || !session) throw unauthorized(TICKET_REFUSED);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: LiveEvent) => {
        if (!raw.writableEnded) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      raw.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`);

      // What a stream hears is fixed by the role it opened with; a change of that scope ends it, and the page
      // opens a new one (with a fresh ticket) that hears what the new role may hear.
      const heardAsAdmin = isAdmin(session.role);
      const unsubscribers = [app.events.subscribe(userTopic(session.userId), send)];
      if (heardAsAdmin) unsubscribers.push(app.events.subscribe('admins', send));
      const scopeChanged = (role: Role) => isAdmin(role) !== heardAsAdmin;
      unsubscribers.push(
        app.events.onRoleChange(session.userId, () => {
          // An admin's role changed means they are an admin no more: the next admin event must not reach
          // them, so the stream ends now, without waiting for a query.
          if (heardAsAdmin) return end();
          findSessionUser(app.db, sessionId).then(
            (current) => {
              if (!current || scopeChanged(current.role)) end();
            },
            () => undefined,
          );
        }),
      );

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        for (const unsubscribe of unsubscribers) unsubscribe();
        openStreams.delete(end);
        raw.end();
      };
      // A stream outlives its ticket but not its session: logging out (or expiry) ends it at the next beat, and so
      // does a change of role it did not hear of.
      const heartbeat = setInterval(() => {
        findSessionUser(app.db, sessionId).then(
          (current) => {
            if (ended) return;
            if (!current) {
              raw.write('event: expired\ndata: {}\n\n');
              end();
            } else if (scopeChanged(current.role)) {
              // A role changed while this instance could not hear the cluster bus, or behind the API's back.
              end();
            } else raw.write(': ping\n\n');
          },
          () => {
            if (!ended) raw.write(': ping\n\n');
          },
        );
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      openStreams.add(end);
      request.raw.on('close', end);
    },
  );
}
