import { todayIn } from '@learnbuild/domain/rules/streaks';
import {
  activityQuerySchema,
  exportQuerySchema,
  importQuerySchema,
  problemInputSchema,
  problemParamsSchema,
  problemPatchSchema,
  problemsQuerySchema,
  progressBodySchema,
  randomProblemQuerySchema,
  reorderBodySchema,
  reviewBodySchema,
  statsQuerySchema,
  timeZoneSchema,
  topicInputSchema,
  topicParamsSchema,
} from '@learnbuild/domain/schemas/dsa';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userTopic } from '../../lib/event-bus';
import { sendPrecompressed } from '../../lib/precompressed';
import { requireAuth, requirePermission, requireUser } from '../../plugins/auth';
import { CATALOGUE_CACHE_CONTROL, currentCatalogue, FLAGS_CACHE_CONTROL } from './catalogue';
import { importSummary, refusedImportMessage } from './import-file';
import * as manage from './management';
import { PROBLEM_STATS_CACHE_CONTROL, problemStatsReply } from './problem-stats';
import * as q from './queries';
import {
  dsaActivityReply,
  dsaStatsReply,
  learnerFlags,
  learnerRoadmap,
  listSheet,
  randomProblem,
  reviewProblem,
  setProgress,
} from './service';
import * as transfer from './transfer';

/** Replies the service hands over as JSON text are sent as they are (no serialisation). */
const JSON_TEXT = 'application/json; charset=utf-8';

/** Imports arrive as JSON or as CSV text; the shape is checked row by row in the service. */
const importBody = z.unknown();

function sendFile(reply: FastifyReply, name: string, format: 'json' | 'csv', body: unknown) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : JSON_TEXT)
    .header('content-disposition', `attachment; filename="${name}-${day}.${format}"`)
    .send(format === 'csv' ? body : JSON.stringify(body, null, 2));
}

