import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { mailOutbox, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readResetToken, readVerificationMail } from '../test/factories';
import { safeUrl, serializeErrorSafely } from './log-safety';

let t: TestApp;
let app: FastifyInstance;
let log = '';

const PASSWORD = 'Correct-Horse-Secret-7391';
const WRONG_PASSWORD = 'Wrong-Guess-Secret-5521';
const NEW_PASSWORD = 'Brand-New-Secret-8843';
const NOTE = 'my private note about a secret crush 4417';
const email = `logged-${Date.now()}@example.com`;

beforeAll(async () => {
  t = await buildTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk;
      done();
    },
  });
  // The real file mail transport (it logs each mail it writes) and every log level from debug up.
  app = await buildApp({
    config: { ...t.config, logLevel: 'debug' },
    database: t.database,
    mailWorkerAutoStart: false,
    logStream: stream,
  });
  const db = t.database.db;
  app.post('/api/test/duplicate-user', async () => {
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    await db.insert(users).values({ name: NOTE, email, passwordHash: existing!.passwordHash });
  });
  app.get('/api/test/bad-value', async () => db.execute(sql`select ${NOTE}::int as n`));
  app.get('/api/test/broken-query', async () => db.execute(sql`select * from no_such_table where note = ${NOTE}`));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function latestMailTo(to: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail!.textBody;
}

describe('logs', () => {
  it('carry no password, hash, token, code or personal text through sign-up, failures and database errors', async () => {
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers });

    expect((await post('/api/auth/register', { name: 'Logan', email, password: PASSWORD })).statusCode).toBe(201);
    const { otp, linkToken } = readVerificationMail(await latestMailTo(email));
    await app.mailWorker.runOnce();
    const verified = await post(`/api/auth/verify-email/${linkToken}`);
    expect(verified.statusCode).toBe(200);
    const token = verified.json().token as string;
    expect((await post('/api/auth/login', { email, password: WRONG_PASSWORD })).statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = readResetToken(await latestMailTo(email));
    await app.mailWorker.runOnce();
    expect((await post(`/api/auth/reset-password/${resetToken}`, { password: NEW_PASSWORD })).statusCode).toBe(200);

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"${PASSWORD}`,
    });
    expect(badJson.statusCode).toBe(400);

    // Database errors whose queries carry a password hash and a note.
    expect((await post('/api/test/duplicate-user')).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: '/api/test/bad-value' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/test/broken-query' })).statusCode).toBe(500);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    const secrets = {
      password: PASSWORD,
      'wrong password': WRONG_PASSWORD,
      'new password': NEW_PASSWORD,
      hash: row!.passwordHash!,
      'any argon2 hash': '$argon2',
      'session token': token,
      'link token': linkToken,
      'reset token': resetToken,
      note: NOTE,
      'note fragment': 'secret crush',
      email,
    };
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), name).toBe(false);
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${otp}(?!\\d)`));

    // The errors themselves were logged, with what an operator needs.
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { err?: { sqlState?: string; constraint?: string; message?: string } });
    const errors = lines.flatMap((line) => (line.err ? [line.err] : []));
    expect(errors).toContainEqual(expect.objectContaining({ sqlState: '23505', constraint: 'users_email_key' }));
    expect(errors).toContainEqual(
      expect.objectContaining({ sqlState: '22P02', message: 'invalid input syntax for type integer: "…"' }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ sqlState: '42P01' }));
    // Refusals keep Fastify's error code for the operator.
    expect(log).toContain('"code":"FST_ERR_CTP_INVALID_JSON_BODY"');
    expect(log).toContain('mail written to outbox');
    expect(log).toContain('/api/auth/verify-email/:token');
  });
});

describe('log serializers', () => {
  it('keep a URL path and its query names, not its values or link tokens', () => {
    expect(safeUrl('/api/dsa/problems?q=anna%20smith&topic=arrays')).toBe('/api/dsa/problems?q=…&topic=…');
    expect(safeUrl('/api/auth/reset-password/abc123?x=1')).toBe('/api/auth/reset-password/:token?x=…');
    expect(safeUrl('/api/health')).toBe('/api/health');
  });

  it('reduce an error that quotes its query to its type, code and frames', () => {
    const error = Object.assign(
      new Error('Failed query: insert into users values ($1)\nparams: $argon2id$v=19$secret'),
      {
        query: 'insert into users values ($1)',
        params: ['$argon2id$v=19$secret'],
      },
    );
    const safe = serializeErrorSafely(error) as Record<string, unknown>;
    expect(safe.message).toBe('Failed query');
    expect(JSON.stringify(safe)).not.toContain('argon2');
    expect(
      JSON.stringify(serializeErrorSafely(new Error(`token eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.sig`))),
    ).not.toContain('eyJ');
  });
});
