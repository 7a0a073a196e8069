import { randomUUID } from 'node:crypto';
import {
  SNIPPET_LANGUAGE_MESSAGE,
  SNIPPET_LIMIT_MESSAGE,
  SNIPPET_NOT_FOUND_MESSAGE,
  SNIPPET_NOT_OWNER_MESSAGE,
  SNIPPET_NOTHING_TO_CHANGE_MESSAGE,
  SNIPPET_SOURCE_MAX_BYTES,
  SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
  SNIPPET_STDIN_MAX_BYTES,
  SNIPPET_STDIN_TOO_LARGE_MESSAGE,
  SNIPPET_TITLE_REQUIRED_MESSAGE,
  SNIPPET_TITLE_TOO_LONG_MESSAGE,
  SNIPPETS_PER_USER_MAX,
} from '@learnbuild/domain/schemas/code-editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSnippets } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let owner: User;
let other: User;
beforeAll(async () => {
  t = await buildTestApp();
  [owner, other] = await Promise.all([createUser(t.app, t.database.db), createUser(t.app, t.database.db)]);
});
afterAll(async () => {
  await t.close();
});

const newUser = () => createUser(t.app, t.database.db);
const headersOf = (user: User | null) => user?.auth ?? {};

const list = (user: User | null) => t.app.inject({ method: 'GET', url: '/api/snippets', headers: headersOf(user) });
const create = (user: User | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/snippets', headers: headersOf(user), payload: payload as object });
const read = (user: User | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/snippets/${id}`, headers: headersOf(user) });
const update = (user: User | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/snippets/${id}`, headers: headersOf(user), payload: payload as object });
const remove = (user: User | null, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/snippets/${id}`, headers: headersOf(user) });

async function saved(user: User, fields: Record<string, unknown> = {}) {
  const reply = await create(user, { title: 'Two sum', language: 'python', source: 'print(1)', ...fields });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().snippet as { id: string; title: string; shared: boolean; source: string };
}

async function sharedSnippet(user: User) {
  const snippet = await saved(user, { title: 'Shared one' });
  expect((await update(user, snippet.id, { shared: true })).statusCode).toBe(200);
  return snippet;
}

describe('snippets: create, list, read, update, delete', () => {
  it('saves a private snippet and answers 201 with the whole snippet', async () => {
    const reply = await create(owner, {
      title: '  Binary search  ',
      language: 'cpp',
      source: '#include <cstdio>\nint main(){}',
      stdin: '3\n1 2 3',
    });
    expect(reply.statusCode).toBe(201);
    const { snippet } = reply.json();
    expect(snippet).toEqual({
      id: expect.any(String),
      title: 'Binary search',
      language: 'cpp',
      source: '#include <cstdio>\nint main(){}',
      stdin: '3\n1 2 3',
      shared: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      owner: { id: owner.user.id, name: owner.user.name },
      isOwner: true,
    });
  });

  it('stores an empty stdin when none is sent', async () => {
    const snippet = await saved(owner);
    expect((await read(owner, snippet.id)).json().snippet.stdin).toBe('');
  });

  it("lists only the caller's snippets, without code, last changed first", async () => {
    const user = await newUser();
    const first = await saved(user, { title: 'First' });
    const second = await saved(user, { title: 'Second' });
    await saved(other, { title: 'Not mine' });
    let reply = await list(user);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().snippets.map((s: { title: string }) => s.title)).toEqual(['Second', 'First']);
    expect(Object.keys(reply.json().snippets[0]).sort()).toEqual(
      ['createdAt', 'id', 'language', 'shared', 'title', 'updatedAt'].sort(),
    );
    // Renaming the older one makes it the most recent.
    expect((await update(user, first.id, { title: 'First, renamed' })).statusCode).toBe(200);
    reply = await list(user);
    expect(reply.json().snippets.map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
  });

  it('renames, edits the code, changes the language and shares in one update', async () => {
    const snippet = await saved(owner);
    const reply = await update(owner, snippet.id, {
      title: 'Renamed',
      language: 'java',
      source: 'class Main {}',
      stdin: 'x',
      shared: true,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().snippet).toMatchObject({
      id: snippet.id,
      title: 'Renamed',
      language: 'java',
      source: 'class Main {}',
      stdin: 'x',
      shared: true,
      isOwner: true,
    });
    expect((await read(owner, snippet.id)).json().snippet.title).toBe('Renamed');
  });

  it('deletes a snippet: then it is gone for everyone', async () => {
    const snippet = await sharedSnippet(owner);
    const reply = await remove(owner, snippet.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'Snippet deleted' });
    expect((await read(owner, snippet.id)).statusCode).toBe(404);
    expect((await read(null, snippet.id)).statusCode).toBe(404);
    expect((await remove(owner, snippet.id)).statusCode).toBe(404);
  });

  it('refuses anonymous list, create, update and delete with 401', async () => {
    const snippet = await sharedSnippet(owner);
    for (const reply of [
      await list(null),
      await create(null, { title: 'x', language: 'python', source: '' }),
      await update(null, snippet.id, { title: 'Taken' }),
      await remove(null, snippet.id),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
    }
  });
});

describe('snippets: who may see and change one', () => {
  it('answers 404 to another user and to anonymous visitors for a private snippet, exactly like an unknown id', async () => {
    const snippet = await saved(owner);
    const unknown = await read(other, randomUUID());
    for (const reply of [
      await read(other, snippet.id),
      await read(null, snippet.id),
      await update(other, snippet.id, { title: 'Mine now' }),
      await remove(other, snippet.id),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(unknown.json());
    }
    expect(unknown.json()).toEqual({ success: false, error: SNIPPET_NOT_FOUND_MESSAGE });
    const kept = (await read(owner, snippet.id)).json().snippet;
    expect(kept.title).toBe('Two sum');
  });

  it('lets anyone read a shared snippet, anonymous visitors included, with isOwner false', async () => {
    const snippet = await sharedSnippet(owner);
    for (const viewer of [null, other]) {
      const reply = await read(viewer, snippet.id);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().snippet).toMatchObject({
        id: snippet.id,
        source: 'print(1)',
        shared: true,
        owner: { id: owner.user.id, name: owner.user.name },
        isOwner: false,
      });
    }
  });

  it('reads a shared snippet for a visitor whose token is stale, as anonymous', async () => {
    const snippet = await sharedSnippet(owner);
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/snippets/${snippet.id}`,
      headers: { authorization: 'Bearer not-a-valid-token' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().snippet.isOwner).toBe(false);
  });

  it("refuses another user's update and delete of a shared snippet with 403, and changes nothing", async () => {
    const snippet = await sharedSnippet(owner);
    const put = await update(other, snippet.id, { source: 'print("hijacked")' });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ success: false, error: SNIPPET_NOT_OWNER_MESSAGE });
    const del = await remove(other, snippet.id);
    expect(del.statusCode).toBe(403);
    expect((await read(null, snippet.id)).json().snippet.source).toBe('print(1)');
  });

  it('hides a snippet again once its owner stops sharing it', async () => {
    const snippet = await sharedSnippet(owner);
    expect((await update(owner, snippet.id, { shared: false })).statusCode).toBe(200);
    expect((await read(null, snippet.id)).statusCode).toBe(404);
    expect((await read(other, snippet.id)).statusCode).toBe(404);
    expect((await update(other, snippet.id, { title: 'x' })).statusCode).toBe(404);
  });

  it.each([
    ['a malformed id', 'not-a-uuid'],
    ['an unknown uuid', '6f1c1a52-0000-4000-8000-000000000000'],
    ['an id with SQL in it', "1' or '1'='1"],
    ['a very long id', 'a'.repeat(150)],
  ])('answers 404, never 500, for %s', async (_what, id) => {
    const path = encodeURIComponent(id);
    for (const reply of [
      await read(owner, path),
      await read(null, path),
      await update(owner, path, { title: 'x' }),
      await remove(owner, path),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ success: false, error: SNIPPET_NOT_FOUND_MESSAGE });
    }
  });
});

