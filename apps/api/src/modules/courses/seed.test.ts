import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CourseDetail, CourseSummary } from '@learnbuild/domain/schemas/courses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../seed/demo-accounts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { courseFolders, loadCourseFolder } from './content';
import { seedDemoCourses } from './seed';

const folders = courseFolders();

describe('the demo course content', () => {
  it('has at least six course folders', () => {
    expect(folders.length).toBeGreaterThanOrEqual(6);
  });

  for (const folder of folders) {
    it(`${path.basename(folder)}: parses, 2+ sections, 6+ lessons of real text, exactly one quiz`, () => {
      const course = loadCourseFolder(folder);
      expect(course.description.length).toBeGreaterThan(100);
      expect(course.outcomes.length).toBeGreaterThan(0);
      expect(course.sections.length).toBeGreaterThanOrEqual(2);
      const lessons = course.sections.flatMap((section) => section.lessons);
      expect(lessons.length).toBeGreaterThanOrEqual(6);
      const quizzes = lessons.filter((lesson) => lesson.kind === 'quiz');
      expect(quizzes).toHaveLength(1);
      expect(quizzes[0]!.quiz!.length).toBeGreaterThanOrEqual(3);
      for (const lesson of lessons) {
        expect(lesson.durationMinutes, lesson.file).toBeGreaterThan(0);
        if (lesson.kind === 'article') expect(lesson.body.split(/\s+/).length, lesson.file).toBeGreaterThan(300);
      }
      expect(lessons.some((lesson) => lesson.freePreview)).toBe(true);
    });
  }
});

describe('loading a course folder', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lb-courses-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const write = (folder: string, files: Record<string, string>) => {
    mkdirSync(path.join(root, folder), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, folder, name), text);
    return path.join(root, folder);
  };
  const yaml = (lessons: string[]) =>
    [
      'title: "A course"',
      'category: "Databases"',
      'level: "Beginner"',
      'description: "About it"',
      'sections:',
      '  - title: "One"',
      `    lessons: [${lessons.join(', ')}]`,
    ].join('\n');

  it('reads details, lessons and quiz questions with ids', () => {
    const folder = write('good', {
      'course.yaml': yaml(['a.md', 'q.md']),
      'a.md': '---\ntitle: "A"\nkind: article\ndurationMinutes: 4\nfreePreview: true\n---\n# Hello\n',
      'q.md': [
        '---',
        'title: "Q"',
        'kind: quiz',
        'durationMinutes: 2',
        'questions:',
        '  - prompt: "Yes?"',
        '    options: ["yes", "no"]',
        '    answer: 0',
        '    explanation: "Because"',
        '---',
        'Answer these.',
      ].join('\n'),
    });
    const course = loadCourseFolder(folder);
    expect(course).toMatchObject({ slug: 'good', title: 'A course', subtitle: '', tags: [], category: 'Databases' });
    expect(course.sections[0]!.lessons).toEqual([
      expect.objectContaining({ title: 'A', kind: 'article', body: '# Hello', freePreview: true, quiz: null }),
      expect.objectContaining({
        title: 'Q',
        kind: 'quiz',
        body: 'Answer these.',
        freePreview: false,
        quiz: [{ id: 'q1', prompt: 'Yes?', options: ['yes', 'no'], answer: 0, explanation: 'Because' }],
      }),
    ]);
  });

  it('refuses a missing lesson file, missing front matter, a bad kind and an answer outside the options', () => {
    expect(() => loadCourseFolder(write('missing', { 'course.yaml': yaml(['nope.md']) }))).toThrow();
    expect(() =>
      loadCourseFolder(write('bare', { 'course.yaml': yaml(['a.md']), 'a.md': '# no front matter' })),
    ).toThrow(/front matter/);
    expect(() =>
      loadCourseFolder(
        write('kind', {
          'course.yaml': yaml(['a.md']),
          'a.md': '---\ntitle: A\nkind: video\ndurationMinutes: 1\n---\n',
        }),
      ),
    ).toThrow();
    const badQuiz =
      '---\ntitle: Q\nkind: quiz\ndurationMinutes: 1\nquestions:\n  - prompt: P\n    options: [a, b]\n    answer: 5\n---\n';
    expect(() => loadCourseFolder(write('quiz', { 'course.yaml': yaml(['q.md']), 'q.md': badQuiz }))).toThrow(
      /no such answer/,
    );
  });
});

