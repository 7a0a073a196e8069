import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JUDGE_NOT_SAVED_MESSAGE, JUDGE_VALIDATE_FIRST_MESSAGE } from '@learnbuild/domain/schemas/judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { SANDBOXED_LANGUAGES } from '../../judge/judge';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems, createUser } from '../../test/factories';
import { PROBLEM_NOT_FOUND } from '../dsa/service';
import { JUDGE_CONTENT_DIR } from './service';

type User = Awaited<ReturnType<typeof createUser>>;
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** A content file, as an author would paste it into the editor. */
const CLIMBING_STAIRS = JSON.parse(readFileSync(path.join(JUDGE_CONTENT_DIR, 'climbing-stairs.json'), 'utf8'));
const WRONG_CLIMBING_STAIRS = {
  ...CLIMBING_STAIRS,
  editorial: {
    ...CLIMBING_STAIRS.editorial,
    solutions: { ...CLIMBING_STAIRS.editorial.solutions, javascript: 'function climbStairs(n) { return n; }' },
  },
};
/** The reference languages this server runs (Python joins when its sandbox lands). */
const JUDGED_REFERENCES = (['javascript', 'python'] as const).filter((language) =>
  (SANDBOXED_LANGUAGES as readonly string[]).includes(language),
);
const UNKNOWN_PROBLEM = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let instructor: User;
let admin: User;
let student: User;
let problems: Awaited<ReturnType<typeof createDsaProblems>>;

function judgeUrl(problemId: string, tail = '') {
  return `/api/admin/dsa/problems/${problemId}/judge${tail}`;
}

function call(method: Method, url: string, user?: User, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function save(problemId: string, spec: unknown, user: User = instructor) {
  return call('PUT', judgeUrl(problemId), user, { spec });
}

function validate(problemId: string, user: User = instructor) {
  return call('POST', judgeUrl(problemId, '/validate'), user);
}

function switchJudge(problemId: string, enabled: boolean, user: User = instructor) {
  return call('PUT', judgeUrl(problemId, '/enabled'), user, { enabled });
}

async function sheetRow(slug: string) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/problems?timeZone=UTC' });
  return reply.json().problems.find((problem: { slug: string }) => problem.slug === slug);
}

async function catalogueRow(slug: string) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/catalogue' });
  return reply.json().problems.find((problem: { slug: string }) => problem.slug === slug);
}

function practice(slug: string) {
  return t.app.inject({ method: 'GET', url: `/api/dsa/problems/${slug}/practice` });
}

beforeAll(async () => {
  t = await buildTestApp();
  instructor = await createUser(t.app, t.app.db, 'Instructor');
  admin = await createUser(t.app, t.app.db, 'Admin');
  student = await createUser(t.app, t.app.db, 'Student');
  problems = await createDsaProblems(t.app.db, 'Authoring', ['one', 'two', 'three', 'four', 'five', 'six']);
});

afterAll(async () => {
  await t?.close();
  await closeJavaScriptWorkers();
});

describe('who may author judges', () => {
  const endpoints: [string, Method, string, unknown][] = [
    ['read a judge', 'GET', '', undefined],
    ['save a judge', 'PUT', '', { spec: CLIMBING_STAIRS }],
    ['validate a judge', 'POST', '/validate', undefined],
    ['switch a judge', 'PUT', '/enabled', { enabled: false }],
  ];

  it.each(endpoints)('refuses a visitor with 401 and a Student with 403 to %s', async (_label, method, tail, body) => {
    const problemId = problems[0]!.id;
    expect((await call(method, judgeUrl(problemId, tail), undefined, body)).statusCode).toBe(401);
    expect((await call(method, judgeUrl(problemId, tail), student, body)).statusCode).toBe(403);
  });

  it.each([
    ['an Instructor', () => instructor, 0],
    ['an Admin', () => admin, 1],
  ] as const)('lets %s read, save, validate and switch a judge with 200', async (_label, who, index) => {
    const problemId = problems[index]!.id;
    for (const [, method, tail, body] of endpoints) {
      const reply = await call(method, judgeUrl(problemId, tail), who(), body);
      expect(reply.statusCode, `${method} ${tail}: ${reply.body}`).toBe(200);
    }
  });
});

