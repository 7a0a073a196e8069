import type { APIRequestContext } from '@playwright/test';
import { apiLogin, bearer, DEMO, expect } from './helpers';

export interface FixtureLesson {
  id: string;
  title: string;
  kind: 'article' | 'video' | 'quiz';
  freePreview: boolean;
}

export interface FixtureCourse {
  id: string;
  slug: string;
  title: string;
  category: string;
  level: string;
  lessons: FixtureLesson[];
  /** The right option of each quiz question, in order. */
  quizAnswers: number[];
}

/** Two article lessons (the first a free preview with a runnable code block) and a two-question quiz. */
const ARTICLES = [
  {
    title: 'Why indexes make reads fast',
    freePreview: true,
    durationMinutes: 7,
    body: [
      '## A table without an index',
      '',
      'Finding one row means reading every row. An index keeps a sorted copy of one column, so the database can jump to the row instead.',
      '',
      '```js',
      'const rows = [5, 1, 4];',
      'console.log(rows.includes(4));',
      '```',
      '',
      '```sql',
      'CREATE INDEX orders_customer_idx ON orders (customer_id);',
      '```',
    ].join('\n'),
  },
  {
    title: 'When an index does not help',
    freePreview: false,
    durationMinutes: 9,
    body: 'A query that reads most of the table is faster as a **sequential scan**. An index on a column with two values rarely helps.',
  },
];
const QUIZ = [
  {
    prompt: 'What does an index store?',
    options: [
      'A sorted copy of some columns pointing at the rows',
      'A second copy of the whole table',
      'The query plan',
    ],
    answer: 0,
    explanation: 'An index keeps the indexed columns in order, each with a pointer to its row.',
  },
  {
    prompt: 'A query reads 90% of a table. What does the planner usually choose?',
    options: ['An index scan', 'A sequential scan', 'A hash join'],
    answer: 1,
    explanation: 'Reading nearly everything is cheaper in one pass than by jumping through an index.',
  },
];

/** Sends course writes as the demo instructor; each must succeed, and answers the course it returns. */
async function asInstructor(request: APIRequestContext) {
  const headers = bearer(await apiLogin(request, DEMO.instructor));
  return async (method: 'post' | 'put', path: string, data: object) => {
    const reply = await request[method](path, { headers, data });
    expect(reply.ok(), `${method.toUpperCase()} ${path}: ${await reply.text()}`).toBeTruthy();
    return (await reply.json()).course as {
      _id: string;
      slug: string;
      sections: { id: string; lessons: FixtureLesson[] }[];
    };
  };
}

/**
 * Creates and publishes a small course as the demo instructor, through the API: one section of two
 * articles and one with a quiz. The title carries `label`, so tests can find their own course.
 */
export async function createPublishedCourse(request: APIRequestContext, label: string): Promise<FixtureCourse> {
  const send = await asInstructor(request);
  const title = `Indexing ${label}`;
  const created = await send('post', '/api/courses', {
    title,
    subtitle: 'How database indexes find rows quickly, and when they do not.',
    description: 'Learn what an **index** is and when the planner uses one.\n\n- B-tree basics\n- Reading plans',
    category: 'Databases',
    level: 'Advanced',
    tags: ['sql', 'indexes'],
    outcomes: ['Explain what an index stores', 'Tell when a sequential scan wins'],
  });
  const id = created._id;
  const first = (await send('post', `/api/courses/${id}/sections`, { title: 'Index basics' })).sections[0]!.id;
  for (const article of ARTICLES) {
    await send('post', `/api/courses/${id}/sections/${first}/lessons`, { kind: 'article', ...article });
  }
  const withQuiz = await send('post', `/api/courses/${id}/sections`, { title: 'Check your understanding' });
  const second = withQuiz.sections[1]!.id;
  await send('post', `/api/courses/${id}/sections/${second}/lessons`, {
    kind: 'quiz',
    title: 'Indexes quiz',
    durationMinutes: 4,
    quiz: QUIZ,
  });
  const published = await send('put', `/api/courses/${id}`, { status: 'published' });
  return {
    id,
    slug: published.slug,
    title,
    category: 'Databases',
    level: 'Advanced',
    lessons: published.sections.flatMap((section) =>
      section.lessons.map(({ id: lessonId, title: lessonTitle, kind, freePreview }) => ({
        id: lessonId,
        title: lessonTitle,
        kind,
        freePreview,
      })),
    ),
    quizAnswers: QUIZ.map((question) => question.answer),
  };
}

/** Enrolls the token's user and completes every lesson through the API; returns the certificate id. */
export async function completeCourseByApi(request: APIRequestContext, token: string, course: FixtureCourse) {
  const headers = bearer(token);
  expect((await request.post(`/api/courses/${course.id}/enroll`, { headers })).ok()).toBeTruthy();
  for (const lesson of course.lessons) {
    const reply =
      lesson.kind === 'quiz'
        ? await request.post(`/api/courses/${course.id}/lessons/${lesson.id}/quiz`, {
            headers,
            data: { answers: course.quizAnswers },
          })
        : await request.put(`/api/courses/${course.id}/lessons/${lesson.id}/progress`, {
            headers,
            data: { completed: true },
          });
    expect(reply.ok(), await reply.text()).toBeTruthy();
  }
  const completed = await request.post(`/api/courses/${course.id}/complete`, { headers });
  expect(completed.ok(), await completed.text()).toBeTruthy();
  return (await completed.json()).certificateId as string;
}

/** Count the vowels: two examples and three hidden tests (one of them in capitals). */
const COUNT_VOWELS = {
  functionName: 'countVowels',
  parameters: [{ name: 'text', type: 'string' }],
  returnType: 'int',
  examples: [
    { args: { text: 'LearnBuild' }, expected: 4, explanation: 'e, a, u and i.' },
    { args: { text: 'rhythm' }, expected: 0, explanation: 'No vowels at all.' },
  ],
  tests: [
    { args: { text: '' }, expected: 0, note: 'empty' },
    { args: { text: 'AEIOU' }, expected: 5, note: 'capitals' },
    { args: { text: 'queue' }, expected: 4, note: 'repeated vowels' },
  ],
  reference: {
    language: 'javascript',
    code: 'function countVowels(text) { return (text.match(/[aeiou]/gi) ?? []).length; }',
  },
};

/** A published course of the demo instructor: a code exercise, then an article. */
export async function createExerciseCourse(request: APIRequestContext) {
  const send = await asInstructor(request);
  const title = `Strings in practice ${Date.now()}`;
  const created = await send('post', '/api/courses', {
    title,
    description: 'Small string functions, judged on the server.',
    category: 'Web Development',
    level: 'Beginner',
  });
  const section = (await send('post', `/api/courses/${created._id}/sections`, { title: 'Practice' })).sections[0]!.id;
  await send('post', `/api/courses/${created._id}/sections/${section}/lessons`, {
    kind: 'exercise',
    title: 'Count the vowels',
    durationMinutes: 10,
    body: 'Return how many vowels (**a, e, i, o, u**, in either case) the text holds.',
    exercise: COUNT_VOWELS,
  });
  await send('post', `/api/courses/${created._id}/sections/${section}/lessons`, {
    kind: 'article',
    title: 'What comes next',
    durationMinutes: 3,
    body: 'Regular expressions, in depth.',
  });
  const published = await send('put', `/api/courses/${created._id}`, { status: 'published' });
  return { id: published._id, slug: published.slug, title, exerciseId: published.sections[0]!.lessons[0]!.id };
}
