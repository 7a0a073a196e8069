import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

const FASTIFY_CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content length does not match the body',
  FST_REQ_FILE_TOO_LARGE: 'File is too large',
};

/** One error handler: every failure leaves as {success:false, error}; 5xx messages stay on the server. */
export function registerErrorHandling(app: FastifyInstance): void {
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
      if (error.statusCode >= 500) request.log.error(error);
      else request.log.warn({ statusCode: error.statusCode, message: error.message }, 'request refused');
      return reply.status(error.statusCode).headers(error.headers).send({ success: false, error: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'reply did not match its schema');
      return reply.status(500).send({ success: false, error: 'Something went wrong on our side' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_CODE_MESSAGES[error.code]) || error.message || 'Bad request';
      request.log.warn({ statusCode: status, code: error.code }, message);
      return reply.status(status).send({ success: false, error: message });
    }
    request.log.error(error);
    return reply.status(500).send({ success: false, error: 'Something went wrong on our side' });
  });
}
