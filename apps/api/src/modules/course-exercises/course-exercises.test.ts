import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ExerciseInput } from '@learnbuild/domain/schemas/exercises';
import { SUBMISSION_RATE_LIMIT_MESSAGE, SUBMISSIONS_PER_MINUTE } from '@learnbuild/domain/schemas/judge';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseLessonProgress,
  courseLessons,
  courseSections,
  courses,
  exerciseSubmissions,
  subjectSubtopics,
  subjects,
  subjectTopics,
  subtopicProgress,
} from '../../db/schema';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { closePythonPool } from '../../judge/python-sandbox';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { COURSES_CONTENT_DIR, loadCourseFolder } from '../courses/content';
import { loadSubjectContent } from '../subjects/content';
import { readExercise, validateExercise } from './exercise-judge';
import { submitSubtopicExercise } from './service';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let otherInstructor: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor', { name: 'Exercise Owner' });
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
  await Promise.all([closeJavaScriptWorkers(), closePythonPool()]);
});

/** The largest number of a list. The hidden tests hold values no visible part of the lesson shows (-7777, 31337). */
const EXERCISE: ExerciseInput = {
  functionName: 'largest',
  parameters: [{ name: 'nums', type: 'int[]' }],
  returnType: 'int',
  timeLimitMs: 1000,
  examples: [{ args: { nums: [1, 5, 3] }, expected: 5, explanation: 'Five is the largest.' }],
  tests: [
    { args: { nums: [-7777, -9000] }, expected: -7777, note: 'all negative' },
    { args: { nums: [31337] }, expected: 31337, note: 'one number' },
    { args: { nums: [0, 0, 0] }, expected: 0 },
  ],
  reference: {
    language: 'javascript',
    code: 'function largest(nums) { /* REFERENCE-MARK */ return Math.max(...nums); }',
  },
};

const RIGHT_JS = 'function largest(nums) { return nums.reduce((a, b) => (b > a ? b : a)); }';
/** Passes the visible example, fails the first hidden test (it starts from 0). */
const WRONG_ON_HIDDEN = 'function largest(nums) { return Math.max(0, ...nums); }';
const WRONG_ON_VISIBLE = 'function largest(nums) { return nums[0]; }';

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** A published course with one exercise lesson (optionally held by a release date) and one article. */
async function createCourse(options: { releaseAt?: Date; freePreview?: boolean } = {}) {
  const db = t.database.db;
  const [course] = await db
    .insert(courses)
    .values({
      slug: `exercise-${randomUUID().slice(0, 8)}`,
      title: 'Exercise course',
      description: 'Exercise tests',
      category: 'Web Development',
      level: 'Beginner',
      status: 'published',
      instructorId: owner.user.id,
      lessonCount: 2,
      publishedAt: new Date(),
    })
    .returning();
  const [section] = await db
    .insert(courseSections)
    .values({ courseId: course!.id, title: 'One', position: 0 })
    .returning();
  const [exercise, article] = await db
    .insert(courseLessons)
    .values([
      {
        courseId: course!.id,
        sectionId: section!.id,
        title: 'Find the largest',
        kind: 'exercise' as const,
        body: 'Return the largest number.',
        exercise: EXERCISE,
        freePreview: options.freePreview ?? false,
        releaseAt: options.releaseAt ?? null,
        position: 0,
      },
      {
        courseId: course!.id,
        sectionId: section!.id,
        title: 'Read me',
        kind: 'article' as const,
        body: 'Text',
        position: 1,
      },
    ])
    .returning();
  return { course: course!, exercise: exercise!, article: article!, section: section! };
}

async function enrolledStudent(courseId: string) {
  const student = await createUser(t.app, t.database.db);
  expect((await call('POST', `/api/courses/${courseId}/enroll`, student.auth)).statusCode).toBe(200);
  return student;
}

const submissionsUrl = (courseId: string, lessonId: string) =>
  `/api/courses/${courseId}/lessons/${lessonId}/exercise/submissions`;
