import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { SCHEDULED_JOBS } from './jobs/catalogue';
import { registerJobs } from './jobs/plugin';
import type { ScheduledJob } from './jobs/registry';
import { jobRoutes } from './jobs/routes';
import type { SchedulerTuning } from './jobs/scheduler';
import { attachAfterCommit } from './lib/after-commit';
import { attachClusterBus, type ClusterBus, memoryClusterBus, redisClusterBus } from './lib/cluster-bus';
import { clusterEventBus, type EventBus } from './lib/event-bus';
import { safeLoggerOptions } from './lib/log-safety';
import { memoryRateLimiter, type RateLimiter, sharedRateLimiter } from './lib/rate-limiter';
import { createMailTransport, type MailTransport } from './mail/transport';
import { type MailWorker, startMailWorker } from './mail/worker';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { badgeRoutes } from './modules/badges/routes';
import { blogRoutes } from './modules/blog/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { codeRunRoutes } from './modules/code-run/routes';
import { cohortRoutes } from './modules/cohorts/routes';
import { communityRoutes } from './modules/community/routes';
import { contactRoutes } from './modules/contact/routes';
import { courseExerciseRoutes } from './modules/course-exercises/routes';
import { courseInsightRoutes } from './modules/course-insight/routes';
import { courseLearningRoutes } from './modules/course-learning/routes';
import { courseRoutes } from './modules/courses/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dsaRoutes } from './modules/dsa/routes';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { instructorApplicationRoutes } from './modules/instructor-applications/routes';
import { judgeRoutes } from './modules/judge/routes';
import { mediaRoutes } from './modules/media/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes';
import { planRoutes } from './modules/plans/routes';
import { platformStatsRoutes } from './modules/platform-stats/routes';
import { profileRoutes } from './modules/profiles/routes';
import { questionBankRoutes } from './modules/question-bank/routes';
import { searchRoutes } from './modules/search/routes';
import { seoRoutes } from './modules/seo/routes';
import { snippetRoutes } from './modules/snippets/routes';
import { subjectRoutes } from './modules/subjects/routes';
import { registerAuth } from './plugins/auth';
import { registerNoStore } from './plugins/cache-control';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerExpensiveReadLimits } from './plugins/expensive-reads';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    limiter: RateLimiter;
    mailWorker: MailWorker;
    /** Messages to the other API instances (Redis pub/sub when REDIS_URL is set; nobody to tell otherwise). */
    cluster: ClusterBus;
    /** Live events for the dashboards: this instance's streams, and the other instances' through `cluster`. */
    events: EventBus;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass their own transport (an SMTP sink) and drive the worker by hand. */
  mailTransport?: MailTransport;
  mailWorkerAutoStart?: boolean;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them here. */
  logStream?: DestinationStream;
  /**
   * Runs the scheduled jobs (jobs/catalogue.ts) on pg-boss, shared with the other instances on the database
   * (default on, as in the server; test apps off unless they ask). Tests may shorten pg-boss's intervals.
   */
  scheduler?: boolean | SchedulerTuning;
  /** The scheduled jobs (default SCHEDULED_JOBS); tests give their own. */
  scheduledJobs?: readonly ScheduledJob[];
  /** Prefix of the rate-limit keys in Redis; tests give each app its own. */
  rateLimitKeyPrefix?: string;
  /** Redis pub/sub channel between the instances (default learnbuild:cluster); tests give each pair its own. */
  clusterChannel?: string;
  /** How often an open event stream is pinged and its session checked again (default 20 s). */
  eventHeartbeatMs?: number;
  /** When this instance's judge workers start (default with the server; test apps on their first submission). */
  judgeQueue?: 'at-start' | 'on-first-submission';
}

/** Builds the whole app without listening; tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...safeLoggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
    // Router refusals (bad percent-encoding, an over-long parameter) answer in the house shape too.
    frameworkErrors: frameworkErrorHandler,
    // And so do the HTTP parser's (a head too large, bytes that are not HTTP).
    clientErrorHandler,
    // A request read while the server closes is answered, not refused (plugins/graceful-close.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  // Live events asked for inside a transaction wait for its commit (lib/after-commit.ts).
  attachAfterCommit(database.db);
  // A Redis that does not answer within a second is treated as down: the limits fall back to memory.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 })
    : null;
  app.decorate('limiter', redis ? sharedRateLimiter(redis, app.log, options.rateLimitKeyPrefix) : memoryRateLimiter());
  const transport =
    options.mailTransport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  app.decorate(
    'mailWorker',
    startMailWorker({
      db: database.db,
      transport,
      from: config.mailFrom,
      log: app.log,
      autoStart: options.mailWorkerAutoStart,
    }),
  );
  app.decorate(
    'cluster',
    config.redisUrl
      ? redisClusterBus(config.redisUrl, options.clusterChannel ?? 'learnbuild:cluster', app.log)
      : memoryClusterBus(),
  );
  const detachCaches = attachClusterBus(database.db, app.cluster);
  app.decorate('events', clusterEventBus(app.cluster));
  // A reply that follows a change leaves only once the other instances have been told of it (docs/decisions.md).
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const settled = app.cluster.settled();
    if (!settled) return done(null, payload);
    settled.then(() => done(null, payload));
  });
  registerJobs(app, {
    database,
    catalogue: options.scheduledJobs ?? SCHEDULED_JOBS,
    scheduler: options.scheduler === false ? false : options.scheduler === true ? {} : (options.scheduler ?? {}),
  });
  app.addHook('onClose', async () => {
    await app.mailWorker.stop();
    await app.limiter.close();
    await app.events.close();
    detachCaches();
    await app.cluster.close();
  });

  registerErrorHandling(app);
  registerGracefulClose(app);
  registerInputGuard(app);
  registerNoStore(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Course video lessons embed these two players (issue 10); nothing else may be framed.
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        // The code editor's runners are module workers of this origin; their scripts carry their own policy.
        'worker-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The whole sheet is about 437 KiB of JSON at 1,000 problems and 46 KiB gzipped; bundles shrink alike.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await registerOpenApi(app);

  registerAuth(app);
  registerExpensiveReadLimits(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(contactRoutes);
  await app.register(subjectRoutes);
  await app.register(dsaRoutes);
  await app.register(instructorApplicationRoutes);
  await app.register(adminRoutes);
  await app.register(jobRoutes);
  await app.register(platformStatsRoutes);
  await app.register(dashboardRoutes);
  await app.register(badgeRoutes);
  await app.register(planRoutes);
  await app.register(eventRoutes, { heartbeatMs: options.eventHeartbeatMs });
  await app.register(courseRoutes);
  await app.register(courseLearningRoutes);
  await app.register(questionBankRoutes);
  await app.register(courseInsightRoutes);
  await app.register(courseExerciseRoutes);
  await app.register(certificateRoutes);
  await app.register(cohortRoutes);
  await app.register(mediaRoutes);
  await app.register(snippetRoutes);
  await app.register(codeRunRoutes);
  await app.register(judgeRoutes, { database, startQueue: options.judgeQueue ?? 'at-start' });
  await app.register(communityRoutes);
  await app.register(blogRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(searchRoutes);
  await app.register(seoRoutes);
  await registerWeb(app);
  return app;
}
