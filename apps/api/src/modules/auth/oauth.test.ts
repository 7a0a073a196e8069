import { and, eq, isNull } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../db/schema';
import { signSessionToken } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, readVerificationMail, TEST_PASSWORD } from '../../test/factories';
import { insertSession } from './queries';

let provider: OAuth2Server;
let t: TestApp;
let nextIdentity: { sub: string; email: string; email_verified: boolean; name: string };

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, nextIdentity);
  });
  t = await buildTestApp();
  Object.assign(t.config, {
    oidc: { issuer: provider.issuer.url!, clientId: 'learnbuild', clientSecret: 'secret', name: 'Test SSO' },
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

/** Walks the whole redirect dance: app → provider → app callback → auth-success → exchange. */
async function signInWithProvider(redirectTo?: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/start${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
  });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.origin).toBe(new URL(provider.issuer.url!).origin);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/oidc/callback');
  const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(back.statusCode).toBe(302);
  const success = back.headers.location as string;
  expect(success).toMatch(/^\/api\/auth\/success\?code=/);
  const screen = await t.app.inject({ method: 'GET', url: success });
  expect(screen.statusCode).toBe(302);
  const screenUrl = new URL(screen.headers.location as string, 'http://x');
  expect(screenUrl.pathname).toBe('/auth-success');
  const exchange = await t.app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { code: screenUrl.searchParams.get('code') },
  });
  return { exchange, next: screenUrl.searchParams.get('next') };
}

describe('OpenID Connect login', () => {
  it('lists the provider only when configured', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(reply.json()).toEqual({ success: true, providers: [{ id: 'oidc', name: 'Test SSO' }] });
  });

  it('creates a verified Student on first login and signs in with a token', async () => {
    nextIdentity = {
      sub: 'oidc-user-1',
      email: `oidc-${Date.now()}@example.com`,
      email_verified: true,
      name: 'Olive OIDC',
    };
    const { exchange, next } = await signInWithProvider('/dsa-sheet');
    expect(exchange.statusCode).toBe(200);
    expect(next).toBe('/dsa-sheet');
    expect(exchange.json()).toMatchObject({
      success: true,
      user: { email: nextIdentity.email, name: 'Olive OIDC', role: 'Student', emailVerified: true },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${exchange.json().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('links to an existing account by verified email', async () => {
    const existing = await createUser(t.app, t.database.db, 'Instructor');
    nextIdentity = { sub: 'oidc-user-2', email: existing.email, email_verified: true, name: 'Someone Else' };
    const { exchange } = await signInWithProvider();
    expect(exchange.json().user).toMatchObject({ id: existing.user.id, role: 'Instructor' });
    // The link holds even if the provider's email changes later.
    nextIdentity = { ...nextIdentity, email: `changed-${Date.now()}@example.com` };
    expect((await signInWithProvider()).exchange.json().user.id).toBe(existing.user.id);
    // The owner proved the address when verifying it, so the password stays.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes an unverified registration from whoever made it: its password, sessions and codes stop working', async () => {
    const email = `claimed-${Date.now()}@example.com`;
    const password = 'a stranger passphrase';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.3.0.1',
      payload: { name: 'Stranger', email, password, wantsToBeInstructor: true },
    });
    expect(registered.statusCode).toBe(201);
    await t.app.mailWorker.runOnce();
    const { linkToken } = readVerificationMail(t.mail.sent.filter((m) => m.to === email).at(-1)!.text);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    // No flow gives an unverified account a session; one made by hand stands for any that might exist.
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    const sessionId = await insertSession(t.database.db, user!.id, expiresAt, undefined);
    const stale = { authorization: `Bearer ${await signSessionToken(t.config.jwtSecret, sessionId, expiresAt)}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: stale })).statusCode).toBe(200);

    nextIdentity = { sub: 'oidc-owner-5', email, email_verified: true, name: 'Real Owner' };
    const { exchange } = await signInWithProvider();
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json().user).toMatchObject({
      id: user!.id,
      name: 'Real Owner',
      emailVerified: true,
      wantsToBeInstructor: false,
      role: 'Student',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.3.0.2',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ success: false, error: 'Invalid email or password' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: stale })).statusCode).toBe(401);
    const unused = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user!.id), isNull(authTokens.usedAt)));
    expect(unused).toHaveLength(0);
    const link = await t.app.inject({ method: 'POST', url: `/api/auth/verify-email/${linkToken}`, payload: {} });
    expect(link.json()).toEqual({ success: false, error: 'This verification link is invalid or has expired' });
    // The provider's own sign-in keeps working.
    expect((await signInWithProvider()).exchange.json().user.id).toBe(user!.id);
  });

  it('refuses an identity without a verified email and says why on the login screen', async () => {
    nextIdentity = {
      sub: 'oidc-user-3',
      email: `unverified-${Date.now()}@example.com`,
      email_verified: false,
      name: 'Nope',
    };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(back.headers.location).toBe(
      `/login?error=${encodeURIComponent('Your account at the provider has no verified email address')}`,
    );
  });

  it('refuses a callback with an unknown state', async () => {
    const back = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=forged' });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toMatch(/^\/login\?error=/);
  });

  it('uses a hand-off code once', async () => {
    nextIdentity = { sub: 'oidc-user-4', email: `once-${Date.now()}@example.com`, email_verified: true, name: 'Once' };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const code = new URL(back.headers.location as string, 'http://x').searchParams.get('code');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This sign-in link is invalid or has expired');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/auth/github/start' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().success).toBe(false);
  });
});
