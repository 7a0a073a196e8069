import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, LIMITS, LOGIN_ALERT, LOGIN_BACKOFF, memoryRateLimiter } from '../../lib/rate-limiter';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { freshAddresses } from '../../test/client-addresses';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { DEVICE_COOKIE_NAME, deviceCookieHeader, readDeviceCookie } from './device-cookie';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.mail.sent.length = 0;
});

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describe('login throttling (OWASP: slow the guesser, never lock out the owner)', () => {
  it('gives one address 5 tries at an account, then growing waits with Retry-After', async () => {
    const { email } = await createUser(t.app, t.database.db);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-password', '10.60.0.1')).statusCode).toBe(401);
    const held = await login(email, 'wrong-password', '10.60.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ success: false, error: LOGIN_BACKOFF.message });
    expect(held.headers['retry-after']).toBe('1');
    // The same address holds the right password back too, but only for the wait.
    expect((await login(email, TEST_PASSWORD, '10.60.0.1')).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(email, 'wrong-password', '10.60.0.1')).statusCode).toBe(401);
    const longer = await login(email, 'wrong-password', '10.60.0.1');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
  });

  it("lets the owner in from another address while a stranger's address is held", async () => {
    const { email } = await createUser(t.app, t.database.db);
    for (let i = 0; i < 12; i++) await login(email, 'wrong-password', '10.61.0.1');
    expect((await login(email, TEST_PASSWORD, '10.61.0.1')).statusCode).toBe(429);
    expect((await login(email, TEST_PASSWORD, '10.61.0.2')).statusCode).toBe(200);
  });

  it('forgets the waits of an address once the right password gets through', async () => {
    const { email } = await createUser(t.app, t.database.db);
    for (let i = 0; i < 5; i++) await login(email, 'wrong-password', '10.62.0.1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(email, TEST_PASSWORD, '10.62.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-password', '10.62.0.1')).statusCode).toBe(401);
  });

  it('mails the owner once when the account sees 10 failures within the hour, from any addresses', async () => {
    const { email } = await createUser(t.app, t.database.db);
    for (let i = 0; i < LOGIN_ALERT.failures * 2; i++) {
      expect((await login(email, `wrong-${i}`, `10.63.${i}.1`)).statusCode).toBe(401);
    }
    await t.app.mailWorker.runOnce();
    const alerts = t.mail.sent.filter((mail) => mail.to === email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('Failed login attempts on your LearnBuild account');
    expect(alerts[0]!.text).toContain('wrong password 10 times in the last hour');
    expect(alerts[0]!.text).toContain('Your account is not locked');
    expect(alerts[0]!.text).toContain('/forgot-password');
    // The mail names no password that was tried.
    expect(alerts[0]!.text).not.toContain('wrong-');
  });

  it('sends no alert for an address that has no account', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < LOGIN_ALERT.failures; i++) await login(email, 'wrong-password', `10.64.${i}.1`);
    await t.app.mailWorker.runOnce();
    expect(t.mail.sent.filter((mail) => mail.to === email)).toHaveLength(0);
  });
});

describe('growing delays in the limiter', () => {
  it('doubles the wait after the free tries, up to the ceiling', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 20, 40].map((n) => backoffDelayMs(n, LOGIN_BACKOFF));
    expect(waits).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000, 15 * 60_000, 15 * 60_000]);
  });

  it('refuses while the key waits and counts each allowed attempt, forgetting it after reset', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    const rule = { free: 2, baseDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000, message: 'Wait' };
    await limiter.attempt('k', rule);
    await limiter.attempt('k', rule);
    await expect(limiter.attempt('k', rule)).rejects.toMatchObject({ statusCode: 429, message: 'Wait' });
    now += 1000;
    await limiter.attempt('k', rule);
    now += 1999;
    await expect(limiter.attempt('k', rule)).rejects.toMatchObject({ headers: { 'retry-after': '1' } });
    now += 1;
    await limiter.attempt('k', rule);
    await limiter.attempt('other', rule);
    await limiter.reset('k');
    await limiter.attempt('k', rule);
    await limiter.attempt('k', rule);
    // Forgotten after an hour of quiet.
    now += 60_001;
    await limiter.attempt('k', rule);
    await limiter.attempt('k', rule);
  });
});

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const UNKNOWN_DEVICES_REFUSAL = {
  success: false,
  error:
    'Too many failed logins to this account from new devices. Sign in from a device you used before, or try again later',
};