describe('seeding the demo courses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const login = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })).json()
      .token as string;

  it('does nothing without the demo instructor', async () => {
    expect(await seedDemoCourses(t.database.db)).toBe(0);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(courses);
    expect(row!.n).toBe(0);
  });

  it('publishes every loadable course by the demo instructor and enrols the demo student in two, once', async () => {
    await seedDemoAccounts(t.database.db);
    const loadable = folders.filter((folder) => {
      try {
        loadCourseFolder(folder);
        return true;
      } catch {
        return false;
      }
    });
    expect(await seedDemoCourses(t.database.db)).toBe(loadable.length);
    expect(await seedDemoCourses(t.database.db)).toBe(0);

    const list = (await t.app.inject({ method: 'GET', url: '/api/courses' })).json();
    expect(list.total).toBe(loadable.length);
    for (const course of list.courses as CourseSummary[]) {
      expect(course.instructor.name).toBe('Ian Instructor');
      expect(course.status).toBe('published');
    }

    // Counters equal a recount of the rows.
    const mismatched = await t.database.db.execute(sql`select c.slug from courses c
      where c.lesson_count <> (select count(*) from course_lessons l where l.course_id = c.id)
         or c.total_minutes <> (select coalesce(sum(duration_minutes), 0) from course_lessons l where l.course_id = c.id)
         or c.enrolled_count <> (select count(*) from course_enrollments e where e.course_id = c.id)
         or c.completed_count <> (select count(*) from course_enrollments e where e.course_id = c.id and e.completed_at is not null)`);
    expect(mismatched.rows).toEqual([]);

    const token = await login('student@demo.local');
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/courses?mine=enrolled',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(loadable.length).toBeGreaterThanOrEqual(2);
    expect(mine.total).toBe(2);
    for (const course of mine.courses as CourseSummary[]) {
      expect(course.progress!.completedLessons).toBeGreaterThan(0);
      expect(course.progress!.percent).toBeGreaterThan(0);
      expect(course.progress!.percent).toBeLessThan(100);
      expect(course.enrolledCount).toBe(1);
    }
    const slug = (mine.courses as CourseSummary[])[0]!.slug;
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/courses/${slug}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().course as CourseDetail;
    expect(detail.viewer.enrolled).toBe(true);
    expect(detail.viewer.lastLessonId).toEqual(expect.any(String));
    expect(detail.sections.flatMap((s) => s.lessons).every((lesson) => !lesson.locked)).toBe(true);
  });

  it('does not bring back a seeded course that was deleted', async () => {
    const [first] = await t.database.db.select({ id: courses.id }).from(courses).limit(1);
    expect(first).toBeDefined();
    await t.database.db.delete(courses).where(eq(courses.id, first!.id));
    expect(await seedDemoCourses(t.database.db)).toBe(0);
    expect((await t.database.db.select().from(courses).where(eq(courses.id, first!.id))).length).toBe(0);
  });

  it('reads no file of a course already seeded (a start after the first parses nothing)', async () => {
    // The same folder names in a place that does not exist: loading any of them would fail and warn.
    const gone = folders.map((folder) => path.join(tmpdir(), 'no-such-content', path.basename(folder)));
    const warnings: unknown[] = [];
    const log = { info() {}, warn: (entry: unknown) => void warnings.push(entry) };
    expect(await seedDemoCourses(t.database.db, log, gone)).toBe(0);
    expect(warnings).toEqual([]);
  });
});
