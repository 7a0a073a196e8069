import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelayMs, LOGIN_ALERT, LOGIN_BACKOFF, memoryRateLimiter } from '../../lib/rate-limiter';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';

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
