import {
  CODE_RUN_NOT_AVAILABLE_MESSAGE,
  codeRuntimesReplySchema,
  runCodeBodySchema,
  runCodeReplySchema,
  SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
} from '@learnbuild/domain/schemas/code-editor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payloadTooLarge, serviceUnavailable } from '../../lib/http-errors';
import { LIMITS } from '../../lib/rate-limiter';
import { requireAuth, requireUser } from '../../plugins/auth';
import { runOnJudge } from './judge';

export async function codeRunRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['code editor'];
  const { judge0Url, judge0AuthToken, judge0TimeoutMs } = app.config;

  // A body past the API's limit can only be code past its cap: say so, rather than the generic 413.
  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw payloadTooLarge(SNIPPET_SOURCE_TOO_LARGE_MESSAGE);
    }
    throw error;
  });

  app.get('/api/code/runtimes', { schema: { tags, response: { 200: codeRuntimesReplySchema } } }, async () => ({
    success: true as const,
    judge: Boolean(judge0Url),
  }));

  app.post(
    '/api/code/run',
    { schema: { tags, body: runCodeBodySchema, response: { 200: runCodeReplySchema } }, onRequest: requireAuth },
    async (request) => {
      const user = requireUser(request);
      if (!judge0Url) throw serviceUnavailable(CODE_RUN_NOT_AVAILABLE_MESSAGE);
      await app.limiter.hit(`code-run:user:${user.id}`, LIMITS.codeRunPerUser);
      const result = await runOnJudge(
        { url: judge0Url, authToken: judge0AuthToken, timeoutMs: judge0TimeoutMs },
        request.body,
        request.log,
      );
      return { success: true as const, result };
    },
  );
}
