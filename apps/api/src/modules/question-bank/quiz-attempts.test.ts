import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessonProgress, courseLessons, courseQuizAnswers, courseQuizAttempts } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
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

interface BankBody {
  kind: 'single' | 'multiple' | 'short' | 'output';
  prompt: string;
  options?: string[];
  answer: Record<string, unknown>;
  explanation?: string;
}

/** One question of each kind; the choice ones' options are all different texts. */
const BANK: BankBody[] = [
  {
    kind: 'single',
    prompt: 'Capital of France?',
    options: ['Berlin', 'Paris', 'Rome'],
    answer: { option: 1 },
    explanation: 'Paris.',
  },
  { kind: 'multiple', prompt: 'Primes?', options: ['2', '4', '5', '9'], answer: { options: [0, 2] } },
  { kind: 'short', prompt: 'Big-O of binary search?', answer: { accept: ['O(log n)'], pattern: 'o\\(log ?n\\)' } },
  { kind: 'output', prompt: '```python\nfor i in range(3): print(i)\n```', answer: { output: '0\n1\n2\n' } },
];

interface PublicQuestion {
  id: string;
  kind: BankBody['kind'];
  prompt: string;
  options: string[];
}

/**
 * A published course of `owner` whose one lesson draws from a bank holding BANK (the second lesson is a fixed
 * quiz). Returns the bank question ids in BANK's order.
 */
async function drawnQuizCourse(settings: Record<string, unknown> = {}, bank: BankBody[] = BANK) {
  const { course, lessons } = await createCourseRows(t.database.db, owner.user.id, { sections: [['quiz', 'quiz']] });
  const ids: string[] = [];
  for (const body of bank) {
    const reply = await call('POST', `/api/courses/${course.id}/questions`, owner.auth, body);
    expect(reply.statusCode).toBe(201);
    ids.push(reply.json().question.id);
  }
  const lesson = lessons[0]!;
  const saved = await call('PUT', `/api/courses/${course.id}/lessons/${lesson.id}`, owner.auth, {
    quizSettings: { draw: bank.length, ...settings },
  });
  expect(saved.statusCode).toBe(200);
  const base = `/api/courses/${course.id}/lessons/${lesson.id}`;
  return {
    course,
    lesson,
    fixedLesson: lessons[1]!,
    ids,
    base,
    bank: new Map(ids.map((id, index) => [id, bank[index]!])),
  };
}

async function enrolledStudent(courseId: string) {
  const learner = await createUser(t.app, t.database.db, 'Student');
  expect((await call('POST', `/api/courses/${courseId}/enroll`, learner.auth)).statusCode).toBe(200);
  return learner;
}

/** The right (or a wrong) answer to each shown question, worked out from the bank's keys and the shown options. */
function answersFor(questions: PublicQuestion[], bank: Map<string, BankBody>, right: boolean) {
  return questions.map((question) => {
    const body = bank.get(question.id)!;
    const shown = (own: number) => question.options.indexOf(body.options![own]!);
    if (body.kind === 'single') {
      const key = shown(body.answer.option as number);
      return { choice: right ? key : (key + 1) % question.options.length };
    }
    if (body.kind === 'multiple') {
      const keys = (body.answer.options as number[]).map(shown).sort();
      return { choices: right ? keys : keys.slice(0, 1) };
    }
    if (body.kind === 'short') return { text: right ? ' o(LOG n) ' : 'O(n)' };
    return { text: right ? '0\n1\n2' : '1\n2\n3' };
  });
}

