import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from './openapi-operations';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { createUser, TEST_PASSWORD } from './test/factories';

const root = path.resolve(import.meta.dirname, '../../..');

let t: TestApp;
let document: Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
  );

describe('the OpenAPI document', () => {
  it('passes Redocly lint with the committed redocly.yaml: no errors, no warnings', async () => {
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const absoluteRef = path.join(root, 'openapi.json');
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef, config });
    const found = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(found).toEqual([]);
  });

  it('names every operation once, gives it a summary, a tag and the shared 4XX reply', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { route, method, operation } of operations()) {
      expect(operation.summary, `${method} ${route}`).toEqual(expect.any(String));
      expect((operation.tags as string[]).length, `${method} ${route}`).toBeGreaterThan(0);
      const refusal = (operation.responses as Record<string, { content: Record<string, { schema: unknown }> }>)['4XX'];
      expect(refusal?.content['application/json']?.schema, `${method} ${route}`).toMatchObject({
        required: ['success', 'error'],
      });
    }
  });

  it('lists the server from PUBLIC_URL', () => {
    expect(document.servers).toEqual([{ url: 'http://learnbuild.test' }]);
  });

  it('has no operation in OPERATIONS that the app does not serve (a renamed route leaves no stale name)', () => {
    const served = new Set(
      operations().map(({ route, method }) => `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(Object.keys(OPERATIONS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('documents success replies that match what the server really sends', async () => {
    const { auth, email } = await createUser(t.app, t.app.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(OPERATIONS['POST /api/auth/login']?.reply?.parse(login.json())).toEqual(login.json());
    const calls = [
      { key: 'GET /api/auth/me', url: '/api/auth/me' },
      { key: 'GET /api/dsa/progress/stats', url: '/api/dsa/progress/stats' },
      { key: 'GET /api/dsa/progress/activity', url: '/api/dsa/progress/activity' },
    ];
    for (const call of calls) {
      const reply = await t.app.inject({ method: 'GET', url: call.url, headers: auth });
      expect(reply.statusCode).toBe(200);
      const schema = OPERATIONS[call.key]?.reply;
      // Parsing strips unknown keys, so equality means the contract names every field the server sends.
      expect(schema?.parse(reply.json()), call.key).toEqual(reply.json());
    }
  });
});

describe('a client generated from the document', () => {
  it('typechecks a login, a stats read and a refusal, and rejects a call the document does not allow', async () => {
    const types = astToString(await openapiTS(JSON.stringify(document)));
    const dir = mkdtempSync(path.join(tmpdir(), 'learnbuild-client-'));
    try {
      writeFileSync(path.join(dir, 'api.ts'), types);
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type LoginBody = Json<NonNullable<paths['/api/auth/login']['post']['requestBody']>>;
type LoginReply = Json<paths['/api/auth/login']['post']['responses'][200]>;
type Refusal = Json<paths['/api/auth/login']['post']['responses']['4XX']>;
type StatsReply = Json<paths['/api/dsa/progress/stats']['get']['responses'][200]>;

export async function login(baseUrl: string, body: LoginBody): Promise<string> {
  const reply = await fetch(baseUrl + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) {
    const refusal = (await reply.json()) as Refusal;
    throw new Error(refusal.error);
  }
  const signedIn = (await reply.json()) as LoginReply;
  return signedIn.token;
}

export async function solvedCount(baseUrl: string, token: string): Promise<number> {
  const reply = await fetch(baseUrl + '/api/dsa/progress/stats', { headers: { authorization: 'Bearer ' + token } });
  const { stats } = (await reply.json()) as StatsReply;
  return stats.completedProblems + stats.difficultyStats.Hard.completed;
}

export const valid: LoginBody = { email: 'student@demo.local', password: 'Demo1234!' };
// @ts-expect-error the document requires a password
export const missingPassword: LoginBody = { email: 'student@demo.local' };
`,
      );
      const tsc = path.join(root, 'node_modules/.bin/tsc');
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--lib', 'es2022,dom'];
      const result = spawnSync(tsc, [...args, path.join(dir, 'client.ts')], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
