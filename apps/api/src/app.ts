import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './lib/rate-limiter';
import { createMailTransport, type MailTransport } from './mail/transport';
import { type MailWorker, startMailWorker } from './mail/worker';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { dsaRoutes } from './modules/dsa/routes';
import { healthRoutes } from './modules/health/routes';
import { subjectRoutes } from './modules/subjects/routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    limiter: RateLimiter;
    mailWorker: MailWorker;
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
  /** Prefix of the rate-limit keys in Redis; tests give each app its own. */
  rateLimitKeyPrefix?: string;
}

/** Builds the whole app without listening; tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  app.decorate('limiter', redis ? redisRateLimiter(redis, options.rateLimitKeyPrefix) : memoryRateLimiter());
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
  app.addHook('onClose', async () => {
    await app.mailWorker.stop();
    await app.limiter.close();
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The whole sheet is about 437 KiB of JSON at 1,000 problems and 46 KiB gzipped; bundles shrink alike.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'LearnBuild API', version: '1.0.0', description: 'learn, build, earn' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuth(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(contactRoutes);
  await app.register(subjectRoutes);
  await app.register(dsaRoutes);
  await registerWeb(app);
  return app;
}