describe('attempts at a quiz drawn from the bank', () => {
  it('answers 401 signed out and 403 to someone not enrolled; learners, the owner and admins may start', async () => {
    const { course, base } = await drawnQuizCourse();
    const outsider = await createUser(t.app, t.database.db, 'Student');
    const paths: [string, (auth: Headers) => ReturnType<typeof call>][] = [
      ['state', (auth) => call('GET', `${base}/attempts/current`, auth)],
      ['start', (auth) => call('POST', `${base}/attempts`, auth)],
      [
        'submit',
        (auth) => call('POST', `${base}/attempts/3f1e0a55-0000-4000-8000-000000000000/submit`, auth, { answers: [] }),
      ],
    ];
    for (const [name, request] of paths) {
      const anonymous = await request({});
      expect([name, anonymous.statusCode, anonymous.json().error]).toEqual([name, 401, 'Please log in to continue']);
      const notEnrolled = await request(outsider.auth);
      expect([name, notEnrolled.statusCode, notEnrolled.json().error]).toEqual([
        name,
        403,
        'Enroll in this course first',
      ]);
    }
    const learner = await enrolledStudent(course.id);
    for (const who of [learner, owner, admin]) {
      expect((await call('GET', `${base}/attempts/current`, who.auth)).json().attempt).toBeNull();
      const started = await call('POST', `${base}/attempts`, who.auth);
      expect(started.statusCode).toBe(201);
      const submitted = await call('POST', `${base}/attempts/${started.json().attempt.id}/submit`, who.auth, {
        answers: [{}, {}, {}, {}],
      });
      expect([submitted.statusCode, submitted.json().correct]).toEqual([200, 0]);
    }
    // Someone else's attempt is not theirs to submit.
    const mine = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt.id;
    const foreign = await call('POST', `${base}/attempts/${mine}/submit`, admin.auth, { answers: [{}, {}, {}, {}] });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'Attempt not found']);
    const unknown = await call('POST', `${base}/attempts/3f1e0a55-0000-4000-8000-000000000000/submit`, learner.auth, {
      answers: [],
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Attempt not found']);
    const fixed = await call(
      'GET',
      `/api/courses/${course.id}/lessons/3f1e0a55-0000-4000-8000-000000000000/attempts/current`,
      learner.auth,
    );
    expect([fixed.statusCode, fixed.json().error]).toEqual([404, 'Lesson not found']);
  });

  it('gives the same attempt after a reload: same questions, same order, same options; no keys', async () => {
    const { course, base, ids } = await drawnQuizCourse({ draw: 3 });
    const learner = await enrolledStudent(course.id);
    const started = await call('POST', `${base}/attempts`, learner.auth);
    expect(started.statusCode).toBe(201);
    const attempt = started.json().attempt;
    expect(attempt).toMatchObject({ status: 'open', total: 3, deadlineAt: null, submittedAt: null, correct: null });
    expect(attempt.questions).toHaveLength(3);
    for (const question of attempt.questions) expect(ids).toContain(question.id);
    expect(Object.keys(attempt.questions[0]).sort()).toEqual(['id', 'kind', 'options', 'prompt']);
    const text = started.body;
    for (const secret of ['"answer"', 'O(log n)', 'explanation', '"order"', 'seed']) expect(text).not.toContain(secret);

    const reloaded = await call('GET', `${base}/attempts/current`, learner.auth);
    expect(reloaded.json().attempt).toEqual(attempt);
    const again = await call('POST', `${base}/attempts`, learner.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().attempt).toEqual(attempt);
    expect(again.json().attemptsUsed).toBe(1);
    const [row] = await t.database.db
      .select({ seed: courseQuizAttempts.seed, questions: courseQuizAttempts.questions })
      .from(courseQuizAttempts)
      .where(eq(courseQuizAttempts.id, attempt.id));
    // The attempt keeps its questions with their keys, in the order shown.
    expect((row!.questions as { key: string }[]).map((question) => question.key)).toEqual(
      attempt.questions.map((question: PublicQuestion) => question.id),
    );
    expect(row!.seed).toBeGreaterThanOrEqual(0);
  });

  it('grades every kind right and wrong, writes one answer row per question and keeps the best score', async () => {
    const { course, base, bank, lesson, ids } = await drawnQuizCourse();
    const learner = await enrolledStudent(course.id);
    const first = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    const right = await call('POST', `${base}/attempts/${first.id}/submit`, learner.auth, {
      answers: answersFor(first.questions, bank, true),
    });
    expect(right.statusCode).toBe(200);
    const graded = right.json();
    expect(graded).toMatchObject({ correct: 4, total: 4, passed: true, attemptsUsed: 1, attemptsLeft: null });
    expect(graded.best).toEqual({ correct: 4, total: 4 });
    expect(graded.attempt).toMatchObject({ status: 'submitted', correct: 4 });
    const byKind = new Map(
      graded.results.map((result: { questionId: string }) => [bank.get(result.questionId)!.kind, result]),
    );
    expect(byKind.get('short')).toMatchObject({ correct: true, expected: { options: [], text: 'O(log n)' } });
    expect(byKind.get('output')).toMatchObject({ correct: true, expected: { options: [], text: '0\n1\n2' } });
    const shownSingle = first.questions.find((question: PublicQuestion) => question.kind === 'single');
    expect(byKind.get('single')).toMatchObject({
      correct: true,
      expected: { options: [shownSingle.options.indexOf('Paris')], text: null },
      explanation: 'Paris.',
    });

    const rows = await t.database.db
      .select({
        key: courseQuizAnswers.questionKey,
        correct: courseQuizAnswers.correct,
        choice: courseQuizAnswers.choice,
      })
      .from(courseQuizAnswers)
      .where(eq(courseQuizAnswers.attemptId, first.id));
    expect(new Map(rows.map((row) => [row.key, [row.correct, row.choice]]))).toEqual(
      new Map([
        [ids[0]!, [true, 1]],
        [ids[1]!, [true, 0]],
        [ids[2]!, [true, null]],
        [ids[3]!, [true, null]],
      ]),
    );

    const second = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    const wrong = await call('POST', `${base}/attempts/${second.id}/submit`, learner.auth, {
      answers: answersFor(second.questions, bank, false),
    });
    expect(wrong.json()).toMatchObject({
      correct: 0,
      total: 4,
      passed: false,
      attemptsUsed: 2,
      best: { correct: 4, total: 4 },
    });
    const wrongRows = await t.database.db
      .select({
        key: courseQuizAnswers.questionKey,
        correct: courseQuizAnswers.correct,
        choice: courseQuizAnswers.choice,
      })
      .from(courseQuizAnswers)
      .where(eq(courseQuizAnswers.attemptId, second.id));
    // The single choice's wrong pick is recorded in the question's own order; the multiple's first pick (2) was right.
    const singleWrong = wrongRows.find((row) => row.key === ids[0]);
    const shownSecond = second.questions.find((question: PublicQuestion) => question.id === ids[0]);
    const pickedShown = (shownSecond.options.indexOf('Paris') + 1) % 3;
    expect(singleWrong).toEqual({
      key: ids[0],
      correct: false,
      choice: BANK[0]!.options!.indexOf(shownSecond.options[pickedShown]),
    });
    expect(wrongRows.filter((row) => row.correct)).toEqual([]);
    const [progress] = await t.database.db
      .select({
        correct: courseLessonProgress.quizCorrect,
        total: courseLessonProgress.quizTotal,
        completedAt: courseLessonProgress.completedAt,
      })
      .from(courseLessonProgress)
      .where(and(eq(courseLessonProgress.lessonId, lesson.id), eq(courseLessonProgress.userId, learner.user.id)));
    expect(progress).toMatchObject({ correct: 4, total: 4, completedAt: expect.any(Date) });

    const twice = await call('POST', `${base}/attempts/${second.id}/submit`, learner.auth, {
      answers: answersFor(second.questions, bank, true),
    });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'This attempt was already submitted']);
  });

  it('refuses answers it cannot grade with 400 and the exact reason', async () => {
    const { course, base, bank } = await drawnQuizCourse();
    const learner = await enrolledStudent(course.id);
    const attempt = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    const submit = (answers: unknown) =>
      call('POST', `${base}/attempts/${attempt.id}/submit`, learner.auth, { answers } as object);
    const tooFew = await submit([{}]);
    expect([tooFew.statusCode, tooFew.json().error]).toEqual([
      400,
      'This attempt has 4 questions: send one answer for each',
    ]);
    const place = (kind: string) => attempt.questions.findIndex((question: PublicQuestion) => question.kind === kind);
    const withAt = (index: number, value: unknown) => {
      const answers: unknown[] = answersFor(attempt.questions, bank, true);
      answers[index] = value;
      return answers;
    };
    const cases: [unknown, string][] = [
      [withAt(place('single'), { choice: 7 }), `Answer ${place('single') + 1} must be one of the question's options`],
      [
        withAt(place('single'), { text: 'Paris' }),
        `Answer ${place('single') + 1} must be one of the question's options`,
      ],
      [
        withAt(place('multiple'), { choice: 1 }),
        `Answer ${place('multiple') + 1} must be a list of the question's options`,
      ],
      [withAt(place('multiple'), { choices: [0, 0] }), `Answer ${place('multiple') + 1} lists an option twice`],
      [withAt(place('short'), { choices: [1] }), `Answer ${place('short') + 1} must be text`],
      [
        withAt(place('short'), { text: 'x'.repeat(201) }),
        `Answer ${place('short') + 1} must be at most 200 characters`,
      ],
      [
        withAt(place('output'), { choice: 1, text: '2' }),
        `Answer ${place('output') + 1} must give only one of choice, choices or text`,
      ],
      ['all of them', 'Answers must be a list'],
      [[5, {}, {}, {}], 'Each answer must be an object with choice, choices or text'],
    ];
    for (const [answers, error] of cases) {
      const reply = await submit(answers);
      expect([reply.statusCode, reply.json().error]).toEqual([400, error]);
    }
    // Left-out answers are wrong, not refused.
    const blank = await submit([{}, {}, {}, {}]);
    expect(blank.json()).toMatchObject({ correct: 0, total: 4 });
  });

  it('leaves a graded attempt as it was when the bank question is edited or deleted afterwards', async () => {
    const { course, base, bank, ids, lesson } = await drawnQuizCourse();
    const learner = await enrolledStudent(course.id);
    const attempt = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    await call('POST', `${base}/attempts/${attempt.id}/submit`, learner.auth, {
      answers: answersFor(attempt.questions, bank, true),
    });
    const edited = await call('PATCH', `/api/courses/${course.id}/questions/${ids[0]}`, owner.auth, {
      prompt: 'Capital of Italy?',
      answer: { option: 2 },
    });
    expect(edited.json().question.version).toBe(2);
    expect((await call('DELETE', `/api/courses/${course.id}/questions/${ids[3]}`, owner.auth)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ correct: courseQuizAttempts.correct, questions: courseQuizAttempts.questions })
      .from(courseQuizAttempts)
      .where(eq(courseQuizAttempts.id, attempt.id));
    expect(row!.correct).toBe(4);
    const kept = (row!.questions as { key: string; prompt: string; version: number; answer: unknown }[]).find(
      (question) => question.key === ids[0],
    );
    expect(kept).toMatchObject({ prompt: 'Capital of France?', version: 1, answer: { option: 1 } });
    const answers = await t.database.db
      .select({ correct: courseQuizAnswers.correct })
      .from(courseQuizAnswers)
      .where(eq(courseQuizAnswers.attemptId, attempt.id));
    expect(answers.map((answer) => answer.correct)).toEqual([true, true, true, true]);
    const state = (await call('GET', `${base}/attempts/current`, learner.auth)).json();
    expect(state.best).toEqual({ correct: 4, total: 4 });
    // A new attempt draws the edited question and skips the deleted one.
    await call('PUT', `/api/courses/${course.id}/lessons/${lesson.id}`, owner.auth, {
      quizSettings: { draw: 3 },
    });
    const next = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    expect(next.questions.map((question: PublicQuestion) => question.id).sort()).toEqual(
      [ids[0], ids[1], ids[2]].sort(),
    );
    expect(next.questions.find((question: PublicQuestion) => question.id === ids[0]).prompt).toBe('Capital of Italy?');
  });

  it('sets a deadline by the time limit and refuses answers after it and its grace', async () => {
    const { course, base, bank } = await drawnQuizCourse({ timeLimitSeconds: 60 });
    const learner = await enrolledStudent(course.id);
    const state = (await call('POST', `${base}/attempts`, learner.auth)).json();
    expect(state.settings).toEqual({ draw: 4, timeLimitSeconds: 60, attemptLimit: null });
    const { attempt } = state;
    const seconds = (Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)) / 1000;
    expect(seconds).toBeGreaterThan(59);
    expect(seconds).toBeLessThan(61);
    const setDeadline = (secondsAgo: number) =>
      t.database.db
        .update(courseQuizAttempts)
        .set({ deadlineAt: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where(eq(courseQuizAttempts.id, attempt.id));
    // Within the 10 s grace: taken.
    await setDeadline(5);
    const inGrace = await call('POST', `${base}/attempts/${attempt.id}/submit`, learner.auth, {
      answers: answersFor(attempt.questions, bank, true),
    });
    expect(inGrace.json().correct).toBe(4);

    const late = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    await t.database.db
      .update(courseQuizAttempts)
      .set({ deadlineAt: sql`now() - interval '11 seconds'` })
      .where(eq(courseQuizAttempts.id, late.id));
    const refused = await call('POST', `${base}/attempts/${late.id}/submit`, learner.auth, {
      answers: answersFor(late.questions, bank, true),
    });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      'Time is up for this attempt: answers sent after its deadline are not accepted',
    ]);
    const after = (await call('GET', `${base}/attempts/current`, learner.auth)).json();
    expect(after).toMatchObject({ attempt: null, attemptsUsed: 2, best: { correct: 4, total: 4 } });
    const again = await call('POST', `${base}/attempts/${late.id}/submit`, learner.auth, { answers: [] });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'Time is up for this attempt: answers sent after its deadline are not accepted',
    ]);
    const answerRows = await t.database.db
      .select({ key: courseQuizAnswers.questionKey })
      .from(courseQuizAnswers)
      .where(eq(courseQuizAnswers.attemptId, late.id));
    expect(answerRows).toEqual([]);
  });

  it('closes an open attempt whose time ran out when the learner comes back', async () => {
    const { course, base } = await drawnQuizCourse({ timeLimitSeconds: 30 });
    const learner = await enrolledStudent(course.id);
    const first = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    await t.database.db
      .update(courseQuizAttempts)
      .set({ deadlineAt: sql`now() - interval '1 minute'` })
      .where(eq(courseQuizAttempts.id, first.id));
    const next = await call('POST', `${base}/attempts`, learner.auth);
    expect(next.statusCode).toBe(201);
    expect(next.json().attempt.id).not.toBe(first.id);
    const [closed] = await t.database.db
      .select({ correct: courseQuizAttempts.correct, submittedAt: courseQuizAttempts.submittedAt })
      .from(courseQuizAttempts)
      .where(eq(courseQuizAttempts.id, first.id));
    expect(closed).toMatchObject({ correct: 0, submittedAt: expect.any(Date) });
  });

  it('holds learners to the attempt limit with 403 and says how many are left; the owner is not held', async () => {
    const { course, base, bank } = await drawnQuizCourse({ attemptLimit: 2 });
    const learner = await enrolledStudent(course.id);
    const lefts: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const started = (await call('POST', `${base}/attempts`, learner.auth)).json();
      lefts.push(started.attemptsLeft);
      const done = await call('POST', `${base}/attempts/${started.attempt.id}/submit`, learner.auth, {
        answers: answersFor(started.attempt.questions, bank, false),
      });
      lefts.push(done.json().attemptsLeft);
    }
    expect(lefts).toEqual([1, 1, 0, 0]);
    const refused = await call('POST', `${base}/attempts`, learner.auth);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { success: false, error: 'You have used all 2 attempts at this quiz' },
    ]);
    expect((await call('GET', `${base}/attempts/current`, learner.auth)).json()).toMatchObject({
      attemptsUsed: 2,
      attemptsLeft: 0,
      attempt: null,
    });
    for (let round = 0; round < 3; round += 1) {
      const mine = (await call('POST', `${base}/attempts`, owner.auth)).json();
      expect(mine.attemptsLeft).toBeNull();
      await call('POST', `${base}/attempts/${mine.attempt.id}/submit`, owner.auth, {
        answers: [{}, {}, {}, {}],
      });
    }
    // The owner's tries leave no answer rows for the item analysis.
    const ownerAnswers = await t.database.db
      .select({ key: courseQuizAnswers.questionKey })
      .from(courseQuizAnswers)
      .innerJoin(courseQuizAttempts, eq(courseQuizAttempts.id, courseQuizAnswers.attemptId))
      .where(eq(courseQuizAttempts.userId, owner.user.id));
    expect(ownerAnswers).toEqual([]);
  });

  it('holds a locked lesson closed for starting and submitting, as the read does', async () => {
    const { course, base, lesson, bank } = await drawnQuizCourse();
    const learner = await enrolledStudent(course.id);
    const attempt = (await call('POST', `${base}/attempts`, learner.auth)).json().attempt;
    const opensAt = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.database.db
      .update(courseLessons)
      .set({ releaseAt: opensAt, freePreview: false })
      .where(eq(courseLessons.id, lesson.id));
    const read = await call('GET', base, learner.auth);
    expect(read.statusCode).toBe(403);
    for (const reply of [
      await call('GET', `${base}/attempts/current`, learner.auth),
      await call('POST', `${base}/attempts`, learner.auth),
      await call('POST', `${base}/attempts/${attempt.id}/submit`, learner.auth, {
        answers: answersFor(attempt.questions, bank, true),
      }),
    ]) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual(read.json());
      expect(reply.json().opensAt).toBe(opensAt.toISOString());
    }
    expect((await call('POST', `${base}/attempts`, owner.auth)).statusCode).toBe(201);
  });

  it('answers 409 when the bank has nothing left to draw', async () => {
    const { course, base, ids } = await drawnQuizCourse({ draw: 1 }, [BANK[0]!]);
    const learner = await enrolledStudent(course.id);
    await call('DELETE', `/api/courses/${course.id}/questions/${ids[0]}`, owner.auth);
    const reply = await call('POST', `${base}/attempts`, learner.auth);
    expect([reply.statusCode, reply.json().error]).toEqual([409, 'This quiz has no questions to draw yet']);
  });
});

