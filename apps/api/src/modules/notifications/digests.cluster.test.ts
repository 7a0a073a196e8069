import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { createScratchDatabase, memoryMailTransport } from '../../test/build-test-app';
import { POSTGRES_SERVER_URL, postgresUnreachable } from '../../test/postgres-server';
import { insertLearner, insertNotification, queuedFor } from './mail-test-helpers';

/**
 * Two API instances on one real PostgreSQL database, both running the same slot of the digest and mail jobs at
 * the same moment (as two servers whose schedules fire together, or a run retried after a restart while the
 * first still runs): each learner gets one digest and each notification one mail.
 */

const serverUrl = POSTGRES_SERVER_URL;

const skipReason = await postgresUnreachable();
if (skipReason) console.warn(`Skipping the two-instance digest tests: ${skipReason}`);

interface Instance {
  app: FastifyInstance;
  database: Database;
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
let a: Instance;
let b: Instance;

async function startInstance(migrate: boolean): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: scratch.url });
  if (migrate) await database.migrate();
  const app = await buildApp({
    config: {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'one-secret-shared-by-every-instance-of-the-api',
        LOG_LEVEL: 'silent',
      }),
      publicUrl: 'http://learnbuild.test',
    },
    database,
    mailTransport: memoryMailTransport().transport,
    mailWorkerAutoStart: false,
    logger: false,
    scheduler: false,
    judgeQueue: 'on-first-submission',
  });
  await app.ready();
  return { app, database };
}

beforeAll(async () => {
  if (skipReason) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-digests-'));
  scratch = await createScratchDatabase(serverUrl, 'lb_digests');
  a = await startInstance(true);
  b = await startInstance(false);
});

afterAll(async () => {
  if (skipReason) return;
  for (const instance of [a, b]) await instance?.app.close();
  for (const instance of [a, b]) await instance?.database.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipReason !== null)(
  `two API instances on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('send one digest per learner when both run the same slot at once, and none when they run it again', async () => {
      const db = a.database.db;
      const learners = [];
      for (let i = 0; i < 40; i++) {
        const learner = await insertLearner(db, `Twin ${i}`, {
          timeZone: i % 2 === 0 ? 'America/New_York' : 'Asia/Kolkata',
        });
        await insertNotification(db, learner.id, { channel: 'daily', title: `News for ${i}` });
        learners.push(learner);
      }
      // 08:00 in New York (EST); 18:30 in Kolkata.
      const ny = new Date('2026-11-30T13:00:00Z');
      const runs = await Promise.all([
        a.app.jobs.runNow('notifications.digests', ny),
        b.app.jobs.runNow('notifications.digests', ny),
      ]);
      expect(runs.map((run) => run.ok)).toEqual([true, true]);
      await Promise.all([
        a.app.jobs.runNow('notifications.digests', ny),
        b.app.jobs.runNow('notifications.digests', ny),
      ]);
      // 08:00 in Kolkata the next morning.
      const kolkata = new Date('2026-12-01T02:30:00Z');
      await Promise.all([
        a.app.jobs.runNow('notifications.digests', kolkata),
        b.app.jobs.runNow('notifications.digests', kolkata),
      ]);
      for (const learner of learners) {
        expect(
          (await queuedFor(db, learner.email)).map((mail) => mail.subject),
          learner.name,
        ).toEqual(['Your LearnBuild daily digest: 1 notification']);
      }
    });

    it('mail each notification once when both run the mail job at once', async () => {
      const db = a.database.db;
      const learners = [];
      for (let i = 0; i < 20; i++) {
        const learner = await insertLearner(db, `Mail twin ${i}`);
        await insertNotification(db, learner.id, { channel: 'mail', title: `Reply ${i}` });
        learners.push(learner);
      }
      const now = new Date('2026-11-30T10:00:00Z');
      const runs = await Promise.all([
        a.app.jobs.runNow('notifications.mail', now),
        b.app.jobs.runNow('notifications.mail', now),
      ]);
      expect(runs.map((run) => run.ok)).toEqual([true, true]);
      for (const learner of learners) expect(await queuedFor(db, learner.email), learner.name).toHaveLength(1);
    });
  },
);
