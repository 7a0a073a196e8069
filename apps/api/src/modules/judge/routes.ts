import { utf8ByteLength } from '@learnbuild/domain/schemas/code-editor';
import { problemParamsSchema } from '@learnbuild/domain/schemas/dsa';
import {
  JUDGE_UNAVAILABLE_MESSAGE,
  judgeEnabledRequestSchema,
  judgeSaveRequestSchema,
  SUBMISSION_CODE_MAX_BYTES,
  SUBMISSION_TOO_LARGE_MESSAGE,
  submissionRequestSchema,
} from '@learnbuild/domain/schemas/judge';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { closePythonPool, warmPythonPool } from '../../judge/python-sandbox';
import { userTopic } from '../../lib/event-bus';
import { payloadTooLarge } from '../../lib/http-errors';
import { LIMITS } from '../../lib/rate-limiter';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import * as manage from './management';
import * as q from './queries';
import { type JobQueue, JUDGE_QUEUE, startJobQueue } from './queue';
import {
  editorialOf,
  type JudgeJob,
  judge0OptionsOf,
  judgeQueuedSubmission,
  ownSubmission,
  practiceOf,
  requireJudgeableLanguage,
  requireJudgedProblem,
  toSubmissionWithCode,
} from './service';

const problemParams = z.object({ idOrSlug: z.string().min(1).max(200) });
const submissionParams = z.object({ id: z.string().min(1).max(100) });

const SUBMISSIONS_ROUTE = '/api/dsa/problems/:idOrSlug/submissions';

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
  if (options.startQueue === 'at-start') {
    // The server's first Python submission need not wait for Python to start: a child is made ready now.
    app.addHook('onReady', async () => {
      await queue();
      void warmPythonPool().catch((error) => app.log.warn({ err: error }, 'Python judge did not start'));
    });
    // The judge's worker threads and Python children belong to the process: the server ends them when it closes.
    app.addHook('onClose', async () => {
      await Promise.all([closeJavaScriptWorkers(), closePythonPool()]);
    });
  }
  app.addHook('onClose', async () => {
    if (started) await (await started).stop();
  });

  app.setErrorHandler((error, request) => {
    if (
      (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' &&
      request.routeOptions.url === SUBMISSIONS_ROUTE
    )
      throw payloadTooLarge(SUBMISSION_TOO_LARGE_MESSAGE);
    throw error;
  });

  app.get('/api/dsa/problems/:idOrSlug/practice', { schema: { tags, params: problemParams } }, async (request) => ({
    success: true,
    practice: practiceOf(await requireJudgedProblem(app.db, request.params.idOrSlug), app.config.judge0Url),
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
    SUBMISSIONS_ROUTE,
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
      const { testCount } = practiceOf(problem, app.config.judge0Url);
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

  // DSA Management: a problem's judge (DESIGN decision 1: Instructors and Admins)
  const manager = { onRequest: requirePermission('manageDsa') };
  const manageTags = ['dsa (management)'];
  const judgePath = '/api/admin/dsa/problems/:problemId/judge';

  app.get(judgePath, { schema: { tags: manageTags, params: problemParamsSchema }, ...manager }, async (request) => ({
    success: true,
    judge: await manage.judgeOf(app.db, request.params.problemId),
  }));

  app.put(
    judgePath,
    { schema: { tags: manageTags, params: problemParamsSchema, body: judgeSaveRequestSchema }, ...manager },
    async (request) => ({
      success: true,
      ...(await manage.saveJudge(app.db, request.params.problemId, request.body.spec)),
    }),
  );

  app.post(
    `${judgePath}/validate`,
    { schema: { tags: manageTags, params: problemParamsSchema }, ...manager },
    async (request) => ({ success: true, ...(await manage.validateJudge(app.db, request.params.problemId)) }),
  );

  app.put(
    `${judgePath}/enabled`,
    { schema: { tags: manageTags, params: problemParamsSchema, body: judgeEnabledRequestSchema }, ...manager },
    async (request) => ({
      success: true,
      ...(await manage.switchJudge(app.db, request.params.problemId, request.body.enabled)),
    }),
  );
}

/** The judge's queue worker on this instance; an Accepted verdict tells the learner's open pages. */
async function startJudgeQueue(app: FastifyInstance, database: Database): Promise<JobQueue> {
  return startJobQueue(database, app.log, {
    [JUDGE_QUEUE]: async (data) => {
      const job = data as JudgeJob;
      try {
        const moved = await judgeQueuedSubmission(app.db, job, { judge0: judge0OptionsOf(app.config, app.log) });
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