describe('reading and saving a judge', () => {
  it('reads null for a problem without a judge, and 404 for an unknown problem', async () => {
    const reply = await call('GET', judgeUrl(problems[2]!.id), instructor);
    expect(reply.json()).toEqual({ success: true, judge: null });
    const unknown = await call('GET', judgeUrl(UNKNOWN_PROBLEM), instructor);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PROBLEM_NOT_FOUND);
  });

  it("saves a new judge switched off, with the problem's own slug and title", async () => {
    const problem = problems[2]!;
    const reply = await save(problem.id, CLIMBING_STAIRS);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toMatch(/stays off until it passes Validate/);
    const read = await call('GET', judgeUrl(problem.id), admin);
    expect(read.json().judge).toMatchObject({
      enabled: false,
      validation: null,
      spec: { slug: problem.slug, title: problem.title, functionName: 'climbStairs' },
    });
    expect(read.json().judge.spec.tests).toHaveLength(CLIMBING_STAIRS.tests.length);
  });

  it.each([
    [
      'a wrong parameter type',
      { ...CLIMBING_STAIRS, parameters: [{ name: 'n', type: 'integer' }] },
      /^spec\.parameters\.0\.type: Invalid option/,
    ],
    ['an empty statement', { ...CLIMBING_STAIRS, statement: '' }, /^spec\.statement: Too small/],
    [
      'a test that misses an argument',
      { ...CLIMBING_STAIRS, tests: [{ args: { m: 3 }, expected: 3 }] },
      /^spec\.tests\.0\.args: Give the argument "n"/,
    ],
    ['four hints', { ...CLIMBING_STAIRS, hints: ['a', 'b', 'c', 'd'] }, /^spec\.hints: Too big/],
  ])('refuses a spec with %s with 400 naming the field', async (_label, spec, message) => {
    const reply = await save(problems[3]!.id, spec);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toMatch(message);
    expect(reply.json().details[0].path).toBe(reply.json().error.split(':')[0]);
  });

  it('refuses a body without a spec object with 400', async () => {
    const reply = await call('PUT', judgeUrl(problems[3]!.id), instructor, { spec: 'climbing-stairs' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('spec must be a problem file (a JSON object)');
  });

  it("refuses a file over the body limit with 413 in the API's words, not the submissions' 64 KB", async () => {
    const reply = await save(problems[3]!.id, { ...CLIMBING_STAIRS, statement: 'x'.repeat(1024 * 1024) });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toBe('Request body is too large');
  });

  it('answers 404 to every write for an unknown or deleted problem', async () => {
    const deleted = problems[5]!;
    expect((await call('DELETE', `/api/admin/dsa/problems/${deleted.id}`, admin)).statusCode).toBe(200);
    for (const problemId of [UNKNOWN_PROBLEM, deleted.id]) {
      for (const reply of [
        await save(problemId, CLIMBING_STAIRS),
        await validate(problemId),
        await switchJudge(problemId, true),
      ]) {
        expect(reply.statusCode).toBe(404);
        expect(reply.json().error).toBe(PROBLEM_NOT_FOUND);
      }
    }
  });

  it('answers 404 to validating or switching a problem that has no judge yet', async () => {
    for (const reply of [await validate(problems[4]!.id), await switchJudge(problems[4]!.id, true)]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error).toBe(JUDGE_NOT_SAVED_MESSAGE);
    }
  });
});

