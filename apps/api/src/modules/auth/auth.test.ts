import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authTokens, contactMessages, mailOutbox, sessions, users } from '../../db/schema';
import { SESSION_CACHE_MS } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { freshAddresses } from '../../test/client-addresses';
import { createUser, readResetToken, readVerificationMail, TEST_PASSWORD } from '../../test/factories';
import {
  FORGOT_MESSAGE,
  INVALID_CODE_MESSAGE,
  NO_PASSWORD_KEPT_MESSAGE,
  REGISTER_MESSAGE,
  RESEND_MESSAGE,
} from './service';

let t: TestApp;
const freshIp = freshAddresses(0);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.mail.sent.length = 0;
  t.mail.state.failing = false;
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshIp() });

async function deliverMail() {
  await t.app.mailWorker.runOnce();
  return t.mail.sent;
}

async function registerAndReadMail(overrides: Record<string, unknown> = {}) {
  const email = `new-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const reply = await post('/api/auth/register', { name: 'New Learner', email, password: TEST_PASSWORD, ...overrides });
  expect(reply.statusCode).toBe(201);
  const mails = await deliverMail();
  const mail = mails.find((m) => m.to === email);
  expect(mail).toBeDefined();
  return { email, reply, ...readVerificationMail(mail!.text) };
}

const weakPasswords = (email: string) =>
  [
    ['7 characters', 'Ab1!xyz', 'Password must be at least 8 characters'],
    ['129 characters', 'a'.repeat(129), 'Password must be at most 128 characters'],
    ['a common password', 'password123', 'This password is too common. Choose a less predictable one.'],
    ['the email', email.toUpperCase(), 'Your password cannot be your email address.'],
  ] as const;

describe('register', () => {
  it('creates an unverified Student and mails a 6-digit code and a /verify-email link', async () => {
    const { email, reply, otp, linkToken } = await registerAndReadMail();
    expect(reply.json()).toEqual({ success: true, message: REGISTER_MESSAGE });
    expect(otp).toMatch(/^\d{6}$/);
    expect(linkToken.length).toBeGreaterThan(20);
    expect(t.mail.sent.at(-1)!.text).toContain(`http://learnbuild.test/verify-email/${linkToken}`);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'Student', emailVerifiedAt: null });
  });

  it('refuses to create an Admin', async () => {
    const email = `admin-${Date.now()}@example.com`;
    const reply = await post('/api/auth/register', { name: 'Sneaky', email, password: TEST_PASSWORD, role: 'Admin' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ success: false, error: 'Admin accounts cannot be created by registration' });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('turns a request for Instructor into a pending application at verification, never the role', async () => {
    const { email, otp } = await registerAndReadMail({ role: 'Instructor' });
    const [before] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(before!.role).toBe('Student');
    const reply = await post('/api/auth/verify-otp', { email, otp });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      instructorApplicationCreated: true,
      user: { role: 'pending_instructor' },
    });
    expect(reply.json().message).toContain('24 to 48 hours');
  });

  it('treats wantsToBeInstructor the same way', async () => {
    const { email, otp } = await registerAndReadMail({ wantsToBeInstructor: true });
    const reply = await post('/api/auth/verify-otp', { email, otp });
    expect(reply.json().instructorApplicationCreated).toBe(true);
    expect(reply.json().user.instructorApplication.status).toBe('pending');
  });

  it('gives the same reply for an address that already has an account and tells its owner by mail', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const reply = await post('/api/auth/register', { name: 'Someone', email, password: 'another long passphrase' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ success: true, message: REGISTER_MESSAGE });
    const mails = await deliverMail();
    expect(mails.find((m) => m.to === email)?.subject).toBe('Someone tried to sign up with your email');
    const login = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['a password of 7 characters', 'Ab1!xyz', 'Password must be at least 8 characters'],
    ['a password of 129 characters', 'a'.repeat(129), 'Password must be at most 128 characters'],
    ['a common password', 'password123', 'This password is too common. Choose a less predictable one.'],
  ])('refuses %s', async (_label, password, error) => {
    const reply = await post('/api/auth/register', { name: 'X', email: `p-${Math.random()}@example.com`, password });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(error);
  });

  it('refuses a password equal to the email', async () => {
    const email = `same-${Date.now()}@example.com`;
    const reply = await post('/api/auth/register', { name: 'X', email, password: email });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('Your password cannot be your email address.');
  });

  it('accepts 8 and 128 characters of any kind', async () => {
    // Characters are code points: each owl is one character though it takes two UTF-16 units.
    for (const [password, characters] of [
      ['ünï©ødé✓', 8],
      ['🦉'.repeat(8), 8],
      [`${'z'.repeat(123)} 🦉🦉🦉🦉`, 128],
      ['🦉'.repeat(128), 128],
    ] as const) {
      expect(Array.from(password)).toHaveLength(characters);
      const reply = await post('/api/auth/register', { name: 'X', email: `ok-${Math.random()}@example.com`, password });
      expect(reply.statusCode, password).toBe(201);
    }
  });

  it.each([
    ['7 emoji', '🦉'.repeat(7), 'Password must be at least 8 characters'],
    ['129 emoji', '🦉'.repeat(129), 'Password must be at most 128 characters'],
  ])('counts characters, not UTF-16 units: refuses %s', async (_label, password, error) => {
    const reply = await post('/api/auth/register', { name: 'X', email: `cp-${Math.random()}@example.com`, password });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(error);
  });

  it('stores the password as an argon2id hash', async () => {
    const { email } = await registerAndReadMail();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('keeps the password of a repeated sign-up with the same password', async () => {
    const email = `again-${Date.now()}@example.com`;
    await post('/api/auth/register', { name: 'Twice', email, password: TEST_PASSWORD });
    await post('/api/auth/register', { name: 'Twice', email, password: TEST_PASSWORD });
    const mails = await deliverMail();
    const { otp } = readVerificationMail(mails.filter((m) => m.to === email).at(-1)!.text);
    const verified = await post('/api/auth/verify-otp', { email, otp });
    expect(verified.json().message).toBe('Email verified. Welcome to LearnBuild!');
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps neither password when an unverified address is signed up again with another one', async () => {
    const email = `contested-${Date.now()}@example.com`;
    await post('/api/auth/register', { name: 'Owner', email, password: 'the owner passphrase' });
    await post('/api/auth/register', { name: 'Stranger', email, password: 'the stranger passphrase' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBeNull();
    // Neither sign-up can log in, before or after the mailbox owner verifies.
    const strangerLogin = await post('/api/auth/login', { email, password: 'the stranger passphrase' });
    expect(strangerLogin.json()).toEqual({ success: false, error: 'Invalid email or password' });
    const mails = await deliverMail();
    const { otp } = readVerificationMail(mails.filter((m) => m.to === email).at(-1)!.text);
    const verified = await post('/api/auth/verify-otp', { email, otp });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(`Email verified. Welcome to LearnBuild! ${NO_PASSWORD_KEPT_MESSAGE}`);
    for (const password of ['the stranger passphrase', 'the owner passphrase'])
      expect((await post('/api/auth/login', { email, password })).statusCode, password).toBe(401);
    // A third sign-up after verification changes nothing either.
    await post('/api/auth/register', { name: 'Stranger', email, password: 'the stranger passphrase' });
    expect((await post('/api/auth/login', { email, password: 'the stranger passphrase' })).statusCode).toBe(401);
  });

  it('writes the mail in the same transaction as its account and code: a failed mail leaves neither', async () => {
    const db = t.database.db;
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(sql`create trigger refuse_mail before insert on mail_outbox
      for each row execute function refuse_mail()`);
    try {
      const email = `atomic-${Date.now()}@example.com`;
      const reply = await post('/api/auth/register', { name: 'Atomic', email, password: TEST_PASSWORD });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({ success: false, error: 'Something went wrong on our side' });
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

      const { user, email: known } = await createUser(t.app, db);
      const forgot = await post('/api/auth/forgot-password', { email: known });
      expect(forgot.statusCode).toBe(500);
      expect(await db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
    // With the outbox back, the same registration goes through with its mail.
    await registerAndReadMail();
  });

  it('limits registrations per IP with 429 and Retry-After', async () => {
    const remoteAddress = '10.99.0.1';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: { name: 'X', email: `burst-${i}-${Date.now()}@example.com`, password: TEST_PASSWORD },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().success).toBe(false);
  });
});

describe('registrations per address', () => {
  const signUp = (app: TestApp['app'], n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Crowd', email: `crowd-${n}-${Math.random()}@example.com`, password: TEST_PASSWORD },
      remoteAddress: '10.9.9.9',
    });

  it('refuses the 11th sign-up from one address within the hour with 429 by default', async () => {
    for (let n = 1; n <= 10; n += 1) expect((await signUp(t.app, n)).statusCode).toBe(201);
    const refused = await signUp(t.app, 11);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many registrations from this network, please try again later',
    });
  });

  it('allows as many as REGISTRATIONS_PER_HOUR says', async () => {
    const roomy = await buildTestApp({ registrationsPerHour: 12 });
    try {
      for (let n = 1; n <= 12; n += 1) expect((await signUp(roomy.app, n)).statusCode).toBe(201);
      expect((await signUp(roomy.app, 13)).statusCode).toBe(429);
    } finally {
      await roomy.close();
    }
  });
});

