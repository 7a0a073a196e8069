import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const ENDPOINTS = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/verify-otp',
  '/api/auth/resend-verification',
  '/api/auth/forgot-password',
  '/api/auth/reset-password/some-token-value-1234',
  '/api/auth/verify-email/some-token-value-1234',
  '/api/auth/exchange',
  '/api/contact',
];

/** Payloads shaped like the real ones, with every field free to be anything. */
const almostValid = fc.record(
  {
    name: fc.oneof(fc.string(), fc.anything()),
    email: fc.oneof(fc.emailAddress(), fc.string(), fc.anything()),
    password: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
    otp: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.anything()),
    role: fc.oneof(fc.constantFrom('Student', 'Instructor', 'Admin', 'pending_instructor', 'ADMIN'), fc.anything()),
    wantsToBeInstructor: fc.anything(),
    rememberMe: fc.anything(),
    code: fc.anything(),
    subject: fc.anything(),
    message: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('auth inputs (property)', () => {
  it.each(ENDPOINTS)('%s never answers 500 and always uses the error shape', async (url) => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(almostValid, fc.anything()), async (body) => {
        n += 1;
        const payload = JSON.stringify(body) ?? 'null';
        const reply = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: `10.200.${n % 250}.${Math.floor(n / 250)}`,
        });
        expect(reply.statusCode).toBeLessThan(500);
        if (reply.statusCode >= 400) {
          const json = reply.json();
          expect(json.success).toBe(false);
          expect(typeof json.error).toBe('string');
        }
      }),
      { numRuns: 40 },
    );
  });
});

function expectErrorShape(reply: { statusCode: number; json(): { success?: unknown; error?: unknown } }) {
  expect(reply.statusCode).toBeLessThan(500);
  if (reply.statusCode >= 400) {
    expect(reply.json().success).toBe(false);
    expect(typeof reply.json().error).toBe('string');
  }
}

/** A profile update that also tries to set what only the server may set. */
const profileBody = fc.record(
  {
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 90 }), fc.anything()),
    role: fc.oneof(fc.constantFrom('Admin', 'Instructor', 'pending_instructor', 'ADMIN'), fc.anything()),
    email: fc.oneof(fc.emailAddress(), fc.anything()),
    emailVerified: fc.anything(),
    id: fc.oneof(fc.uuid(), fc.anything()),
    passwordHash: fc.anything(),
    profilePic: fc.anything(),
  },
  { requiredKeys: ['role'] },
);

describe('signed-in auth inputs (property)', () => {
  it('PATCH /api/auth/profile ignores a client-sent role and never answers 500', async () => {
    const { auth, user, email } = await createUser(t.app, t.database.db);
    let updated = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(profileBody, profileBody, fc.anything()), async (body) => {
        const reply = await t.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expectErrorShape(reply);
        if (reply.statusCode === 200) {
          updated += 1;
          expect(reply.json().user).toMatchObject({ id: user.id, email, role: 'Student', emailVerified: true });
        }
      }),
      { numRuns: 80 },
    );
    expect(updated).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'Student', email, passwordHash: user.passwordHash, profilePic: null });
  });

  it.each([
    ['POST', '/api/auth/change-password'],
    ['DELETE', '/api/auth/account'],
    ['POST', '/api/auth/logout-all'],
  ] as const)('%s %s never answers 500 for any body', async (method, url) => {
    const { auth, user } = await createUser(t.app, t.database.db);
    const body = fc.record(
      {
        currentPassword: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
        newPassword: fc.oneof(fc.string({ maxLength: 300 }), fc.anything()),
        password: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.anything()), async (payload) => {
        const reply = await t.app.inject({
          method,
          url,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expectErrorShape(reply);
        // logout-all ends the session the next run would need: sign in again.
        if (reply.statusCode === 200) {
          const login = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: TEST_PASSWORD },
          });
          auth.authorization = `Bearer ${login.json().token}`;
        }
      }),
      { numRuns: 30 },
    );
    // Random bodies never carried the current password, so the account and its password are unchanged.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it('token links never answer 500 for any token', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('reset-password', 'verify-email'),
        fc.string({ maxLength: 300 }),
        async (kind, token) => {
          const reply = await t.app.inject({
            method: 'POST',
            url: `/api/auth/${kind}/${encodeURIComponent(token)}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ password: 'a sound new passphrase' }),
            remoteAddress: `10.201.${token.length % 250}.${Math.floor(Math.random() * 250)}`,
          });
          expectErrorShape(reply);
          expect(reply.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: 60 },
    );
  });
});