describe('validating and switching a judge on', () => {
  it('finds a good spec valid: every reference this server runs is Accepted on every test', async () => {
    const problemId = problems[2]!.id;
    const reply = await validate(problemId);
    expect(reply.statusCode, reply.body).toBe(200);
    const total = CLIMBING_STAIRS.examples.length + CLIMBING_STAIRS.tests.length;
    expect(reply.json()).toMatchObject({ success: true, valid: true });
    expect(reply.json().results).toEqual(
      JUDGED_REFERENCES.map((language) => ({
        language,
        verdict: 'Accepted',
        passed: total,
        total,
        runtimeMs: expect.any(Number),
        failedCase: null,
      })),
    );
    // The result is kept with this version of the spec.
    const read = await call('GET', judgeUrl(problemId), instructor);
    expect(read.json().judge.validation).toMatchObject({ valid: true, validatedAt: expect.any(String) });
  });

  it('finds a spec whose reference is wrong invalid, with Wrong Answer and the failing case', async () => {
    const problemId = problems[3]!.id;
    expect((await save(problemId, WRONG_CLIMBING_STAIRS)).statusCode).toBe(200);
    const reply = await validate(problemId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().valid).toBe(false);
    const javascript = reply.json().results.find((result: { language: string }) => result.language === 'javascript');
    // climbStairs(n) = n holds for n = 2 and 3, the first two examples, and fails the third (n = 5).
    expect(javascript).toMatchObject({
      verdict: 'Wrong Answer',
      passed: 2,
      failedCase: { index: 3, hidden: false, input: 'n = 5', expected: '8', actual: '5' },
    });
  });

  it('refuses to switch on a judge that was never validated, or failed, with 409', async () => {
    const fresh = problems[4]!;
    expect((await save(fresh.id, CLIMBING_STAIRS)).statusCode).toBe(200);
    for (const problemId of [fresh.id, problems[3]!.id]) {
      const reply = await switchJudge(problemId, true);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().error).toBe(JUDGE_VALIDATE_FIRST_MESSAGE);
    }
    expect((await practice(fresh.slug)).statusCode).toBe(404);
  });

  it('switches on a validated judge: the sheet and the catalogue show judge: true and the practice page answers', async () => {
    const problem = problems[2]!;
    // Read once so the catalogue is cached: switching on must refresh it.
    expect(await catalogueRow(problem.slug)).toMatchObject({ judge: false });
    const reply = await switchJudge(problem.id, true);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ judge: { enabled: true }, message: expect.stringMatching(/^Judge on/) });
    expect(await sheetRow(problem.slug)).toMatchObject({ judge: true });
    expect(await catalogueRow(problem.slug)).toMatchObject({ judge: true });
    const page = await practice(problem.slug);
    expect(page.statusCode).toBe(200);
    expect(page.json().practice).toMatchObject({
      slug: problem.slug,
      title: problem.title,
      functionName: 'climbStairs',
    });
  });

  it('keeps an unchanged save on, and turns a changed one off until it is validated again', async () => {
    const problem = problems[2]!;
    // A problem renamed in the sheet keeps its judge: the file's title follows the problem's.
    const renamed = await call('PATCH', `/api/admin/dsa/problems/${problem.id}`, admin, { title: 'Stairs, renamed' });
    expect(renamed.statusCode).toBe(200);
    const same = await save(problem.id, CLIMBING_STAIRS);
    expect(same.json()).toMatchObject({
      judge: { enabled: true, spec: { title: 'Stairs, renamed' }, validation: { valid: true } },
      message: expect.stringMatching(/^Nothing changed/),
    });

    const changed = await save(problem.id, { ...CLIMBING_STAIRS, hints: ['Count the ways to the step before.'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toMatch(/turned off/);
    expect(changed.json().judge).toMatchObject({ enabled: false, validation: null });
    expect(await sheetRow(problem.slug)).toMatchObject({ judge: false });
    expect(await catalogueRow(problem.slug)).toMatchObject({ judge: false });
    expect((await practice(problem.slug)).statusCode).toBe(404);
    expect((await switchJudge(problem.id, true)).statusCode).toBe(409);

    expect((await validate(problem.id)).json().valid).toBe(true);
    expect((await switchJudge(problem.id, true)).statusCode).toBe(200);
    expect((await practice(problem.slug)).json().practice.hints).toEqual(['Count the ways to the step before.']);
  });

  it('switches a judge off at any time: the practice page answers 404 and the sheet row loses its judge', async () => {
    const problem = problems[2]!;
    const reply = await switchJudge(problem.id, false, admin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ judge: { enabled: false }, message: expect.stringMatching(/^Judge off/) });
    expect((await practice(problem.slug)).statusCode).toBe(404);
    expect(await sheetRow(problem.slug)).toMatchObject({ judge: false });
    expect(await catalogueRow(problem.slug)).toMatchObject({ judge: false });
    // Still validated: it may go back on without running the references again.
    expect((await switchJudge(problem.id, true)).statusCode).toBe(200);
  });
});
