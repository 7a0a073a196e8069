import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from './modules/auth/queries';
import { seedCommunityCategories } from './modules/community/seed';
import { signSessionToken } from './plugins/auth';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { createUser } from './test/factories';

/**
 * Every JSON route of the OpenAPI document, so routes added later are covered without being listed:
 * hostile strings in every path parameter, query parameter and body field never give a 500, and
 * every refusal is {success:false, error}.
 */

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

let t: TestApp;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  // What the server seeds at every start and a valid body needs: a random but well-formed thread lands in a category.
  await seedCommunityCategories(t.database.db);
  adminId = (await createUser(t.app, t.database.db, 'Admin')).user.id;
});
afterAll(async () => {
  await t.close();
});

function jsonOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const content = operation.requestBody?.content ?? {};
      // The avatar upload takes multipart only; it has tests of its own for malformed bodies.
      if (Object.keys(content).length > 0 && !content['application/json']) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: content['application/json']
          ? Object.keys(content['application/json'].schema?.properties ?? {})
          : null,
      });
    }
  }
  return operations;
}

const MEGABYTE = 'x'.repeat(1024 * 1024);

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '\u0000',
      'abc\u0000def',
      '\ud800',
      'x\udfffy',
      '\udc00\ud800',
      '__proto__',
      'constructor',
      'prototype',
      '\u202egnp.exe',
      'مرحبا بالعالم \u200f',
      'e\u0301\u0302\u0303\u0304\u0305',
      'Z\u0351\u0352\u0353\u0354\u0355\u0356',
      '../../../etc/passwd',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '',
      ' ',
      '-1',
      '1e309',
      'NaN',
      'null',
      '9'.repeat(40),
      '00000000-0000-0000-0000-000000000000',
      '🚀'.repeat(30),
    ),
  },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);

const hostileValue = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as the bytes an attacker would. */
function encodeComponent(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

function sample(operation: Operation) {
  const fields = operation.bodyFields ?? [];
  const namedBody = fc.dictionary(fc.constantFrom(...(fields.length > 0 ? fields : ['value'])), hostileValue, {
    maxKeys: Math.max(1, fields.length),
  });
  const rawBody = fc.oneof(
    { weight: 6, arbitrary: namedBody.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"__proto__":{"role":"Admin"}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":'),
    },
  );
  return fc.record({
    pathValues: fc.tuple(...operation.pathParams.map(() => hostileString)),
    query: fc.dictionary(fc.constantFrom(...operation.queryParams, '__proto__', 'extra'), hostileString, {
      maxKeys: operation.queryParams.length + 1,
    }),
    body: rawBody,
    signedIn: fc.boolean(),
  });
}

interface Sample {
  pathValues: string[];
  query: Record<string, string>;
  body: string;
  signedIn: boolean;
}

let requests = 0;

/** Sends one sample; returns what went wrong, or null when the reply was acceptable. */
async function probe(operation: Operation, { pathValues, query, body, signedIn }: Sample): Promise<string | null> {
  requests += 1;
  let url = operation.path;
  operation.pathParams.forEach((name, i) => {
    url = url.replace(`{${name}}`, encodeComponent(pathValues[i] ?? ''));
  });
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`)
    .join('&');
  if (search) url += `?${search}`;
  const headers: Record<string, string> = {};
  if (signedIn) {
    // A fresh session each time: a logout or password change in an earlier sample ends its own only.
    const expiresAt = new Date(Date.now() + 60_000);
    const sessionId = await insertSession(t.database.db, adminId, expiresAt, 'property test');
    headers.authorization = `Bearer ${await signSessionToken(t.config.jwtSecret, sessionId, expiresAt)}`;
  }
  const withBody = operation.method !== 'GET' && (operation.method !== 'DELETE' || operation.bodyFields !== null);
  if (withBody) headers['content-type'] = 'application/json';
  const reply = await t.app.inject({
    method: operation.method,
    url,
    headers,
    payload: withBody ? body : undefined,
    // Each request from its own address, so the per-IP limits stay out of the way.
    remoteAddress: `10.${100 + (requests % 100)}.${Math.floor(requests / 250) % 250}.${requests % 250}`,
  });
  const what = `${reply.statusCode} for ${url.slice(0, 120)} ${withBody ? body.slice(0, 120) : ''}`;
  if (reply.statusCode >= 500) return `${what} -> ${reply.body.slice(0, 200)}`;
  if (reply.statusCode >= 400) {
    const json = reply.json() as { success?: unknown; error?: unknown };
    if (json.success !== false || typeof json.error !== 'string')
      return `${what} -> not the error shape: ${reply.body.slice(0, 200)}`;
  }
  return null;
}

/** The inputs that broke the API before: each is put in every slot of every route, signed in as an admin. */
const KNOWN_HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '__proto__',
  '\u202egnp.exe مرحبا',
  'e\u0301\u0302\u0303',
  MEGABYTE,
];

describe('every JSON route of the OpenAPI document', () => {
  it('never answers 500 to known hostile strings in any parameter or body field', async () => {
    const operations = jsonOperations(t.app.swagger() as unknown as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const operation of operations) {
      for (const text of KNOWN_HOSTILE) {
        const failure = await probe(operation, {
          pathValues: operation.pathParams.map(() => text),
          query: Object.fromEntries(operation.queryParams.map((name) => [name, text])),
          body: JSON.stringify(Object.fromEntries((operation.bodyFields ?? ['value']).map((name) => [name, text]))),
          signedIn: true,
        });
        if (failure) failures.push(`${operation.method} ${operation.path}: ${failure}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('never answers 500 to random hostile inputs (property), and refuses in the error shape', async () => {
    const operations = jsonOperations(t.app.swagger() as unknown as OpenApiDocument);
    const failures: string[] = [];
    for (const operation of operations) {
      try {
        await fc.assert(
          fc.asyncProperty(sample(operation), async (input) => {
            const failure = await probe(operation, input);
            if (failure) throw new Error(failure);
          }),
          { numRuns: 8 },
        );
      } catch (error) {
        failures.push(`${operation.method} ${operation.path}: ${String(error).split('\n').slice(0, 3).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
