import type { FastifyInstance } from 'fastify';

/** DSA practice sheet: problems, progress, stats, activity and management. */
export async function dsaRoutes(_app: FastifyInstance) {}
