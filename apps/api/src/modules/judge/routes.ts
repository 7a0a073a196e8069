import { utf8ByteLength } from '@learnbuild/domain/schemas/code-editor';
import {
  JUDGE_UNAVAILABLE_MESSAGE,
  SUBMISSION_CODE_MAX_BYTES,
  SUBMISSION_TOO_LARGE_MESSAGE,
  submissionRequestSchema,
} from '@learnbuild/domain/schemas/judge';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { userTopic } from '../../lib/event-bus';
import { payloadTooLarge } from '../../lib/http-errors';
import { LIMITS } from '../../lib/rate-limiter';
import { requireAuth, requireUser } from '../../plugins/auth';
import * as q from './queries';
import { type JobQueue, JUDGE_QUEUE, startJobQueue } from './queue';
import {
  editorialOf,
  type JudgeJob,
  judgeQueuedSubmission,
  ownSubmission,
  practiceOf,
  requireJudgeableLanguage,
  requireJudgedProblem,
  toSubmissionWithCode,
} from './service';

const problemParams = z.object({ idOrSlug: z.string().min(1).max(200) });
const submissionParams = z.object({ id: z.string().min(1).max(100) });

/** The body's limit: the code's 64 KB with room for the JSON around it; past it, the 413 says why. */
const BODY_LIMIT_BYTES = SUBMISSION_CODE_MAX_BYTES * 2 + 4096;

/** Problem pages, submissions and their verdicts (issue 27); judging runs on the job queue. */
export async function judgeRoutes(
  fastify: FastifyInstance,
  options: { database: Database; startQueue: 'at-start' | 'on-first-submission' },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['judge'];
  // The queue's workers start with the server, so every instance takes its share; a test app starts them on
  // its first submission, so the hundred test apps that never submit do not each install pg-boss.
  let started: Promise<JobQueue> | null = null;
  const queue = () => {
    started ??= startJudgeQueue(app, options.database);
    return started;
  };
  if (options.startQueue === 'at-start') app.addHook('onReady', async () => void (await queue()));
  app.addHook('onClose', async () => {
    if (started) await (await started).stop();
  });

  app.setErrorHandler((error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw payloadTooLarge(SUBMISSION_TOO_LARGE_MESSAGE);
    throw error;
  });

  app.get('/api/dsa/problems/:idOrSlug/practice', { schema: { tags, params: problemParams } }, async (request) => ({
    success: true,
    practice: practiceOf(await requireJudgedProblem(app.db, request.params.idOrSlug)),
  }));

  app.get(
    '/api/dsa/problems/:idOrSlug/editorial',
    { schema: { tags, params: problemParams }, onRequest: requireAuth },
    async (request) => ({
      success: true,
      editorial: editorialOf(await requireJudgedProblem(app.db, request.params.idOrSlug)),
    }),
  );

  app.post(
    '/api/dsa/problems/:idOrSlug/submissions',
    {
      schema: { tags, params: problemParams, body: submissionRequestSchema },
      onRequest: requireAuth,
      bodyLimit: BODY_LIMIT_BYTES,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { language, code, timeZone } = request.body;
      if (utf8ByteLength(code) > SUBMISSION_CODE_MAX_BYTES) throw payloadTooLarge(SUBMISSION_TOO_LARGE_MESSAGE);
      requireJudgeableLanguage(language, app.config.judge0Url);
      const problem = await requireJudgedProblem(app.db, request.params.idOrSlug);
      await app.limiter.hit(`submit:user:${user.id}`, LIMITS.submissionPerUser);
      const { testCount } = practiceOf(problem);
      const submission = await q.insertSubmission(app.db, {
        userId: user.id,
        problemId: problem.id,
        language,
        code,
        total: testCount,
      });
      await (await queue()).send(JUDGE_QUEUE, { submissionId: submission.id, timeZone } satisfies JudgeJob);
      return reply.status(202).send({ success: true, submission: { id: submission.id, status: submission.status } });
    },
  );

  app.get(
    '/api/dsa/problems/:idOrSlug/submissions',
    { schema: { tags, params: problemParams }, onRequest: requireAuth },
    async (request) => {
      const problem = await requireJudgedProblem(app.db, request.params.idOrSlug);
      const rows = await q.listSubmissions(app.db, requireUser(request).id, problem.id);
      return { success: true, submissions: rows.map(toSubmissionWithCode) };
    },
  );

  app.get(
    '/api/submissions/:id',
    { schema: { tags, params: submissionParams }, onRequest: requireAuth },
    async (request) => ({
      success: true,
      submission: await ownSubmission(app.db, requireUser(request).id, request.params.id),
    }),
  );
}

/** The judge's queue worker on this instance; an Accepted verdict tells the learner's open pages. */
async function startJudgeQueue(app: FastifyInstance, database: Database): Promise<JobQueue> {
  return startJobQueue(database, app.log, {
    [JUDGE_QUEUE]: async (data) => {
      const job = data as JudgeJob;
      try {
        const moved = await judgeQueuedSubmission(app.db, job);
        if (moved?.accepted) app.events.publish(userTopic(moved.userId), 'dsa.progress');
      } catch (error) {
        app.log.error({ err: error, submissionId: job.submissionId }, 'judging failed');
        await q.finishSubmission(app.db, job.submissionId, {
          verdict: 'Runtime Error',
          passed: 0,
          total: 0,
          runtimeMs: null,
          failedCase: null,
          message: JUDGE_UNAVAILABLE_MESSAGE,
        });
      }
    },
  });
}
