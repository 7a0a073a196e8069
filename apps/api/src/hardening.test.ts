import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from './lib/rate-limiter';
import { MALFORMED_UPLOAD_MESSAGE } from './modules/auth/avatars';
import { MALFORMED_QUERY_MESSAGE, UNSAFE_TEXT_MESSAGE } from './plugins/input-guard';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { freshAddresses } from './test/client-addresses';
import { createUser } from './test/factories';

let t: TestApp;
let auth: { authorization: string };
const freshIp = freshAddresses(90);

beforeAll(async () => {
  t = await buildTestApp();
  auth = (await createUser(t.app, t.database.db)).auth;
});
afterAll(async () => {
  await t.close();
});

function expectRefusal(reply: { statusCode: number; json(): unknown }, status: number, error?: string) {
  expect(reply.statusCode).toBe(status);
  const body = reply.json() as { success: unknown; error: unknown };
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  if (error) expect(body.error).toBe(error);
}

describe('1 and 9: NUL characters and lone surrogates are refused everywhere with 400', () => {
  it.each([
    ['a query parameter', 'GET', '/api/dsa/problems?q=%00'],
    ['a query parameter (topic)', 'GET', '/api/dsa/problems?topic=a%00b'],
    ['a query parameter (step)', 'GET', '/api/dsa/problems?step=%00'],
    ['a path parameter', 'GET', '/api/subjects/%00'],
    ['the OAuth start redirectTo', 'GET', '/api/auth/oidc/start?redirectTo=%2Fdsa%00'],
  ])('in %s', async (_where, method, url) => {
    expectRefusal(
      await t.app.inject({ method: method as 'GET', url, remoteAddress: freshIp() }),
      400,
      UNSAFE_TEXT_MESSAGE,
    );
  });

  it.each([
    ['a NUL', 'Hello\u0000there'],
    ['a lone high surrogate', 'Hello \ud800 there'],
    ['a lone low surrogate', '\udc00 at the start'],
  ])('in a JSON body (%s), for anonymous and signed-in routes alike', async (_what, text) => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Rin', email: 'rin@example.com', subject: 'Hi there', message: text }),
    });
    expectRefusal(contact, 400, UNSAFE_TEXT_MESSAGE);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: text }),
    });
    expectRefusal(profile, 400, UNSAFE_TEXT_MESSAGE);
  });

  it('in an object key and deep inside arrays', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Rin', extra: [{ deep: [{ 'k\u0000ey': 1 }] }] }),
    });
    expectRefusal(reply, 400, UNSAFE_TEXT_MESSAGE);
  });

  it('in a CSV text body', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/dsa/progress/import?format=csv',
      headers: { ...auth, 'content-type': 'text/csv' },
      payload: 'slug,solved\ntwo-sum\u0000,true\n',
    });
    expectRefusal(reply, 400, UNSAFE_TEXT_MESSAGE);
  });

  it('keeps well-formed text: emoji (surrogate pairs), RTL and combining marks pass', async () => {
    const reply = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Zoë 🚀 مرحبا e\u0301' }),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user.name).toBe('Zoë 🚀 مرحبا e\u0301');
  });

  it('refuses a query string whose percent-encoding does not decode', async () => {
    for (const url of ['/api/dsa/problems?q=%ED%A0%80', '/api/dsa/problems?q=%c0%ae', '/api/dsa/problems?q=100%']) {
      expectRefusal(await t.app.inject({ method: 'GET', url, remoteAddress: freshIp() }), 400, MALFORMED_QUERY_MESSAGE);
    }
  });
});

describe('8: router-level refusals use the house error shape', () => {
  it.each([
    ['a lone surrogate encoded in the path', '/api/subjects/%ED%A0%80', 400],
    ['an overlong encoding in the path', '/api/subjects/%c0%ae', 400],
    ['a bare percent sign in the path', '/api/subjects/abc%', 400],
    ['a path parameter over 200 characters', `/api/subjects/${'a'.repeat(250)}`, 414],
  ])('%s', async (_what, url, status) => {
    const reply = await t.app.inject({ method: 'GET', url });
    expectRefusal(reply, status);
    expect(Object.keys(reply.json()).sort()).toEqual(['error', 'success']);
  });

  it('answers an unknown /api route with 404 in the same shape', async () => {
    expectRefusal(await t.app.inject({ method: 'DELETE', url: '/api/nothing/here' }), 404);
  });
});

describe('7: a malformed multipart upload is a 400, never a 500', () => {
  const head =
    'Content-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n';
  it.each([
    ['no boundary', 'multipart/form-data', `--abc\r\n${head}--abc--\r\n`],
    ['the wrong boundary', 'multipart/form-data; boundary=xyz', `--abc\r\n${head}--abc--\r\n`],
    ['a truncated body', 'multipart/form-data; boundary=abc', `--abc\r\n${head}`],
    ['a body cut inside the headers', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form'],
  ])('%s', async (_what, contentType, payload) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...auth, 'content-type': contentType },
      payload,
    });
    expectRefusal(reply, 400);
    expect([MALFORMED_UPLOAD_MESSAGE, 'Choose a picture to upload']).toContain(reply.json().error);
  });
});

describe('9: replies carrying a token or personal data are never cached', () => {
  it('sends Cache-Control: no-store on auth replies and signed-in replies', async () => {
    const { email } = await createUser(t.app, t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email, password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/auth/me', '/api/dsa/progress/export?format=json', '/api/dsa/progress/stats']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves anonymous public reads alone', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.headers['cache-control']).toBeUndefined();
  });
});

describe('10: one client cannot starve the server through an expensive public route', () => {
  it('answers 429 in the error shape past the per-IP limit on the problem list, while health still answers', async () => {
    const limit = t.config.expensiveReadsPerMinute;
    expect(limit).toBe(LIMITS.expensiveReadPerClient.limit);
    const replies = await Promise.all(
      Array.from({ length: limit + 10 }, () =>
        t.app.inject({ method: 'GET', url: '/api/dsa/problems', remoteAddress: '10.91.0.1' }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    const refused = replies.find((reply) => reply.statusCode === 429)!;
    expectRefusal(refused, 429, LIMITS.expensiveReadPerClient.message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.91.0.1' });
    expect(health.statusCode).toBe(200);
    // Another client is not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dsa/problems', remoteAddress: '10.91.0.2' })).statusCode,
    ).toBe(200);
  });
});

describe('5: OAuth start', () => {
  async function stateRows() {
    const result = await t.database.db.execute(sql`select count(*)::int as n from oauth_states`);
    return Number((result.rows[0] as { n: number }).n);
  }

  it('stores nothing for a provider that is not configured and says so with 404', async () => {
    const before = await stateRows();
    for (const provider of ['github', 'oidc']) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/start`, remoteAddress: freshIp() });
      expectRefusal(reply, 404, 'This sign-in provider is not configured');
    }
    expect(await stateRows()).toBe(before);
  });

  it('is limited per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.oauthStartPerIp.limit; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/auth/github/start', remoteAddress: '10.92.0.1' })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
  });
});
