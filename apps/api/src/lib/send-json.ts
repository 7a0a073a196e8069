import type { FastifyReply } from 'fastify';

/**
 * Sends a reply's JSON text as it is, past the route's serializer: for replies kept in memory as the bytes they
 * were sent as (the reply schema checked them when they were made).
 */
export const sendJson = (response: FastifyReply, json: string | Buffer) =>
  response.type('application/json; charset=utf-8').send(json);
