import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { buildTestApp, memoryMailTransport, type TestApp } from './test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('foundation', () => {
  it('answers health with status ok', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: 'ok',
      database: { status: 'ok', latencyMs: expect.any(Number) },
      redis: { status: t.config.redisUrl ? 'ok' : 'not configured' },
    });
  });

  it('answers an unknown API route with 404 and the error shape', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error: 'No route for GET /api/does-not-exist' });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, error: 'Request body is not valid JSON' });
    expect(reply.body).not.toContain('at ');
  });

  it('answers an oversized body with 413', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ success: false, error: 'Request body is too large' });
  });

  it('answers a validation failure with 400, a sentence and details', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe('Enter a valid email address');
    expect(body.details[0]).toMatchObject({ message: 'Enter a valid email address' });
  });

  it('sends helmet security headers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(reply.headers['content-security-policy']).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    );
  });

  it('lets pages start workers of this origin but never evaluate code; only the code runner workers may', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/code-editor' })).headers['content-security-policy'];
    expect(page).toContain("worker-src 'self'");
    expect(page).toContain("script-src 'self';");
    expect(page).not.toContain('unsafe-eval');
    const js = await t.app.inject({ method: 'GET', url: '/assets/js-runner.worker-AbC_12-x.js' });
    expect(js.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self' 'unsafe-eval'");
    const python = await t.app.inject({ method: 'GET', url: '/assets/python-runner.worker-AbC_12-x.js?v=1' });
    expect(python.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'",
    );
    const other = await t.app.inject({ method: 'GET', url: '/assets/js-runner.worker-x.js/../index.js' });
    expect(other.headers['content-security-policy']).toBe(page);
  });

  it('sends the same security headers on refusals and on pages', async () => {
    for (const url of ['/api/no-such-route', '/api/dsa/progress/stats']) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBeGreaterThanOrEqual(400);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['strict-transport-security']).toContain('max-age=');
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('publishes OpenAPI at /api/docs with the auth calls', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const paths = Object.keys(reply.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/me', '/api/health']),
    );
  });

  it('serves the OpenAPI HTML UI at /api/docs', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<title>Swagger UI</title>');
    expect(reply.body).toContain('swagger-ui');
  });

  it('answers an unexpected error with 500, the error shape and no stack trace', async () => {
    const app = await buildApp({
      config: t.config,
      database: t.database,
      mailTransport: memoryMailTransport().transport,
      mailWorkerAutoStart: false,
      logger: false,
    });
    app.get('/api/test/throws', () => {
      throw new Error('connection to 10.0.0.7 refused in queries.ts');
    });
    app.get('/api/test/rejects', async () => {
      await Promise.resolve();
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    try {
      for (const url of ['/api/test/throws', '/api/test/rejects']) {
        const reply = await app.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(500);
        expect(reply.json(), url).toEqual({ success: false, error: 'Something went wrong on our side' });
        expect(reply.body).not.toMatch(/10\.0\.0\.7|queries\.ts|reading 'id'|\bat /);
      }
    } finally {
      await app.close();
    }
  });

  it('publishes the video channel URL for the popup', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(reply.json()).toEqual({ success: true, videoChannelUrl: t.config.videoChannelUrl });
  });
});

describe('config', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/lb-config-test' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mailFrom).toBe('LearnBuild <no-reply@localhost>');
    expect(config.seedDemo).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('stops on a malformed variable with a one-line message naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REGISTRATIONS_PER_HOUR: '0' })).toThrow(
      /^Invalid environment variable REGISTRATIONS_PER_HOUR: /,
    );
    expect(() => loadConfig({ EXPENSIVE_READS_PER_MINUTE: 'many' })).toThrow(/EXPENSIVE_READS_PER_MINUTE/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('turns demo seeding off by default with DATABASE_URL unless SEED_DEMO=1', () => {
    const base = { DATA_DIR: '/tmp/lb-config-test', DATABASE_URL: 'postgres://127.0.0.1/x' };
    expect(loadConfig(base).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/lb-config-test', SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});
