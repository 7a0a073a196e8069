import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { REGISTER_MESSAGE } from './service';

// Runs on PGlite by default and on a real PostgreSQL server with DATABASE_URL, where parallel
// transactions really race on the unique email.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('6: parallel registrations of one email', () => {
  it('all get the normal reply and leave one account, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `race-${round}-${Date.now()}@example.com`;
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            remoteAddress: `10.70.${round}.${i}`,
            payload: { name: `Racer ${i}`, email, password: TEST_PASSWORD },
          }),
        ),
      );
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBe(201);
        expect(reply.json()).toEqual({ success: true, message: REGISTER_MESSAGE });
      }
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });
});
