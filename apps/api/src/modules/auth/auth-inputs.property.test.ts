import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

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