describe('verify', () => {
  it('signs the user in with a token that works on /me', async () => {
    const { email, otp } = await registerAndReadMail();
    const reply = await post('/api/auth/verify-otp', { email, otp });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      success: true,
      instructorApplicationCreated: false,
      user: { email, emailVerified: true, role: 'Student' },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json()).toMatchObject({ success: true, user: { email } });
  });

  it('uses a code once', async () => {
    const { email, otp } = await registerAndReadMail();
    expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-otp', { email, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: INVALID_CODE_MESSAGE });
  });

  const wrongCodes = (otp: string, count: number) =>
    Array.from({ length: count }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));

  it('still takes the right code as the fifth try', async () => {
    const { email, otp } = await registerAndReadMail();
    for (const wrong of wrongCodes(otp, 4)) {
      const reply = await post('/api/auth/verify-otp', { email, otp: wrong });
      expect(reply.json()).toEqual({ success: false, error: INVALID_CODE_MESSAGE });
    }
    expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(200);
  });

  it('invalidates the code after 5 wrong tries', async () => {
    const { email, otp } = await registerAndReadMail();
    for (const wrong of wrongCodes(otp, 5)) {
      const reply = await post('/api/auth/verify-otp', { email, otp: wrong });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ success: false, error: INVALID_CODE_MESSAGE });
    }
    const right = await post('/api/auth/verify-otp', { email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ success: false, error: INVALID_CODE_MESSAGE });
  });

  it('holds the 5 tries against parallel guesses: the right code after them is refused', async () => {
    const { email, otp } = await registerAndReadMail();
    const replies = await Promise.all(
      wrongCodes(otp, 20).map((wrong) => post('/api/auth/verify-otp', { email, otp: wrong })),
    );
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([400]));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [token] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
    expect(token!.failedAttempts).toBe(5);
    const right = await post('/api/auth/verify-otp', { email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe(INVALID_CODE_MESSAGE);
  });

  it('gives one reply for unknown, verified and unverified addresses', async () => {
    const unverified = await registerAndReadMail();
    const verified = await registerAndReadMail();
    expect((await post('/api/auth/verify-otp', { email: verified.email, otp: verified.otp })).statusCode).toBe(200);
    const guess = (otp: string) => wrongCodes(otp, 1)[0]!;
    const replies = await Promise.all([
      post('/api/auth/verify-otp', { email: `nobody-${Date.now()}@example.com`, otp: '123456' }),
      post('/api/auth/verify-otp', { email: unverified.email, otp: guess(unverified.otp) }),
      post('/api/auth/verify-otp', { email: verified.email, otp: verified.otp }),
      post('/api/auth/verify-otp', { email: verified.email, otp: guess(verified.otp) }),
    ]);
    for (const reply of replies) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ success: false, error: INVALID_CODE_MESSAGE });
    }
  });

  it('limits code tries per IP to 30 in 15 minutes with 429 and Retry-After', async () => {
    const remoteAddress = '10.66.0.1';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        remoteAddress,
        payload: { email: `spray-${i}@example.com`, otp: '123456' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(last!.json()).toEqual({ success: false, error: 'Too many attempts, please try again later' });
  });

  it('refuses a code older than 10 minutes', async () => {
    const { email, otp } = await registerAndReadMail();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user!.id));
    const reply = await post('/api/auth/verify-otp', { email, otp });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(INVALID_CODE_MESSAGE);
  });

  it('sets the code to expire 10 minutes after it was sent', async () => {
    const { email } = await registerAndReadMail();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [token] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
    const minutes = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 0);
  });

  it('verifies through the mailed link, once', async () => {
    const { email, linkToken } = await registerAndReadMail();
    const reply = await post(`/api/auth/verify-email/${linkToken}`, {});
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ user: { email, emailVerified: true } });
    expect(typeof reply.json().token).toBe('string');
    expect((await post(`/api/auth/verify-email/${linkToken}`, {})).statusCode).toBe(400);
  });

  it('resend gives the same reply for known and unknown addresses and replaces the old code', async () => {
    const { email, otp: first } = await registerAndReadMail();
    const known = await post('/api/auth/resend-verification', { email });
    const unknown = await post('/api/auth/resend-verification', { email: `nobody-${Date.now()}@example.com` });
    expect(known.json()).toEqual({ success: true, message: RESEND_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const mails = await deliverMail();
    const second = readVerificationMail(mails.filter((m) => m.to === email).at(-1)!.text).otp;
    if (second !== first) expect((await post('/api/auth/verify-otp', { email, otp: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('resend has a 60 s cooldown per address', async () => {
    const email = `cool-${Date.now()}@example.com`;
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    const again = await post('/api/auth/resend-verification', { email });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({ success: false, error: 'Please wait a minute before asking for another code' });
  });
});

describe('login and sessions', () => {
  it('returns success, user and token', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const reply = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, user: { email, role: 'Student' } });
    expect(typeof reply.json().token).toBe('string');
  });

  it('accepts the email in any case', async () => {
    const { email } = await createUser(t.app, t.database.db);
    expect((await post('/api/auth/login', { email: email.toUpperCase(), password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: `ghost-${Date.now()}@example.com`, password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an unverified account with a message that offers the code screen', async () => {
    const { email } = await registerAndReadMail();
    const reply = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error).toContain('verify your email');
  });

  it('keeps a rememberMe session 30 days and a plain one about a day', async () => {
    const { email } = await createUser(t.app, t.database.db);
    for (const [rememberMe, days] of [
      [true, 30],
      [false, 1],
    ] as const) {
      const reply = await post('/api/auth/login', { email, password: TEST_PASSWORD, rememberMe });
      const claims = JSON.parse(Buffer.from(reply.json().token.split('.')[1], 'base64url').toString()) as {
        sid: string;
        exp: number;
      };
      const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, claims.sid));
      const lifetimeDays = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 86_400_000;
      expect(lifetimeDays).toBeCloseTo(days, 1);
      expect(claims.exp * 1000).toBeCloseTo(session!.expiresAt.getTime(), -4);
    }
  });

  it("never refuses the owner's right password on a known device because of a stranger's failures elsewhere", async () => {
    const { email } = await createUser(t.app, t.database.db);
    const earlier = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    const deviceCookie = String(earlier.headers['set-cookie']).split(';')[0]!;
    // 40 wrong passwords from 40 other addresses: the account's budget for new devices (20) runs out.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post('/api/auth/login', { email, password: 'wrong-password' })).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(20).fill(429)]);
    const right = await post('/api/auth/login', { email, password: TEST_PASSWORD }, { cookie: deviceCookie });
    expect(right.statusCode).toBe(200);
  });

  it('counts parallel logins from one address before checking them: 5 are checked, the rest wait', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const passwords = [...Array(40).fill('wrong-password'), TEST_PASSWORD];
    const replies = await Promise.all(
      passwords.map((password) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.56.0.1',
          payload: { email, password },
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(36);
    expect(replies.at(-1)!.json().success).toBe(false);
    expect(replies.at(-1)!.headers['retry-after']).toBeDefined();
    // The owner elsewhere is not held up by any of it.
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('does not count successful logins against the per-IP limit', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.55.0.1',
        payload: { email, password: TEST_PASSWORD },
      });
      statuses.push(reply.statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('limits failed logins per IP to 30 in 15 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.55.0.2',
        payload: { email: `spray-${i}@example.com`, password: 'guess-guess' },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('answers /me with 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bad' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().success).toBe(false);
  });

  it('logout ends the session: the token no longer works', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(out.json()).toEqual({ success: true, message: 'You have been logged out' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('a session revoked behind the API stops working once its cached check is a minute old', async () => {
    expect(SESSION_CACHE_MS).toBe(60_000);
    const { auth, user } = await createUser(t.app, t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    // Trusted from the cache inside the minute (nothing told this instance)...
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    // ...and checked against the database again after it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 100);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout-all ends every session of the user', async () => {
    const { email, auth } = await createUser(t.app, t.database.db);
    const other = (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json().token;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: auth });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${other}` } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('gives the same reply for known and unknown addresses and mails a link only to the known one', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: `nobody-${Date.now()}@example.com` });
    expect(known.json()).toEqual({ success: true, message: FORGOT_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const mails = await deliverMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://learnbuild.test/reset-password/');
  });

  it('resets once, ends every session and lets the new password in', async () => {
    const { email, auth } = await createUser(t.app, t.database.db);
    await post('/api/auth/forgot-password', { email });
    const token = readResetToken((await deliverMail()).at(-1)!.text);
    const reset = await post(`/api/auth/reset-password/${token}`, { password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'a brand new passphrase' })).statusCode).toBe(200);
    const again = await post(`/api/auth/reset-password/${token}`, { password: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This reset link is invalid or has expired');
  });

  it('refuses a link older than 1 hour', async () => {
    const { email, user } = await createUser(t.app, t.database.db);
    await post('/api/auth/forgot-password', { email });
    const token = readResetToken((await deliverMail()).at(-1)!.text);
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.userId, user.id));
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'a brand new passphrase' })).statusCode).toBe(
      400,
    );
  });

  it('has a 60 s cooldown per address', async () => {
    const { email } = await createUser(t.app, t.database.db);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const again = await post('/api/auth/forgot-password', { email });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({
      success: false,
      error: 'Please wait a minute before asking for another reset email',
    });
  });

  it('limits forgot-password to 20 per IP an hour', async () => {
    const remoteAddress = '10.66.0.2';
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 21; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: `forgot-${i}-${Date.now()}@example.com` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(last!.json()).toEqual({ success: false, error: 'Too many requests, please try again later' });
  });

  it('applies the password rules to a reset and keeps the link for a good password', async () => {
    const { email } = await createUser(t.app, t.database.db);
    await post('/api/auth/forgot-password', { email });
    const token = readResetToken((await deliverMail()).at(-1)!.text);
    for (const [label, password, error] of weakPasswords(email)) {
      const reply = await post(`/api/auth/reset-password/${token}`, { password });
      expect(reply.statusCode, label).toBe(400);
      expect(reply.json(), label).toMatchObject({ success: false, error });
    }
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'a sound new passphrase' })).statusCode).toBe(
      200,
    );
  });
});

describe('profile', () => {
  it('changes the name', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const reply = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: auth,
      payload: { name: '  Grace Hopper ' },
    });
    expect(reply.json()).toMatchObject({ success: true, user: { name: 'Grace Hopper' } });
  });

  it('applies the password rules to a password change and stores argon2id', async () => {
    const { email, auth, user } = await createUser(t.app, t.database.db);
    for (const [label, newPassword, error] of weakPasswords(email)) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: auth,
        payload: { currentPassword: TEST_PASSWORD, newPassword },
      });
      expect(reply.statusCode, label).toBe(400);
      expect(reply.json(), label).toMatchObject({ success: false, error });
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: '🦉'.repeat(128) },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await post('/api/auth/login', { email, password: '🦉'.repeat(128) })).statusCode).toBe(200);
  });

  it('changes the password only with the current one and ends other sessions', async () => {
    const { email, auth } = await createUser(t.app, t.database.db);
    const other = (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json().token;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: 'nope', newPassword: 'fresh passphrase here' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is incorrect');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase here' },
    });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().token).toBe('string');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${other}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${ok.json().token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('deletes the account with its data', async () => {
    const { auth, user, email } = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    const message = { name: 'Me', subject: 'A question', message: 'A question about my streak.' };
    // One message sent signed in, one sent signed out with the same address, one by someone else.
    for (const [headers, from] of [
      [auth, email],
      [{}, email],
      [other.auth, other.email],
    ] as const) {
      const sent = await post('/api/contact', { ...message, email: from }, headers);
      expect(sent.statusCode).toBe(201);
    }
    // A reset mail still waiting in the outbox (delivery fails), and one to someone else.
    t.mail.state.failing = true;
    await post('/api/auth/forgot-password', { email });
    await post('/api/auth/forgot-password', { email: other.email });
    await deliverMail();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).not.toHaveLength(0);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: auth,
      payload: { password: 'wrong' },
    });
    expect(refused.statusCode).toBe(400);
    const reply = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: auth,
      payload: { password: TEST_PASSWORD },
    });
    expect(reply.json().success).toBe(true);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    const messages = await t.database.db.select().from(contactMessages);
    expect(messages.filter((m) => m.email === email || m.userId === user.id)).toHaveLength(0);
    expect(messages.filter((m) => m.email === other.email)).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, other.email))).toHaveLength(1);
  });

  it.each([
    ['POST', '/api/auth/change-password'],
    ['PATCH', '/api/auth/profile'],
    ['POST', '/api/auth/avatar'],
    ['DELETE', '/api/auth/account'],
    ['POST', '/api/auth/logout-all'],
  ] as const)('refuses %s %s without a session', async (method, url) => {
    const reply = await t.app.inject({ method, url, payload: {} });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
  });
});

function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = '----learnbuildtestboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// A whole 1×1 PNG: pictures are decoded on upload, and one with a broken checksum is refused.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082',
  'hex',
);

describe('avatar', () => {
  it('stores a real image and serves it', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const form = multipart('avatar', 'me.png', PNG);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode).toBe(200);
    const pic = reply.json().user.profilePic as string;
    expect(pic).toMatch(/^\/media\/avatars\/[\w-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: pic });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type by content, not by name', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const form = multipart('avatar', 'evil.png', Buffer.from('<script>alert(1)</script>'));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('The picture must be a PNG, JPEG, GIF or WebP image');
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const form = multipart('avatar', 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().success).toBe(false);
  });
});
