import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { findDatabaseError, isDatabaseUnavailable } from '../lib/database-errors';
import { HttpError } from '../lib/http-errors';
import { answerThenClose, readRestOfBody } from '../lib/lingering-close';

const FASTIFY_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content length does not match the body',
  FST_REQ_FILE_TOO_LARGE: 'File is too large',
  FST_ERR_BAD_URL: 'The address is not valid: it has a malformed percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

const SERVER_FAULT = 'Something went wrong on our side';

/** The reply while the database is down or not answering in time: a 503 the client may retry. */
export const DATABASE_DOWN_MESSAGE = 'The service is temporarily unavailable, please try again shortly.';
const DATABASE_DOWN_RETRY_AFTER_SECONDS = '5';

/**
 * Database refusals that a request can cause on its own: a race on a unique key, a row that vanished
 * under a foreign key, or a value PostgreSQL cannot store. They are the client's 4xx, not our 500.
 */
function databaseRefusal(error: unknown): { status: number; message: string; sqlState: string } | undefined {
  const dbError = findDatabaseError(error);
  const sqlState = typeof dbError?.code === 'string' ? dbError.code : undefined;
  if (!sqlState) return undefined;
  if (sqlState === '23505')
    return {
      status: 409,
      sqlState,
      message: 'This was changed by another request at the same moment, please try again',
    };
  if (sqlState === '23503')
    return { status: 409, sqlState, message: 'Something this request refers to no longer exists, please reload' };
  // Class 22: data exceptions (invalid text, out of range, too long, bad encoding).
  if (sqlState.startsWith('22')) return { status: 400, sqlState, message: 'A value in the request is not valid' };
  return undefined;
}

/** busboy's messages for a multipart body it cannot read: no boundary, a wrong one, or a cut-off body. */
const MULTIPART_FAULT =
  /^(Multipart: |Boundary required|Unexpected end of (multipart data|form)|\w+ terminated early due to unexpected end|Malformed part header)/;

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !('statusCode' in error) && MULTIPART_FAULT.test(error.message);
}

/** Fastify's router refusals (bad percent-encoding, a parameter over maxParamLength) in the house shape. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  request.log.warn({ statusCode: status, code: error.code }, 'request refused by the router');
  return reply
    .status(status)
    .send({ success: false, error: (error.code && FASTIFY_CODE_MESSAGES[error.code]) || 'Bad request' });
}

/** What Node's HTTP parser refuses before any request exists, by its error code; anything else is a 400. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `The request's address and headers are too large (${Math.floor(maxHeaderSize / 1024)} KB at most together)`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'A chunk of the request body carries too much metadata' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const MALFORMED_REQUEST = { status: 400, message: 'The request could not be read as HTTP' };

/**
 * Fastify's `clientErrorHandler`: what Node refuses before Fastify sees a request (a head past its limit: a long
 * address, thousands of query parameters, a huge header; bytes that are not HTTP) answers in the house shape
 * too, and the connection closes without a reset so the client can read why.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED_REQUEST;
  this.log.debug({ statusCode: status, code: error.code }, 'request refused by the HTTP parser');
  const body = JSON.stringify({ success: false, error: message });
  answerThenClose(
    socket,
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** One error handler: every failure leaves as {success:false, error}; 5xx messages stay on the server. */
export function registerErrorHandling(app: FastifyInstance): void {
  // A reply that leaves while its body is still arriving (413 on the declared length, a refusal before an
  // upload is read): Fastify marks it `Connection: close`, and Node would then close a socket with unread
  // bytes, which resets it and can lose the answer. Reading the rest first (for a while) keeps the answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) {
      reply.removeHeader('connection');
      readRestOfBody(request.raw);
    }
    done(null, payload);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body',
        message: issue.message ?? 'Invalid value',
      }));
      request.log.warn({ details }, 'validation failed');
      return reply.status(400).send({ success: false, error: details[0]?.message ?? 'Invalid request', details });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.warn({ statusCode: error.statusCode, message: error.message }, 'request refused');
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          success: false,
          error: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...error.fields,
        });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply did not match its schema');
      return reply.status(500).send({ success: false, error: SERVER_FAULT });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', DATABASE_DOWN_RETRY_AFTER_SECONDS)
        .send({ success: false, error: DATABASE_DOWN_MESSAGE });
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: error, statusCode: refusal.status }, 'database refused the request');
      return reply.status(refusal.status).send({ success: false, error: refusal.message });
    }
    if (isMalformedMultipart(error)) {
      request.log.warn({ err: error }, 'malformed multipart body');
      return reply.status(400).send({ success: false, error: 'The upload could not be read as multipart/form-data' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_CODE_MESSAGES[error.code]) || error.message || 'Bad request';
      request.log.warn({ statusCode: status, code: error.code }, message);
      return reply.status(status).send({ success: false, error: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, error: SERVER_FAULT });
  });
}