const submit = (courseId: string, lessonId: string, auth: Headers, code: string, language = 'javascript') =>
  call('POST', submissionsUrl(courseId, lessonId), auth, { language, code });

describe('POST /api/courses/:id/lessons/:lessonId/exercise/submissions', () => {
  it('Accepted stores the submission and completes the lesson', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const reply = await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.submission).toMatchObject({ verdict: 'Accepted', passed: 4, total: 4, failedCase: null });
    expect(body.submission.id).toEqual(expect.any(String));
    expect(body.submission.runtimeMs).toEqual(expect.any(Number));
    expect(body.completed).toBe(true);
    expect(body.completedLessonIds).toEqual([exercise.id]);
    const [progress] = await t.database.db
      .select()
      .from(courseLessonProgress)
      .where(and(eq(courseLessonProgress.lessonId, exercise.id), eq(courseLessonProgress.userId, student.user.id)));
    expect(progress!.completedAt).not.toBeNull();
    const detail = (await call('GET', `/api/courses/${course.id}`, student.auth)).json();
    expect(detail.course.viewer.completedLessonIds).toEqual([exercise.id]);
  });

  it('accepts Python and TypeScript through the same judge', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const python = await submit(
      course.id,
      exercise.id,
      student.auth,
      'def largest(nums):\n    return max(nums)\n',
      'python',
    );
    expect(python.json().submission).toMatchObject({ verdict: 'Accepted', passed: 4, total: 4, language: 'python' });
    const typescript = await submit(
      course.id,
      exercise.id,
      student.auth,
      'function largest(nums: number[]): number { return Math.max(...nums); }',
      'typescript',
    );
    expect(typescript.json().submission).toMatchObject({ verdict: 'Accepted', language: 'typescript' });
    // Python's first start (its runtime loaded from a snapshot) is slow on a busy machine.
  }, 180_000);

  it('Wrong Answer on a hidden test reveals only its number', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const reply = await submit(course.id, exercise.id, student.auth, WRONG_ON_HIDDEN);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.submission).toMatchObject({ verdict: 'Wrong Answer', passed: 1, total: 4 });
    expect(body.submission.failedCase).toEqual({ index: 2, hidden: true });
    expect(body.completed).toBe(false);
    expect(reply.body).not.toContain('7777');
  });

  it('Wrong Answer on a visible example shows its input, expected and actual answers', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const body = (await submit(course.id, exercise.id, student.auth, WRONG_ON_VISIBLE)).json();
    expect(body.submission).toMatchObject({ verdict: 'Wrong Answer', passed: 0, total: 4 });
    expect(body.submission.failedCase).toEqual({
      index: 1,
      hidden: false,
      input: 'nums = [1,5,3]',
      expected: '5',
      actual: '1',
    });
  });

  it('reaches Runtime Error, Time Limit Exceeded and Compilation Error', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const thrown = (
      await submit(course.id, exercise.id, student.auth, 'function largest() { throw new Error("boom"); }')
    ).json().submission;
    expect(thrown).toMatchObject({ verdict: 'Runtime Error', passed: 0, runtimeMs: null });
    expect(thrown.message).toContain('boom');
    const looping = (
      await submit(course.id, exercise.id, student.auth, 'function largest() { while (true) {} }')
    ).json().submission;
    expect(looping).toMatchObject({
      verdict: 'Time Limit Exceeded',
      passed: 0,
      failedCase: { index: 1, hidden: false },
    });
    const broken = (
      await submit(course.id, exercise.id, student.auth, 'function largest(nums: number[]: number {', 'typescript')
    ).json().submission;
    expect(broken).toMatchObject({ verdict: 'Compilation Error', passed: 0, total: 4 });
    expect(broken.message).toMatch(/^SyntaxError/);
    const rows = await t.database.db
      .select({ verdict: exerciseSubmissions.verdict })
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.lessonId, exercise.id));
    expect(rows.map((row) => row.verdict).sort()).toEqual([
      'Compilation Error',
      'Runtime Error',
      'Time Limit Exceeded',
    ]);
  });

  it('refuses bad input with 400: an unknown language, empty code, code past 64 KB', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const ruby = await submit(course.id, exercise.id, student.auth, 'def largest(nums) nums.max end', 'ruby');
    expect(ruby.statusCode).toBe(400);
    expect(ruby.json()).toMatchObject({ success: false, error: 'Language must be javascript, typescript or python' });
    const cpp = await submit(course.id, exercise.id, student.auth, 'int largest() {}', 'cpp');
    expect(cpp.statusCode).toBe(400);
    const empty = await submit(course.id, exercise.id, student.auth, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Write some code before submitting');
    const long = await submit(course.id, exercise.id, student.auth, `// ${'x'.repeat(64 * 1024)}\n${RIGHT_JS}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, error: 'Code must be at most 64 KB' });
    const missing = await call('POST', submissionsUrl(course.id, exercise.id), student.auth, { language: 'python' });
    expect(missing.statusCode).toBe(400);
    const stored = await t.database.db
      .select()
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.lessonId, exercise.id));
    expect(stored).toHaveLength(0);
  });

  it(`allows ${SUBMISSIONS_PER_MINUTE} submissions a minute per learner, then answers 429 without judging`, async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const broken = 'function largest(nums: number[]: number {';
    for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) {
      expect((await submit(course.id, exercise.id, student.auth, broken, 'typescript')).statusCode).toBe(200);
    }
    const refused = await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: SUBMISSION_RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.database.db
      .select()
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.userId, student.user.id));
    expect(stored).toHaveLength(SUBMISSIONS_PER_MINUTE);
  });

  it('answers 404 for an unknown lesson and for a lesson that is not an exercise', async () => {
    const { course, article } = await createCourse();
    const student = await enrolledStudent(course.id);
    expect((await submit(course.id, randomUUID(), student.auth, RIGHT_JS)).statusCode).toBe(404);
    expect((await submit(course.id, 'not-a-uuid', student.auth, RIGHT_JS)).statusCode).toBe(404);
    const notExercise = await submit(course.id, article.id, student.auth, RIGHT_JS);
    expect(notExercise.statusCode).toBe(404);
    expect(notExercise.json().error).toBe('This lesson has no exercise');
  });

  it('holds a locked lesson with 403 and its opening date, as a read does', async () => {
    const opensAt = new Date(Date.now() + 10 * 86_400_000);
    const { course, exercise } = await createCourse({ releaseAt: opensAt });
    const student = await enrolledStudent(course.id);
    const reply = await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().opensAt).toBe(opensAt.toISOString());
    expect((await call('GET', submissionsUrl(course.id, exercise.id), student.auth)).statusCode).toBe(403);
    // The owner is never held.
    expect((await submit(course.id, exercise.id, owner.auth, RIGHT_JS)).statusCode).toBe(200);
  });

  it('every role: anonymous 401, not enrolled 403, another instructor 403; owner and admin judged, not stored', async () => {
    const { course, exercise } = await createCourse();
    const stranger = await createUser(t.app, t.database.db);
    expect((await submit(course.id, exercise.id, {}, RIGHT_JS)).statusCode).toBe(401);
    const refused = await submit(course.id, exercise.id, stranger.auth, RIGHT_JS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'Enroll in this course first' });
    expect((await submit(course.id, exercise.id, otherInstructor.auth, RIGHT_JS)).statusCode).toBe(403);
    for (const who of [owner, admin]) {
      const reply = await submit(course.id, exercise.id, who.auth, RIGHT_JS);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ submission: { id: null, verdict: 'Accepted' }, completed: true });
    }
    const stored = await t.database.db
      .select()
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.lessonId, exercise.id));
    expect(stored).toHaveLength(0);
    // The list: the same guard.
    expect((await call('GET', submissionsUrl(course.id, exercise.id))).statusCode).toBe(401);
    expect((await call('GET', submissionsUrl(course.id, exercise.id), stranger.auth)).statusCode).toBe(403);
    expect((await call('GET', submissionsUrl(course.id, exercise.id), otherInstructor.auth)).statusCode).toBe(403);
    expect((await call('GET', submissionsUrl(course.id, exercise.id), owner.auth)).json()).toEqual({
      success: true,
      submissions: [],
    });
  });

  it("lists the learner's own submissions newest first, with their code, and no one else's", async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const classmate = await enrolledStudent(course.id);
    await submit(course.id, exercise.id, student.auth, WRONG_ON_VISIBLE);
    await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    await submit(course.id, exercise.id, classmate.auth, WRONG_ON_HIDDEN);
    const list = (await call('GET', submissionsUrl(course.id, exercise.id), student.auth)).json().submissions;
    expect(list.map((row: { verdict: string; code: string }) => [row.verdict, row.code])).toEqual([
      ['Accepted', RIGHT_JS],
      ['Wrong Answer', WRONG_ON_VISIBLE],
    ]);
  });
});

describe('what a learner reads of an exercise', () => {
  it('carries the statement, signature, starter code and visible examples; never a hidden test or the reference', async () => {
    const { course, exercise } = await createCourse({ freePreview: true });
    const student = await enrolledStudent(course.id);
    await submit(course.id, exercise.id, student.auth, WRONG_ON_HIDDEN);
    await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    const replies = [
      await call('GET', `/api/courses/${course.id}`, student.auth),
      await call('GET', `/api/courses/${course.id}/lessons/${exercise.id}`, student.auth),
      await call('GET', `/api/courses/${course.id}`),
      await call('GET', `/api/courses/${course.id}/lessons/${exercise.id}`),
      await call('GET', submissionsUrl(course.id, exercise.id), student.auth),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain('7777');
      expect(reply.body).not.toContain('31337');
      expect(reply.body).not.toContain('REFERENCE-MARK');
      expect(reply.body).not.toContain('exerciseSpec');
    }
    const lesson = replies[1]!.json().lesson;
    expect(lesson.body).toBe('Return the largest number.');
    expect(lesson.exercise).toEqual({
      functionName: 'largest',
      parameters: [{ name: 'nums', type: 'int[]' }],
      returnType: 'int',
      comparator: 'exact',
      timeLimitMs: 1000,
      languages: ['javascript', 'typescript', 'python'],
      starterCode: {
        javascript: expect.stringContaining('function largest(nums)'),
        typescript: expect.stringContaining('function largest(nums: number[]): number'),
        python: expect.stringContaining('def largest(nums'),
      },
      examples: [
        {
          input: 'nums = [1,5,3]',
          output: '5',
          explanation: 'Five is the largest.',
          args: { nums: [1, 5, 3] },
          expected: 5,
        },
      ],
      testCount: 4,
    });
  });

  it('gives the owner and admins the whole exercise in the editor', async () => {
    const { course, exercise } = await createCourse();
    for (const who of [owner, admin]) {
      const lesson = (await call('GET', `/api/courses/${course.id}/lessons/${exercise.id}`, who.auth)).json().lesson;
      expect(lesson.exerciseSpec.tests).toHaveLength(3);
      expect(lesson.exerciseSpec.tests[0].args).toEqual({ nums: [-7777, -9000] });
      expect(lesson.exerciseSpec.reference.code).toContain('REFERENCE-MARK');
    }
  });

  it('a locked lesson shows no exercise at all', async () => {
    const { course } = await createCourse({ releaseAt: new Date(Date.now() + 86_400_000) });
    await enrolledStudent(course.id);
    const student = await enrolledStudent(course.id);
    const detail = (await call('GET', `/api/courses/${course.id}`, student.auth)).json();
    const lesson = detail.course.sections[0].lessons[0];
    expect(lesson).toMatchObject({ kind: 'exercise', locked: true, exercise: null, body: null });
  });
});

describe('completing an exercise lesson', () => {
  it('refuses a manual completion without an Accepted submission (409), and allows it after one', async () => {
    const { course, exercise } = await createCourse();
    const student = await enrolledStudent(course.id);
    const progressUrl = `/api/courses/${course.id}/lessons/${exercise.id}/progress`;
    const refused = await call('PUT', progressUrl, student.auth, { completed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Pass the exercise (an Accepted submission) to complete this lesson',
    });
    await submit(course.id, exercise.id, student.auth, WRONG_ON_HIDDEN);
    expect((await call('PUT', progressUrl, student.auth, { completed: true })).statusCode).toBe(409);
    await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    // Reopened and completed again: the pass still counts.
    expect((await call('PUT', progressUrl, student.auth, { completed: false })).statusCode).toBe(200);
    const again = await call('PUT', progressUrl, student.auth, { completed: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().completedLessonIds).toEqual([exercise.id]);
  });

  it('a course whose exercise is not passed cannot be completed; once passed, it can', async () => {
    const { course, exercise, article } = await createCourse();
    const student = await enrolledStudent(course.id);
    await call('PUT', `/api/courses/${course.id}/lessons/${article.id}/progress`, student.auth, { completed: true });
    expect((await call('POST', `/api/courses/${course.id}/complete`, student.auth)).statusCode).toBe(409);
    await submit(course.id, exercise.id, student.auth, RIGHT_JS);
    const done = await call('POST', `/api/courses/${course.id}/complete`, student.auth);
    expect(done.statusCode).toBe(200);
    expect(done.json().percent).toBe(100);
  });
});

describe('authoring an exercise lesson', () => {
  const lessonsUrl = (courseId: string, sectionId: string) => `/api/courses/${courseId}/sections/${sectionId}/lessons`;

  it('saves an exercise whose reference passes every test', async () => {
    const { course, section } = await createCourse();
    const reply = await call('POST', lessonsUrl(course.id, section.id), owner.auth, {
      title: 'Largest again',
      kind: 'exercise',
      body: 'Find it.',
      exercise: EXERCISE,
    });
    expect(reply.statusCode).toBe(201);
    const lesson = reply
      .json()
      .course.sections[0].lessons.find((each: { title: string }) => each.title === 'Largest again');
    expect(lesson.exerciseSpec.tests).toHaveLength(3);
    expect(lesson.exercise.testCount).toBe(4);
  });

  it('refuses a reference that fails a test, a missing exercise and a malformed one (400)', async () => {
    const { course, section } = await createCourse();
    const failing = await call('POST', lessonsUrl(course.id, section.id), owner.auth, {
      title: 'Broken',
      kind: 'exercise',
      exercise: { ...EXERCISE, reference: { language: 'javascript', code: WRONG_ON_HIDDEN } },
    });
    expect(failing.statusCode).toBe(400);
    expect(failing.json().error).toBe('The reference solution fails test 2 (Wrong Answer): it must pass every test');
    const missing = await call('POST', lessonsUrl(course.id, section.id), owner.auth, {
      title: 'Bare',
      kind: 'exercise',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('An exercise lesson needs its exercise: a signature, tests and a reference');
    const malformed = await call('POST', lessonsUrl(course.id, section.id), owner.auth, {
      title: 'Malformed',
      kind: 'exercise',
      exercise: { ...EXERCISE, tests: [{ args: { numbers: [1] }, expected: 1 }] },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('exercise.tests.0.args: Give the argument "nums"');
    const lessons = await t.database.db.select().from(courseLessons).where(eq(courseLessons.courseId, course.id));
    expect(lessons).toHaveLength(2);
  });

  it('judges the reference again only when the exercise changed: a title saved with it unchanged is not rerun', async () => {
    const { course, exercise } = await createCourse();
    // A stored reference that no longer passes (written past the API): only a changed exercise is judged again.
    const stale = { ...EXERCISE, reference: { language: 'javascript' as const, code: WRONG_ON_HIDDEN } };
    await t.database.db
      .update(courseLessons)
      .set({ exercise: readExercise(stale) })
      .where(eq(courseLessons.id, exercise.id));
    const url = `/api/courses/${course.id}/lessons/${exercise.id}`;
    const renamed = await call('PUT', url, owner.auth, { title: 'Largest, renamed', exercise: stale });
    expect(renamed.statusCode).toBe(200);
    const changed = await call('PUT', url, owner.auth, {
      title: 'Largest, changed',
      exercise: { ...stale, tests: [...stale.tests, { args: { nums: [2, 9] }, expected: 9 }] },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error).toBe('The reference solution fails test 2 (Wrong Answer): it must pass every test');
    const [row] = await t.database.db.select().from(courseLessons).where(eq(courseLessons.id, exercise.id));
    expect(row!.title).toBe('Largest, renamed');
  });

  it('Validate shows each test of the reference as written, for the owner and admins only', async () => {
    const { course } = await createCourse();
    const url = `/api/courses/${course.id}/exercise/validate`;
    const wrong = {
      ...EXERCISE,
      reference: { language: 'python', code: 'def largest(nums):\n    return max(0, *nums)\n' },
    };
    expect((await call('POST', url, {}, { exercise: wrong })).statusCode).toBe(401);
    const stranger = await createUser(t.app, t.database.db);
    expect((await call('POST', url, stranger.auth, { exercise: wrong })).statusCode).toBe(403);
    expect((await call('POST', url, otherInstructor.auth, { exercise: wrong })).statusCode).toBe(403);
    const reply = await call('POST', url, owner.auth, { exercise: wrong });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.valid).toBe(false);
    expect(body.tests.map((test: { passed: boolean; hidden: boolean }) => [test.passed, test.hidden])).toEqual([
      [true, false],
      [false, true],
      [true, true],
      [true, true],
    ]);
    expect(body.tests[1]).toMatchObject({
      index: 2,
      verdict: 'Wrong Answer',
      input: 'nums = [-7777,-9000]',
      expected: '-7777',
      actual: '0',
    });
    const admins = await call('POST', url, admin.auth, { exercise: EXERCISE });
    expect(admins.json()).toMatchObject({ valid: true, verdict: 'Accepted' });
    const bad = await call('POST', url, owner.auth, { exercise: { ...EXERCISE, parameters: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('exercise.parameters: Give the function at least one parameter');
  });
});

describe('the seeded exercise', () => {
  it('Modern JavaScript for the Web carries a real exercise with 8+ tests that its reference passes', async () => {
    const content = loadCourseFolder(path.join(COURSES_CONTENT_DIR, 'modern-javascript-for-the-web'));
    const lessons = content.sections.flatMap((section) => section.lessons);
    const exercises = lessons.filter((lesson) => lesson.kind === 'exercise');
    expect(exercises).toHaveLength(1);
    const exercise = exercises[0]!.exercise!;
    expect(exercise.examples.length + exercise.tests.length).toBeGreaterThanOrEqual(8);
    const result = await validateExercise(exercise);
    expect(result.tests.filter((test) => !test.passed)).toEqual([]);
    expect(result).toMatchObject({ valid: true, verdict: 'Accepted' });
    expect(result.tests).toHaveLength(16);
  });
});

describe('an exercise on a core-subject subtopic', () => {
  async function createSubtopic() {
    const id = `ex-${randomUUID().slice(0, 8)}`;
    const db = t.database.db;
    await db.insert(subjects).values({ id, name: 'Exercises subject', icon: 'code', description: '', position: 99 });
    await db
      .insert(subjectTopics)
      .values({ subjectId: id, id: 'basics', name: 'Basics', description: '', position: 0 });
    await db.insert(subjectSubtopics).values({
      subjectId: id,
      topicId: 'basics',
      id: 'largest',
      name: 'Largest',
      body: 'Find it.',
      exercise: EXERCISE,
    });
    await db
      .insert(subjectSubtopics)
      .values({ subjectId: id, topicId: 'basics', id: 'plain', name: 'Plain', body: 'Text.' });
    return {
      id,
      lessonUrl: `/api/subjects/${id}/topics/basics/subtopics/largest`,
      url: `/api/subjects/${id}/topics/basics/subtopics/largest/exercise/submissions`,
    };
  }

  it('shows the learner no hidden test, judges, and an Accepted submission completes the subtopic', async () => {
    const subtopic = await createSubtopic();
    const student = await createUser(t.app, t.database.db);
    const read = await call('GET', subtopic.lessonUrl, student.auth);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('7777');
    expect(read.body).not.toContain('REFERENCE-MARK');
    expect(read.json().lesson.exercise).toMatchObject({ functionName: 'largest', testCount: 4 });
    expect((await call('POST', subtopic.url, {}, { language: 'javascript', code: RIGHT_JS })).statusCode).toBe(401);

    const wrong = await call('POST', subtopic.url, student.auth, { language: 'javascript', code: WRONG_ON_HIDDEN });
    expect(wrong.json()).toMatchObject({
      submission: { verdict: 'Wrong Answer', failedCase: { index: 2, hidden: true } },
      completed: false,
    });
    expect(wrong.body).not.toContain('7777');
    const right = await call('POST', subtopic.url, student.auth, { language: 'javascript', code: RIGHT_JS });
    expect(right.json()).toMatchObject({ submission: { verdict: 'Accepted', passed: 4, total: 4 }, completed: true });
    const [progress] = await t.database.db
      .select()
      .from(subtopicProgress)
      .where(and(eq(subtopicProgress.userId, student.user.id), eq(subtopicProgress.subjectId, subtopic.id)));
    expect(progress!.completedAt).not.toBeNull();
    const rows = await t.database.db
      .select({ key: exerciseSubmissions.subtopicKey, lessonId: exerciseSubmissions.lessonId })
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.userId, student.user.id));
    expect(rows).toEqual([
      { key: `${subtopic.id}/basics/largest`, lessonId: null },
      { key: `${subtopic.id}/basics/largest`, lessonId: null },
    ]);
    const list = (await call('GET', subtopic.url, student.auth)).json().submissions;
    expect(list.map((row: { verdict: string }) => row.verdict)).toEqual(['Accepted', 'Wrong Answer']);
  });

  it('stores an Accepted submission with its completion or not at all: a subtopic deleted while judging keeps neither', async () => {
    const subtopic = await createSubtopic();
    const student = await createUser(t.app, t.database.db);
    const key = { subjectId: subtopic.id, topicId: 'basics', subtopicId: 'largest' };
    // The subtopic goes while its submission is judged: the completion finds no subtopic (404).
    const deleteDuringJudging = async () => {
      await t.database.db.delete(subjectSubtopics).where(eq(subjectSubtopics.subjectId, subtopic.id));
    };
    await expect(
      submitSubtopicExercise(
        t.database.db,
        { id: student.user.id, role: 'Student' },
        key,
        { language: 'javascript', code: RIGHT_JS },
        deleteDuringJudging,
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    const stored = await t.database.db
      .select()
      .from(exerciseSubmissions)
      .where(eq(exerciseSubmissions.userId, student.user.id));
    expect(stored).toEqual([]);
  });

  it('answers 404 for a subtopic without an exercise and an unknown one, 400 for bad input', async () => {
    const subtopic = await createSubtopic();
    const student = await createUser(t.app, t.database.db);
    const plain = await call('POST', subtopic.url.replace('/largest/', '/plain/'), student.auth, {
      language: 'javascript',
      code: RIGHT_JS,
    });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error).toBe('This lesson has no exercise');
    const unknown = await call('POST', subtopic.url.replace('/largest/', '/nope/'), student.auth, {
      language: 'javascript',
      code: RIGHT_JS,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', subtopic.url, student.auth, { language: 'ruby', code: 'x' })).statusCode).toBe(400);
  });

  it('the OOP subject carries a real encapsulation exercise that its reference passes', async () => {
    const oop = loadSubjectContent().find((subject) => subject.id === 'oop')!;
    const withExercise = oop.topics.flatMap((topic) => topic.subtopics).filter((subtopic) => subtopic.exercise);
    expect(withExercise.map((subtopic) => subtopic.id)).toEqual(['getters-setters-invariants']);
    const exercise = withExercise[0]!.exercise!;
    expect(exercise.examples.length + exercise.tests.length).toBe(11);
    const result = await validateExercise(exercise);
    expect(result.tests.filter((test) => !test.passed)).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