/** DSA practice sheet: problems, progress, stats, activity and management. */
export async function dsaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dsa'];

  // CSV imports are posted as text (this parser only applies to the routes of this plugin).
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get('/api/dsa/problems', { schema: { tags, querystring: problemsQuerySchema } }, async (request) => ({
    success: true,
    problems: await listSheet(app.db, request.sessionUser?.id ?? null, request.query),
  }));

  // Issue 28: "Pick one" (a random problem matching the sheet's filters) and the roadmap of topics.
  app.get(
    '/api/dsa/problems/random',
    { schema: { tags, querystring: randomProblemQuerySchema }, onRequest: requireAuth },
    async (request) => ({
      success: true,
      problem: await randomProblem(app.db, requireUser(request).id, request.query),
    }),
  );

  app.get('/api/dsa/problem-stats', { schema: { tags }, compress: false }, async (request, reply) =>
    sendPrecompressed(request, reply, await problemStatsReply(app.db), PROBLEM_STATS_CACHE_CONTROL),
  );

  app.get('/api/dsa/roadmap', { schema: { tags }, onRequest: requireAuth }, async (request) => ({
    success: true,
    roadmap: { nodes: await learnerRoadmap(app.db, requireUser(request).id) },
  }));

  // The sheet's split read: the catalogue every learner shares (precompressed bytes with an ETag, so the
  // compress plugin stays off) and the learner's own flags, merged by the client.
  app.get('/api/dsa/catalogue', { schema: { tags }, compress: false }, async (request, reply) =>
    sendPrecompressed(request, reply, await currentCatalogue(app.db), CATALOGUE_CACHE_CONTROL),
  );

  // The learner's own reply, compressed once per change of their progress or of the bank.
  app.get(
    '/api/dsa/progress/flags',
    { schema: { tags }, onRequest: requireAuth, compress: false },
    async (request, reply) =>
      sendPrecompressed(request, reply, await learnerFlags(app.db, requireUser(request).id), FLAGS_CACHE_CONTROL),
  );

  app.get('/api/dsa/topics', { schema: { tags } }, async () => ({ success: true, topics: await q.listTopics(app.db) }));

  // Progress

  app.put(
    '/api/dsa/progress/:problemId',
    { schema: { tags, params: problemParamsSchema, body: progressBodySchema }, onRequest: requireAuth },
    async (request) => {
      const { timeZone, ...change } = request.body;
      const userId = requireUser(request).id;
      const { badgesAwarded, ...progress } = await setProgress(
        app.db,
        userId,
        request.params.problemId,
        change,
        timeZone,
      );
      app.events.publish(userTopic(userId), 'dsa.progress');
      return { success: true, progress, ...(badgesAwarded.length > 0 ? { badgesAwarded } : {}) };
    },
  );

  app.post(
    '/api/dsa/progress/:problemId/review',
    { schema: { tags, params: problemParamsSchema, body: reviewBodySchema }, onRequest: requireAuth },
    async (request) => {
      const userId = requireUser(request).id;
      const { progress, dueOn } = await reviewProblem(app.db, userId, request.params.problemId, request.body);
      app.events.publish(userTopic(userId), 'dsa.progress');
      return { success: true, progress, dueOn };
    },
  );

  app.get(
    '/api/dsa/progress/stats',
    // The reply is always under the compression threshold (1 KiB) and a GET has no body: the compress plugin's
    // three hooks would run on every read for nothing.
    { schema: { tags, querystring: statsQuerySchema }, onRequest: requireAuth, compress: false, decompress: false },
    async (request, reply) =>
      reply.type(JSON_TEXT).send(await dsaStatsReply(app.db, requireUser(request).id, request.query.timeZone)),
  );

  app.get(
    '/api/dsa/progress/activity',
    // Not compressed: the 49-day grid is 2 KiB (a year, the most one may ask for, 16 KiB), and compressing it
    // on each read cost more CPU than the read itself; a GET has no body to decompress.
    { schema: { tags, querystring: activityQuerySchema }, onRequest: requireAuth, compress: false, decompress: false },
    async (request, reply) => {
      const { timeZone, days } = request.query;
      return reply.type(JSON_TEXT).send(await dsaActivityReply(app.db, requireUser(request).id, timeZone, days));
    },
  );

  app.get(
    '/api/dsa/progress/export',
    { schema: { tags, querystring: exportQuerySchema }, onRequest: requireAuth },
    async (request, reply) => {
      const data = await transfer.exportProgress(app.db, requireUser(request).id);
      const body = request.query.format === 'csv' ? transfer.progressToCsv(data.progress) : data;
      return sendFile(reply, 'dsa-progress', request.query.format, body);
    },
  );

  app.post(
    '/api/dsa/progress/import',
    {
      schema: { tags, querystring: importQuerySchema.extend({ timeZone: timeZoneSchema }), body: importBody },
      onRequest: requireAuth,
    },
    async (request, reply) => {
      const { dryRun, skipInvalid, timeZone } = request.query;
      const userId = requireUser(request).id;
      const rows = transfer.readProgressRows(request.body);
      const plan = await transfer.planProgressImport(app.db, userId, rows, todayIn(timeZone));
      if (dryRun) return { success: true, dryRun, applied: false, report: plan.report };
      if (plan.report.errors.length > 0 && !skipInvalid) {
        const error = refusedImportMessage(plan.report);
        return reply.status(400).send({ success: false, error, dryRun, applied: false, report: plan.report });
      }
      await transfer.applyProgressImport(app.db, userId, plan);
      app.events.publish(userTopic(userId), 'dsa.progress');
      const message = `Progress imported: ${importSummary(plan.report, 'problems')}`;
      return { success: true, dryRun, applied: true, report: plan.report, message };
    },
  );

  // Management (DESIGN decision 1: Instructors and Admins)
  const manager = { onRequest: requirePermission('manageDsa') };
  const manageTags = ['dsa (management)'];

  app.post(
    '/api/admin/dsa/problems',
    { schema: { tags: manageTags, body: problemInputSchema }, ...manager },
    async (request, reply) =>
      reply.status(201).send({ success: true, problem: await manage.createProblem(app.db, request.body) }),
  );

  app.patch(
    '/api/admin/dsa/problems/:problemId',
    { schema: { tags: manageTags, params: problemParamsSchema, body: problemPatchSchema }, ...manager },
    async (request) => ({
      success: true,
      problem: await manage.editProblem(app.db, request.params.problemId, request.body),
    }),
  );

  app.delete(
    '/api/admin/dsa/problems/:problemId',
    { schema: { tags: manageTags, params: problemParamsSchema }, ...manager },
    async (request) => {
      await manage.deleteProblem(app.db, request.params.problemId);
      return { success: true, message: 'Problem deleted. Learners keep their history, but it leaves every list.' };
    },
  );

  app.put(
    '/api/admin/dsa/problems/order',
    { schema: { tags: manageTags, body: reorderBodySchema }, ...manager },
    async (request) => {
      await manage.reorderProblems(app.db, request.body.ids);
      return { success: true, message: 'Problem order saved' };
    },
  );

  app.post(
    '/api/admin/dsa/problems/import',
    { schema: { tags: manageTags, querystring: importQuerySchema, body: importBody }, ...manager },
    async (request, reply) => {
      const { dryRun, skipInvalid } = request.query;
      const rows = manage.readProblemRows(request.body);
      const plan = await manage.planProblemImport(app.db, rows);
      if (dryRun) return { success: true, dryRun, applied: false, report: plan.report };
      if (plan.report.errors.length > 0 && !skipInvalid) {
        const error = refusedImportMessage(plan.report);
        return reply.status(400).send({ success: false, error, dryRun, applied: false, report: plan.report });
      }
      await manage.importProblems(app.db, plan);
      const message = `Import done: ${importSummary(plan.report, 'problems')}`;
      return { success: true, dryRun, applied: true, report: plan.report, message };
    },
  );

  app.get(
    '/api/admin/dsa/problems/export',
    { schema: { tags: manageTags, querystring: exportQuerySchema }, ...manager },
    async (request, reply) => {
      const bank = await manage.exportBank(app.db);
      const body = request.query.format === 'csv' ? manage.bankToCsv(bank) : bank;
      return sendFile(reply, 'dsa-problems', request.query.format, body);
    },
  );

  app.post(
    '/api/admin/dsa/topics',
    { schema: { tags: manageTags, body: topicInputSchema }, ...manager },
    async (request, reply) =>
      reply.status(201).send({ success: true, topic: await manage.createTopic(app.db, request.body.name) }),
  );

  app.patch(
    '/api/admin/dsa/topics/:topicId',
    { schema: { tags: manageTags, params: topicParamsSchema, body: topicInputSchema }, ...manager },
    async (request) => ({
      success: true,
      topic: await manage.renameTopic(app.db, request.params.topicId, request.body.name),
    }),
  );

  app.delete(
    '/api/admin/dsa/topics/:topicId',
    { schema: { tags: manageTags, params: topicParamsSchema }, ...manager },
    async (request) => {
      await manage.deleteTopic(app.db, request.params.topicId);
      return { success: true, message: 'Topic deleted' };
    },
  );

  app.put(
    '/api/admin/dsa/topics/order',
    { schema: { tags: manageTags, body: reorderBodySchema }, ...manager },
    async (request) => {
      await manage.reorderTopics(app.db, request.body.ids);
      return { success: true, message: 'Topic order saved' };
    },
  );
}
