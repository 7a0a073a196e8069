import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { MailTransport } from '../mail/transport';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Collects mails instead of sending them; `failing` makes every send throw (a mail server that is down). */
export function memoryMailTransport() {
  const sent: SentMail[] = [];
  const state = { failing: false };
  const transport: MailTransport = {
    async send(mail) {
      if (state.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      sent.push({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {},
  };
  return { transport, sent, state };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mail: ReturnType<typeof memoryMailTransport>;
  /** Set when REDIS_URL is: the app's rate limits live in Redis under this prefix (removed on close). */
  rateLimitKeyPrefix: string | undefined;
  close(): Promise<void>;
}

/** Removes every Redis key under `prefix`. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, and how to drop it again: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const runOnServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await runOnServer(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(`drop database if exists ${name} with (force)`) };
}

/** Set by the suite's global set-up (test/migrated-template.ts): where its migrated copy of the database is. */
export const PGLITE_DUMP_ENV = 'LEARNBUILD_TEST_PGLITE_DUMP';
export const TEMPLATE_DATABASE_ENV = 'LEARNBUILD_TEST_TEMPLATE_DATABASE';

let dump: { file: string; blob: Blob } | undefined;
/** The migrated PGlite data directory, read once per test process. */
function migratedDump(file: string): Blob {
  if (dump?.file !== file) dump = { file, blob: new Blob([readFileSync(file)]) };
  return dump.blob;
}

/**
 * A real app on a real database: an in-memory PGlite, or, when DATABASE_URL is set, a fresh
 * database created on that PostgreSQL server and dropped afterwards. When REDIS_URL is set the
 * rate limits live in that Redis, under a prefix of this app's own.
 */
export async function buildTestApp(
  overrides: Partial<Config> & { mailTransport?: MailTransport } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-test-'));
  // The suite's migrated copy (test/migrated-template.ts) when there is one; otherwise a new database, migrated here.
  const template = process.env[TEMPLATE_DATABASE_ENV];
  const dumpFile = process.env[PGLITE_DUMP_ENV];
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'lb_test', template)
    : undefined;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
    }),
    publicUrl: 'http://learnbuild.test',
    redisUrl: process.env.REDIS_URL || undefined,
    ...overrides,
  };
  const rateLimitKeyPrefix = config.redisUrl ? `lb:test:${process.pid}:${randomBytes(6).toString('hex')}:` : undefined;
  const loadDataDir = !scratch && dumpFile ? migratedDump(dumpFile) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, memory: true, loadDataDir });
  if (scratch ? !template : !loadDataDir) await database.migrate();
  const mail = memoryMailTransport();
  const app = await buildApp({
    config,
    database,
    mailTransport: overrides.mailTransport ?? mail.transport,
    mailWorkerAutoStart: false,
    logger: false,
    rateLimitKeyPrefix,
    judgeQueue: 'on-first-submission',
    // No pg-boss scheduler: a test drives a job with app.jobs.runNow, or builds its own app with the scheduler.
    scheduler: false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mail,
    rateLimitKeyPrefix,
    async close() {
      await app.close();
      if (config.redisUrl && rateLimitKeyPrefix) await deleteRedisKeys(config.redisUrl, rateLimitKeyPrefix);
      await database.close();
      // Let the pool's sockets finish closing before the database goes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
