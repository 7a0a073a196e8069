import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { GITHUB_URLS } from './oauth';

/** Who the stand-in says is signed in at GitHub. */
const githubUser = { id: 4242, login: 'octo-learner', email: 'octo@example.com' };

/** A stand-in for github.com speaking the same OAuth endpoints, on loopback. */
async function startFakeGithub() {
  const fake = Fastify();
  const codes = new Map<string, string>();
  fake.get('/login/oauth/authorize', async (request, reply) => {
    const query = request.query as Record<string, string>;
    codes.set('code-1', query.client_id!);
    return reply.redirect(`${query.redirect_uri}?code=code-1&state=${encodeURIComponent(query.state!)}`);
  });
  fake.post('/login/oauth/access_token', async (request) => {
    const body = request.body as Record<string, string>;
    if (body.client_secret !== 'gh-secret' || !codes.has(body.code!)) return { error: 'bad_verification_code' };
    return { access_token: 'gh-token', token_type: 'bearer' };
  });
  fake.get('/user', async (request, reply) => {
    if (request.headers.authorization !== 'Bearer gh-token') return reply.status(401).send({});
    return { id: githubUser.id, login: githubUser.login, name: null, avatar_url: null };
  });
  fake.get('/user/emails', async () => [
    { email: 'old@example.com', primary: false, verified: false },
    { email: githubUser.email, primary: true, verified: true },
  ]);
  await fake.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

let fake: FastifyInstance;
let t: TestApp;
const original = { ...GITHUB_URLS };

beforeAll(async () => {
  fake = await startFakeGithub();
  const base = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  Object.assign(GITHUB_URLS, {
    authorize: `${base}/login/oauth/authorize`,
    token: `${base}/login/oauth/access_token`,
    api: base,
  });
  t = await buildTestApp({ github: { clientId: 'gh-client', clientSecret: 'gh-secret' } });
});
afterAll(async () => {
  Object.assign(GITHUB_URLS, original);
  await t.close();
  await fake.close();
});

describe('GitHub login', () => {
  it('is listed as a provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json().providers).toEqual([
      { id: 'github', name: 'GitHub' },
    ]);
  });

  async function signInWithGithub() {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/github/start' });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('client_id')).toBe('gh-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://learnbuild.test/api/auth/github/callback');
    const atGithub = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atGithub.headers.get('location')!);
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const code = new URL(back.headers.location as string, 'http://x').searchParams.get('code');
    return t.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } });
  }

  it('signs in with the primary verified email and the login as name', async () => {
    const exchange = await signInWithGithub();
    expect(exchange.json()).toMatchObject({
      success: true,
      user: { email: 'octo@example.com', name: 'octo-learner', role: 'Student' },
    });
  });

  it('takes an unverified registration of the address from whoever made it: its password stops working', async () => {
    Object.assign(githubUser, { id: 5151, login: 'octo-owner', email: `octo-${Date.now()}@example.com` });
    const password = 'a stranger passphrase';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Stranger', email: githubUser.email, password },
    });
    expect(registered.statusCode).toBe(201);
    const exchange = await signInWithGithub();
    expect(exchange.json()).toMatchObject({ success: true, user: { email: githubUser.email, emailVerified: true } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: githubUser.email, password },
    });
    expect(login.statusCode).toBe(401);
  });
});