/** `name=value` of the device cookie a reply sets, as a browser would send it back. */
function deviceCookieOf(reply: { headers: Record<string, unknown> }): string {
  const header = String(reply.headers['set-cookie'] ?? '');
  expect(header.startsWith(`${DEVICE_COOKIE_NAME}=`)).toBe(true);
  return header.split(';')[0]!;
}

describe('device cookies (OWASP): known devices keep their pace, unknown ones share a budget per account', () => {
  const address = freshAddresses(65);
  const loginFrom = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address(),
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });

  it('sets a signed, HttpOnly, SameSite=Lax device cookie for /api/auth on a successful login only', async () => {
    const { user, email } = await createUser(t.app, t.database.db);
    expect((await loginFrom(email, 'wrong-password')).headers['set-cookie']).toBeUndefined();
    const reply = await loginFrom(email, TEST_PASSWORD);
    expect(reply.statusCode).toBe(200);
    const header = String(reply.headers['set-cookie']);
    expect(header).toMatch(
      new RegExp(
        `^lb_device=${user.id}\\.[\\w-]{22}\\.[\\w-]{43}; Path=/api/auth; Max-Age=31536000; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(readDeviceCookie(SECRET, deviceCookieOf(reply))).toEqual({ userId: user.id, nonce: expect.any(String) });
    // Each sign-in gives a new nonce.
    expect(deviceCookieOf(await loginFrom(email, TEST_PASSWORD))).not.toBe(deviceCookieOf(reply));
  });

  it('marks the cookie Secure when the public URL is https', () => {
    const secure = deviceCookieHeader({ jwtSecret: SECRET, publicUrl: 'https://learnbuild.example' }, 'u1');
    expect(secure.split('; ')).toContain('Secure');
    const plain = deviceCookieHeader({ jwtSecret: SECRET, publicUrl: 'http://localhost:3000' }, 'u1');
    expect(plain.split('; ')).not.toContain('Secure');
  });

  it('reads only a cookie whose signature holds under this secret', () => {
    const cookie = deviceCookieHeader({ jwtSecret: SECRET, publicUrl: 'http://x' }, 'user-1').split(';')[0]!;
    const [, value] = cookie.split('=') as [string, string];
    const [userId, nonce, signed] = value.split('.') as [string, string, string];
    expect(readDeviceCookie(SECRET, `theme=dark; ${cookie}`)).toEqual({ userId, nonce });
    for (const forged of [
      `lb_device=user-2.${nonce}.${signed}`,
      `lb_device=${userId}.${nonce}x.${signed}`,
      `lb_device=${userId}.${nonce}.${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`,
      `lb_device=${userId}.${nonce}`,
      'lb_device=',
      'other=1',
    ]) {
      expect(readDeviceCookie(SECRET, forged)).toBeNull();
    }
    expect(readDeviceCookie('another-secret-that-is-long-enough-for-hs256', cookie)).toBeNull();
  });

  // Changes the first character, which always changes the decoded bytes (a changed last character may
  // only touch padding bits, and a fixed replacement may equal what was there).
  const altered = (part: string) => (part[0] === 'A' ? 'B' : 'A') + part.slice(1);

  it("refuses a guess spread over 40 addresses after the account's budget, while the owner's device signs in at once", async () => {
    const { email } = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    const ownerDevice = deviceCookieOf(await loginFrom(email, TEST_PASSWORD));
    const othersDevice = deviceCookieOf(await loginFrom(other.email, TEST_PASSWORD));

    // 200 wrong passwords, 5 from each of 40 addresses: no address is ever held by its own limits.
    const attackers = Array.from({ length: 40 }, (_, i) => `10.66.${i}.1`);
    const replies = [];
    for (let i = 0; i < 200; i++) {
      replies.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: attackers[i % 40],
          payload: { email, password: `guess-${i}` },
        }),
      );
    }
    const budget = LIMITS.loginUnknownDevicesPerAccount.limit;
    expect(budget).toBe(20);
    expect(replies.slice(0, budget).map((r) => r.statusCode)).toEqual(Array(budget).fill(401));
    for (const refused of replies.slice(budget)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(UNKNOWN_DEVICES_REFUSAL);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }

    // An unknown device with the right password gets the same refusal: the guesser learns nothing.
    const rightButUnknown = await loginFrom(email, TEST_PASSWORD);
    expect(rightButUnknown.statusCode).toBe(429);
    expect(rightButUnknown.json()).toEqual(UNKNOWN_DEVICES_REFUSAL);
    expect(rightButUnknown.headers['set-cookie']).toBeUndefined();

    // A forged or altered cookie, or another account's genuine one, is an unknown device.
    const [name, value] = ownerDevice.split('=') as [string, string];
    const [ownerId, nonce, signed] = value.split('.') as [string, string, string];
    for (const cookie of [
      `${name}=${ownerId}.${nonce}.${altered(signed)}`,
      `${name}=${ownerId}.${altered(nonce)}.${signed}`,
      `${name}=${other.user.id}.${nonce}.${signed}`,
      othersDevice,
    ]) {
      const reply = await loginFrom(email, TEST_PASSWORD, cookie);
      expect(reply.statusCode, cookie).toBe(429);
      expect(reply.json()).toEqual(UNKNOWN_DEVICES_REFUSAL);
    }

    // The owner's browser keeps its pace: a typo is a plain 401, the right password gets in at once,
    // even from one of the attackers' addresses.
    expect((await loginFrom(email, 'a typo', ownerDevice)).statusCode).toBe(401);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: attackers[0],
      headers: { cookie: ownerDevice },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
    // The other account's budget was never touched.
    expect((await loginFrom(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('refuses a device cookie itself after 10 failures, leaving the other devices alone; a success clears it', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const guessed = deviceCookieOf(await loginFrom(email, TEST_PASSWORD));
    const laptop = deviceCookieOf(await loginFrom(email, TEST_PASSWORD));

    // Nine failures, then the right password: the count starts again.
    for (let i = 0; i < 9; i++) expect((await loginFrom(email, 'wrong-password', guessed)).statusCode).toBe(401);
    expect((await loginFrom(email, TEST_PASSWORD, guessed)).statusCode).toBe(200);

    const limit = LIMITS.loginPerKnownDevice.limit;
    expect(limit).toBe(10);
    for (let i = 0; i < limit; i++) expect((await loginFrom(email, 'wrong-password', guessed)).statusCode).toBe(401);
    const held = await loginFrom(email, TEST_PASSWORD, guessed);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ success: false, error: LIMITS.loginPerKnownDevice.message });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's other device, and a new device (the account's shared budget is untouched), still sign in.
    expect((await loginFrom(email, TEST_PASSWORD, laptop)).statusCode).toBe(200);
    expect((await loginFrom(email, TEST_PASSWORD)).statusCode).toBe(200);
  }, 60_000);
});

describe('device cookies: the refusal of unknown devices ends with its window', () => {
  let clocked: TestApp;
  beforeAll(async () => {
    // Only Date is faked, before the app is built, so its in-memory limiter reads this clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    clocked = await buildTestApp({ redisUrl: undefined });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await clocked.close();
  });

  it("lets the owner's new device in once the window has passed", async () => {
    const { email } = await createUser(clocked.app, clocked.database.db);
    const address = freshAddresses(67);
    const login = (password: string) =>
      clocked.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address(),
        payload: { email, password },
      });
    for (let i = 0; i < LIMITS.loginUnknownDevicesPerAccount.limit; i++) {
      expect((await login(`guess-${i}`)).statusCode).toBe(401);
    }
    const refused = await login(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));

    vi.setSystemTime(Date.now() + 15 * 60_000 - 1_000);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1_000);
    const newDevice = await login(TEST_PASSWORD);
    expect(newDevice.statusCode).toBe(200);
    expect(deviceCookieOf(newDevice)).toMatch(/^lb_device=/);
  }, 60_000);
});