describe('snippets: validation', () => {
  const fourByteChar = '😀';

  it('accepts a source of exactly 100 KB of multi-byte characters and returns it unchanged', async () => {
    const source = fourByteChar.repeat(SNIPPET_SOURCE_MAX_BYTES / 4);
    expect(Buffer.byteLength(source)).toBe(100 * 1024);
    const snippet = await saved(owner, { source });
    expect((await read(owner, snippet.id)).json().snippet.source).toBe(source);
  });

  it('accepts 100 KB even when the JSON spells every character as a \\u escape (six times the size)', async () => {
    const source = '\u0001'.repeat(SNIPPET_SOURCE_MAX_BYTES);
    const payload = JSON.stringify({ title: 'Escaped', language: 'javascript', source });
    expect(payload.length).toBeGreaterThan(6 * SNIPPET_SOURCE_MAX_BYTES);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/snippets',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it.each([
    ['one byte past 100 KB', `${fourByteChar.repeat(SNIPPET_SOURCE_MAX_BYTES / 4)}a`],
    ['101 KB of two-byte characters (fewer than 100 K characters)', 'é'.repeat((101 * 1024) / 2)],
    ['101 KB of ASCII', 'a'.repeat(101 * 1024)],
  ])('refuses a source %s with 400 and the snippet message', async (_what, source) => {
    expect(source.length).toBeLessThanOrEqual(101 * 1024);
    const reply = await create(owner, { title: 'Too big', language: 'python', source });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      success: false,
      error: SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
      details: [{ path: 'source', message: SNIPPET_SOURCE_TOO_LARGE_MESSAGE }],
    });
  });

  it('refuses an oversized source on update too, and keeps the old code', async () => {
    const snippet = await saved(owner);
    const reply = await update(owner, snippet.id, { source: 'é'.repeat(SNIPPET_SOURCE_MAX_BYTES / 2 + 1) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(SNIPPET_SOURCE_TOO_LARGE_MESSAGE);
    expect((await read(owner, snippet.id)).json().snippet.source).toBe('print(1)');
  });

  it('refuses a body past the API limit with 413 and the snippet message, not a generic one', async () => {
    const reply = await create(owner, { title: 'Huge', language: 'python', source: 'a'.repeat(2 * 1024 * 1024) });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ success: false, error: SNIPPET_SOURCE_TOO_LARGE_MESSAGE });
  });

  it('caps stdin at 10 KB', async () => {
    expect(
      (await create(owner, { title: 'In', language: 'python', source: '', stdin: 'a'.repeat(SNIPPET_STDIN_MAX_BYTES) }))
        .statusCode,
    ).toBe(201);
    const reply = await create(owner, {
      title: 'In',
      language: 'python',
      source: '',
      stdin: 'é'.repeat(SNIPPET_STDIN_MAX_BYTES / 2 + 1),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(SNIPPET_STDIN_TOO_LARGE_MESSAGE);
  });

  it.each(['go', 'JavaScript', 'c++', '', 42])('refuses the language %j with 400', async (language) => {
    const reply = await create(owner, { title: 'Lang', language, source: '' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(SNIPPET_LANGUAGE_MESSAGE);
    const snippet = await saved(owner);
    const put = await update(owner, snippet.id, { language });
    expect(put.statusCode).toBe(400);
    expect(put.json().error).toBe(SNIPPET_LANGUAGE_MESSAGE);
  });

  it('accepts every language of the editor', async () => {
    for (const language of ['javascript', 'typescript', 'python', 'cpp', 'java']) {
      expect((await create(owner, { title: language, language, source: '' })).statusCode).toBe(201);
    }
  });

  it.each([
    ['an empty title', '', SNIPPET_TITLE_REQUIRED_MESSAGE],
    ['a blank title', '   ', SNIPPET_TITLE_REQUIRED_MESSAGE],
    ['a title of 101 characters', 'x'.repeat(101), SNIPPET_TITLE_TOO_LONG_MESSAGE],
  ])('refuses %s with 400', async (_what, title, message) => {
    const reply = await create(owner, { title, language: 'python', source: '' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(message);
  });

  it('accepts a title of exactly 100 characters', async () => {
    expect((await saved(owner, { title: 'x'.repeat(100) })).title).toBe('x'.repeat(100));
  });

  it('refuses a missing title, language or source, and a body that is not an object', async () => {
    expect((await create(owner, { language: 'python', source: '' })).statusCode).toBe(400);
    expect((await create(owner, { title: 'x', source: '' })).statusCode).toBe(400);
    expect((await create(owner, { title: 'x', language: 'python' })).statusCode).toBe(400);
    expect((await create(owner, ['x'])).statusCode).toBe(400);
  });

  it('refuses an update with nothing to change, or with shared that is not a boolean', async () => {
    const snippet = await saved(owner);
    const empty = await update(owner, snippet.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(SNIPPET_NOTHING_TO_CHANGE_MESSAGE);
    expect((await update(owner, snippet.id, { shared: 'yes' })).statusCode).toBe(400);
  });
});

describe('snippets: the per-user cap', () => {
  async function fillUpTo(user: User, total: number) {
    await t.database.db.insert(codeSnippets).values(
      Array.from({ length: total }, (_, i) => ({
        ownerId: user.user.id,
        title: `Filler ${i}`,
        language: 'python' as const,
        source: '',
      })),
    );
  }

  it(`keeps at most ${SNIPPETS_PER_USER_MAX} snippets per user (409), and a deletion frees a place`, async () => {
    const user = await newUser();
    await fillUpTo(user, SNIPPETS_PER_USER_MAX - 1);
    const last = await saved(user, { title: 'The last one' });
    const refused = await create(user, { title: 'One too many', language: 'python', source: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: SNIPPET_LIMIT_MESSAGE });
    expect((await list(user)).json().snippets).toHaveLength(SNIPPETS_PER_USER_MAX);
    // Someone else is not affected by this user's cap.
    expect((await create(other, { title: 'Fine', language: 'python', source: '' })).statusCode).toBe(201);
    expect((await remove(user, last.id)).statusCode).toBe(200);
    expect((await create(user, { title: 'Fits again', language: 'python', source: '' })).statusCode).toBe(201);
  });

  it('lets only one of several parallel saves take the last place', async () => {
    const user = await newUser();
    await fillUpTo(user, SNIPPETS_PER_USER_MAX - 1);
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create(user, { title: `Racer ${i}`, language: 'python', source: '' })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await list(user)).json().snippets).toHaveLength(SNIPPETS_PER_USER_MAX);
  });
});
