import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client';
import {
  dsaProblems,
  dsaTopics,
  judgeProblems,
  seedRuns,
  subjectSubtopics,
  subjects,
  subjectTopics,
  users,
} from '../db/schema';
import { courseFolders } from '../modules/courses/content';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { runSeed } from './seed';

const root = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Row counts of everything the seed writes. */
async function seededCounts(db: Db) {
  const countOf = async (
    table:
      | typeof users
      | typeof subjects
      | typeof subjectTopics
      | typeof subjectSubtopics
      | typeof dsaTopics
      | typeof dsaProblems
      | typeof judgeProblems
      | typeof seedRuns,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await countOf(users),
    subjects: await countOf(subjects),
    topics: await countOf(subjectTopics),
    subtopics: await countOf(subjectSubtopics),
    dsaTopics: await countOf(dsaTopics),
    dsaProblems: await countOf(dsaProblems),
    judgeProblems: await countOf(judgeProblems),
    seedRuns: await countOf(seedRuns),
  };
}

const demoUsers = (db: Db) => db.select({ email: users.email, role: users.role }).from(users).orderBy(asc(users.email));
const DEMO_ROWS = DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })).sort((a, b) =>
  a.email.localeCompare(b.email),
);

/** Runs `npm run seed` (the seed script itself) with the given environment; undefined unsets a variable. */
function runSeedScript(env: Record<string, string | undefined>) {
  const child = spawn(tsx, [path.join(root, 'apps/api/src/seed/run-seed.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

function freshDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'learnbuild-seed-'));
  dirs.push(dir);
  return dir;
}

describe('seed (in process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs twice without duplicating anything, demo accounts included', async () => {
    const firstLog: string[] = [];
    await runSeed(
      t.database.db,
      { ...t.config, seedDemo: true },
      { info: (_o: unknown, m?: string) => firstLog.push(m!) },
    );
    expect(firstLog).toEqual([
      'seeded core subjects',
      'seeded DSA problem bank',
      'seeded judged problems',
      'seeded community categories',
      'seeded demo accounts',
      'tagged demo DSA problems with companies',
      'seeded demo courses',
      'seeded demo community threads',
      'seeded demo blog posts',
    ]);
    const first = await seededCounts(t.database.db);
    expect(first.users).toBe(DEMO_ACCOUNTS.length);
    expect(first.subjects).toBe(4);
    expect(first.dsaProblems).toBeGreaterThan(0);
    expect(first.judgeProblems).toBeGreaterThanOrEqual(12);
    expect(await demoUsers(t.database.db)).toEqual(DEMO_ROWS);

    const secondLog: string[] = [];
    await runSeed(
      t.database.db,
      { ...t.config, seedDemo: true },
      { info: (_o: unknown, m?: string) => secondLog.push(m!) },
    );
    expect(secondLog).toEqual([]);
    expect(await seededCounts(t.database.db)).toEqual(first);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.local', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('Admin');
  });

  it('gives the Admin Panel one pending application to review, from applicant@demo.local', async () => {
    const login = async (email: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })
      ).json();
    const applicant = await login('applicant@demo.local');
    expect(applicant.user).toMatchObject({ role: 'pending_instructor', instructorApplication: { status: 'pending' } });
    const admin = await login('admin@demo.local');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/instructor-applications?status=pending',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(queue.json()).toMatchObject({
      total: 1,
      applications: [{ user: { email: 'applicant@demo.local' }, expertise: ['Databases', 'SQL', 'Node.js'] }],
    });
  });
});

describe('npm run seed', () => {
  it('stops on a malformed variable with the same one-line message as start', async () => {
    const result = await runSeedScript({ DATA_DIR: freshDataDir(), DATABASE_URL: '', PORT: 'not-a-port' });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe('Invalid environment variable PORT: PORT must be a number');
  });

  it('on the embedded database seeds demo accounts by default, and a second run duplicates nothing', async () => {
    const dataDir = freshDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: undefined };
    const first = await runSeedScript(env);
    expect(first.output).toContain('Seed complete.');
    expect(first.code).toBe(0);
    const second = await runSeedScript(env);
    expect(second.code).toBe(0);
    expect(second.output).not.toContain('seeded');
    const database = await openDatabase({ dataDir });
    try {
      expect(await demoUsers(database.db)).toEqual(DEMO_ROWS);
      const counts = await seededCounts(database.db);
      expect(counts.subjects).toBe(4);
      // Subjects, the subjects' code exercises, the DSA bank, its demo company tags, the community threads, the
      // blog posts, one per demo course and the demo student's enrolments.
      expect(counts.seedRuns).toBe(6 + courseFolders().length + 1);
    } finally {
      await database.close();
    }
  }, 180_000);

  // Needs a PostgreSQL server; CI runs the API tests a second time with DATABASE_URL set.
  it.runIf(process.env.DATABASE_URL)(
    'with DATABASE_URL leaves demo accounts out unless SEED_DEMO=1',
    async () => {
      const serverUrl = process.env.DATABASE_URL!;
      const name = `lb_seed_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      const database = await openDatabase({ databaseUrl });
      try {
        const env = { DATA_DIR: freshDataDir(), DATABASE_URL: databaseUrl, SEED_DEMO: undefined };
        const plain = await runSeedScript(env);
        expect(plain.code).toBe(0);
        expect(await demoUsers(database.db)).toEqual([]);
        expect((await seededCounts(database.db)).subjects).toBe(4);
        const asked = await runSeedScript({ ...env, SEED_DEMO: '1' });
        expect(asked.code).toBe(0);
        expect(await demoUsers(database.db)).toEqual(DEMO_ROWS);
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
