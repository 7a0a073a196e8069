import type { FastifyInstance } from 'fastify';

/**
 * Replies that carry a token or personal data must not be kept by a browser or a proxy: every
 * /api/auth/* reply and every reply to a signed-in request is `no-store`, unless its route chose.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith('/api/') &&
      !reply.hasHeader('cache-control') &&
      (request.url.startsWith('/api/auth/') || request.sessionUser || request.headers.authorization)
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
