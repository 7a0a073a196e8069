import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));

  /** Public settings the web app needs at start (the popup link and social login buttons). */
  app.get('/api/config', { schema: { tags: ['health'] } }, async () => ({
    success: true,
    videoChannelUrl: app.config.videoChannelUrl,
  }));
}
