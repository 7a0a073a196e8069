import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let otherInstructor: User;
let admin: User;
let student: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor');
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
  student = await createUser(t.app, t.database.db, 'Student');
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const SINGLE = {
  kind: 'single',
  prompt: 'What does `len([1, 2])` return?',
  options: ['1', '2', '3'],
  answer: { option: 1 },
  explanation: 'Two items.',
  tags: ['Python', 'basics'],
};

async function newCourse() {
  const { course, lessons } = await createCourseRows(t.database.db, owner.user.id, { sections: [['quiz']] });
  return { course, quizLesson: lessons[0]! };
}

describe('the question bank', () => {
  it('lets only the owner and admins read and write it (401 signed out, 403 for anyone else)', async () => {
    const { course } = await newCourse();
    const base = `/api/courses/${course.id}/questions`;
    const created = await call('POST', base, owner.auth, SINGLE);
    expect(created.statusCode).toBe(201);
    const id = created.json().question.id as string;
    const requests: [string, (auth: Headers) => ReturnType<typeof call>, number][] = [
      ['list', (auth) => call('GET', base, auth), 200],
      ['create', (auth) => call('POST', base, auth, SINGLE), 201],
      ['edit', (auth) => call('PATCH', `${base}/${id}`, auth, { prompt: 'Edited?' }), 200],
    ];
    for (const [name, request, okStatus] of requests) {
      const anonymous = await request({});
      expect([name, anonymous.statusCode, anonymous.json()]).toEqual([
        name,
        401,
        { success: false, error: 'Please log in to continue' },
      ]);
      const asStudent = await request(student.auth);
      expect([name, asStudent.statusCode, asStudent.json().error]).toEqual([
        name,
        403,
        'You do not have permission to do that',
      ]);
      const asOther = await request(otherInstructor.auth);
      expect([name, asOther.statusCode, asOther.json().error]).toEqual([
        name,
        403,
        "Only the course instructor or an admin can use this course's question bank",
      ]);
      expect([name, (await request(owner.auth)).statusCode]).toEqual([name, okStatus]);
      expect([name, (await request(admin.auth)).statusCode]).toEqual([name, okStatus]);
    }
    expect((await call('DELETE', `${base}/${id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `${base}/${id}`, student.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${id}`, otherInstructor.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${id}`, admin.auth)).json()).toEqual({
      success: true,
      message: 'Question deleted: quizzes no longer draw it',
    });
    expect((await call('DELETE', `${base}/${id}`, owner.auth)).json()).toEqual({
      success: true,
      message: 'This question was already deleted',
    });
    expect((await call('GET', '/api/courses/no-such-course/questions', owner.auth)).statusCode).toBe(404);
  });

  it('keeps every kind with its key, tags and version 1, and lists them by tag', async () => {
    const { course } = await newCourse();
    const base = `/api/courses/${course.id}/questions`;
    const bodies = [
      SINGLE,
      {
        kind: 'multiple',
        prompt: 'Even numbers?',
        options: ['1', '2', '4'],
        answer: { options: [1, 2] },
        tags: ['math'],
      },
      { kind: 'short', prompt: 'Name the search', answer: { accept: ['binary search'], pattern: 'bisect(ion)?' } },
      { kind: 'output', prompt: '```python\nprint(1 + 1)\n```', answer: { output: '2\n' }, tags: ['python'] },
    ];
    for (const body of bodies) expect((await call('POST', base, owner.auth, body)).statusCode).toBe(201);
    const list = (await call('GET', base, owner.auth)).json();
    expect(list.activeCount).toBe(4);
    expect(list.tags).toEqual([
      { tag: 'basics', count: 1 },
      { tag: 'math', count: 1 },
      { tag: 'python', count: 2 },
    ]);
    expect(
      list.questions.map((question: { kind: string; answer: unknown; version: number; options: string[] }) => [
        question.kind,
        question.answer,
        question.version,
        question.options.length,
      ]),
    ).toEqual([
      ['single', { option: 1 }, 1, 3],
      ['multiple', { options: [1, 2] }, 1, 3],
      ['short', { accept: ['binary search'], pattern: 'bisect(ion)?', caseSensitive: false }, 1, 0],
      ['output', { output: '2\n' }, 1, 0],
    ]);
    expect(list.questions[0].tags).toEqual(['python', 'basics']);
    const python = (await call('GET', `${base}?tag=Python`, owner.auth)).json();
    expect(python.questions.map((question: { kind: string }) => question.kind)).toEqual(['single', 'output']);
  });

  it('refuses bad questions with 400 and the exact reason', async () => {
    const { course } = await newCourse();
    const base = `/api/courses/${course.id}/questions`;
    const cases: [object, string][] = [
      [{ ...SINGLE, kind: 'essay' }, 'Kind must be single, multiple, short or output'],
      [{ ...SINGLE, prompt: '   ' }, 'Each question needs a prompt'],
      [{ ...SINGLE, options: ['only'] }, 'A choice question needs at least 2 options'],
      [{ ...SINGLE, answer: { option: 3 } }, 'The correct answer must be one of the options'],
      [{ ...SINGLE, kind: 'multiple', answer: { options: [] } }, 'Mark at least one correct option'],
      [{ ...SINGLE, kind: 'multiple', answer: { options: [0, 0] } }, 'Mark each correct option once'],
      [{ kind: 'short', prompt: 'P', answer: { accept: [] } }, 'Give at least one accepted answer or a pattern'],
      [
        { kind: 'short', prompt: 'P', answer: { accept: ['x'.repeat(201)] } },
        'Each accepted answer must be at most 200 characters',
      ],
      [
        { kind: 'short', prompt: 'P', answer: { accept: [], pattern: 'a'.repeat(201) } },
        'The pattern must be at most 200 characters',
      ],
      [
        { kind: 'short', prompt: 'P', answer: { accept: [], pattern: '(a' } },
        'The pattern is not a valid regular expression: missing closing ): `(a`',
      ],
      [
        { kind: 'short', prompt: 'P', answer: { accept: [], pattern: '(\\w+)\\1' } },
        'The pattern is not a valid regular expression: invalid escape sequence: `\\1`',
      ],
      [{ kind: 'output', prompt: 'P', answer: { output: '  \n' } }, 'Give the output the code prints'],
      [{ ...SINGLE, tags: Array.from({ length: 11 }, (_, index) => `t${index}`) }, 'Add at most 10 tags'],
    ];
    for (const [body, error] of cases) {
      const reply = await call('POST', base, owner.auth, body);
      expect([reply.statusCode, reply.json().error]).toEqual([400, error]);
    }
    expect((await call('GET', base, owner.auth)).json().activeCount).toBe(0);
    expect((await call('GET', `${base}?archived=maybe`, owner.auth)).json().error).toBe(
      'archived must be true or false',
    );
  });

  it('raises the version on an edit, checks the whole question again, and archives on delete', async () => {
    const { course } = await newCourse();
    const base = `/api/courses/${course.id}/questions`;
    const id = (await call('POST', base, owner.auth, SINGLE)).json().question.id as string;
    const edited = await call('PATCH', `${base}/${id}`, owner.auth, { answer: { option: 2 }, tags: ['lists'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().question).toMatchObject({
      version: 2,
      prompt: SINGLE.prompt,
      options: SINGLE.options,
      answer: { option: 2 },
      tags: ['lists'],
    });
    const bad = await call('PATCH', `${base}/${id}`, owner.auth, { options: ['a', 'b'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'The correct answer must be one of the options',
      details: [{ path: 'answer.option', message: 'The correct answer must be one of the options' }],
    });
    const toShort = await call('PATCH', `${base}/${id}`, owner.auth, {
      kind: 'short',
      options: [],
      answer: { accept: ['3'] },
    });
    expect(toShort.json().question).toMatchObject({ kind: 'short', version: 3, answer: { accept: ['3'] } });
    expect(
      (await call('PATCH', `${base}/3f1e0a55-0000-4000-8000-000000000000`, owner.auth, { prompt: 'x' })).json(),
    ).toEqual({
      success: false,
      error: 'Question not found',
    });
    expect((await call('DELETE', `${base}/${id}`, owner.auth)).statusCode).toBe(200);
    expect((await call('GET', base, owner.auth)).json().questions).toEqual([]);
    const archived = (await call('GET', `${base}?archived=true`, owner.auth)).json().questions;
    expect(archived).toHaveLength(1);
    expect(archived[0].archivedAt).toEqual(expect.any(String));
    const late = await call('PATCH', `${base}/${id}`, owner.auth, { prompt: 'Again?' });
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      'This question was deleted and can no longer be edited',
    ]);
  });
});

describe("a quiz lesson's draw settings", () => {
  it('draws only as many questions as the bank holds with the tags, and never shows learners a key', async () => {
    const { course, quizLesson } = await newCourse();
    const base = `/api/courses/${course.id}/questions`;
    await call('POST', base, owner.auth, SINGLE);
    await call('POST', base, owner.auth, { ...SINGLE, prompt: 'Second', tags: ['python'] });
    await call('POST', base, owner.auth, { ...SINGLE, prompt: 'Third', tags: ['other'] });
    const lessonUrl = `/api/courses/${course.id}/lessons/${quizLesson.id}`;
    const tooMany = await call('PUT', lessonUrl, owner.auth, { quizSettings: { draw: 3, tags: ['python'] } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: 'There are only 2 questions with these tags: draw at most 2',
      details: [{ path: 'quizSettings.draw', message: 'There are only 2 questions with these tags: draw at most 2' }],
    });
    const none = await call('PUT', lessonUrl, owner.auth, { quizSettings: { draw: 1, tags: ['missing'] } });
    expect(none.json().error).toBe('There are no questions with these tags yet: add some to the question bank first');
    const badLimit = await call('PUT', lessonUrl, owner.auth, { quizSettings: { draw: 1, timeLimitSeconds: 10 } });
    expect(badLimit.json().error).toBe('The time limit must be at least 30 seconds');
    const saved = await call('PUT', lessonUrl, owner.auth, {
      quizSettings: { draw: 2, tags: ['python'], timeLimitSeconds: 300, attemptLimit: 3 },
    });
    expect(saved.statusCode).toBe(200);
    const editorLesson = (await call('GET', lessonUrl, owner.auth)).json().lesson;
    expect(editorLesson.quizSettings).toEqual({ draw: 2, tags: ['python'], timeLimitSeconds: 300, attemptLimit: 3 });

    expect((await call('POST', `/api/courses/${course.id}/enroll`, student.auth)).statusCode).toBe(200);
    const learnerLesson = (await call('GET', lessonUrl, student.auth)).json().lesson;
    expect(learnerLesson.quiz).toEqual([]);
    expect(learnerLesson.quizAnswers).toBeUndefined();
    expect(learnerLesson.quizSettings).toEqual({ draw: 2, tags: ['python'], timeLimitSeconds: 300, attemptLimit: 3 });
    // The fixed questions it kept are not asked any more.
    const fixed = await call('POST', `${lessonUrl}/quiz`, student.auth, { answers: [0, 1] });
    expect([fixed.statusCode, fixed.json().error]).toEqual([
      409,
      'This quiz draws its questions from the question bank: start an attempt to take it',
    ]);
    // Back to fixed questions.
    await call('PUT', lessonUrl, owner.auth, { quizSettings: null });
    expect((await call('POST', `${lessonUrl}/quiz`, student.auth, { answers: [0, 1] })).json().correct).toBe(2);
  });
});