describe('a fixed quiz', () => {
  it('records its submission as an attempt with one answer row per question keyed by the question id', async () => {
    const { course, fixedLesson } = await drawnQuizCourse();
    const learner = await enrolledStudent(course.id);
    const reply = await call('POST', `/api/courses/${course.id}/lessons/${fixedLesson.id}/quiz`, learner.auth, {
      answers: [0, 2],
    });
    expect(reply.json()).toMatchObject({ correct: 1, total: 2, passed: false });
    const attempts = await t.database.db
      .select({
        id: courseQuizAttempts.id,
        correct: courseQuizAttempts.correct,
        total: courseQuizAttempts.total,
        answers: courseQuizAttempts.answers,
      })
      .from(courseQuizAttempts)
      .where(and(eq(courseQuizAttempts.lessonId, fixedLesson.id), eq(courseQuizAttempts.userId, learner.user.id)));
    expect(attempts).toMatchObject([{ correct: 1, total: 2, answers: [0, 2] }]);
    const rows = await t.database.db
      .select({
        key: courseQuizAnswers.questionKey,
        correct: courseQuizAnswers.correct,
        choice: courseQuizAnswers.choice,
      })
      .from(courseQuizAnswers)
      .where(eq(courseQuizAnswers.attemptId, attempts[0]!.id));
    expect(rows.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'q1', correct: true, choice: 0 },
      { key: 'q2', correct: false, choice: 2 },
    ]);
    // The owner's try is graded and leaves nothing behind.
    await call('POST', `/api/courses/${course.id}/lessons/${fixedLesson.id}/quiz`, owner.auth, { answers: [0, 1] });
    const ownerAttempts = await t.database.db
      .select({ id: courseQuizAttempts.id })
      .from(courseQuizAttempts)
      .where(and(eq(courseQuizAttempts.userId, owner.user.id), eq(courseQuizAttempts.lessonId, fixedLesson.id)));
    expect(ownerAttempts).toEqual([]);
  });
});
