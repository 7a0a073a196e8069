import type { Role } from '@learnbuild/domain/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { blogPosts, courseLessons, courseSections, courses, dsaProblems, dsaTopics } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { insertUser } from '../modules/auth/queries';

export const TEST_PASSWORD = 'correct horse battery staple';
let counter = 0;

/** Creates a verified user with the given role and returns a signed-in token for it. */
export async function createUser(
  app: FastifyInstance,
  db: Db,
  role: Role = 'Student',
  overrides: { email?: string; name?: string } = {},
) {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
  const user = await insertUser(db, {
    name: overrides.name ?? `Test ${role} ${counter}`,
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    wantsToBeInstructor: false,
    role,
    emailVerifiedAt: new Date(),
  });
  const reply = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  const token = reply.json().token as string;
  return { user, token, email, auth: { authorization: `Bearer ${token}` } };
}

/** A DSA topic named "<name> topic" holding one Easy problem per slug, titled "<name> <slug>", in that order. */
export async function createDsaProblems(db: Db, name: string, slugs: readonly string[] = ['one', 'two']) {
  const [topic] = await db
    .insert(dsaTopics)
    .values({ name: `${name} topic` })
    .returning();
  const prefix = name.toLowerCase();
  return db
    .insert(dsaProblems)
    .values(
      slugs.map((slug, position) => ({
        slug: `${prefix}-${slug}`,
        title: `${name} ${slug}`,
        step: 'Step 1',
        topicId: topic!.id,
        difficulty: 'Easy' as const,
        url: `https://judge.example.com/${prefix}/${slug}`,
        position,
      })),
    )
    .returning();
}

/** Pulls the 6-digit code and the link token out of a verification mail. */
export function readVerificationMail(text: string): { otp: string; linkToken: string } {
  const otp = /code is (\d{6})/.exec(text)?.[1];
  const linkToken = /verify-email\/([\w-]+)/.exec(text)?.[1];
  if (!otp || !linkToken) throw new Error(`not a verification mail: ${text}`);
  return { otp, linkToken };
}

export function readResetToken(text: string): string {
  const token = /reset-password\/([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`not a reset mail: ${text}`);
  return token;
}

let courseCounter = 0;

/**
 * A course of `instructorId` written straight to the tables (counters included): `sections` lists the
 * lesson kinds of each section. Articles read "Body of <lesson title>"; each quiz has two questions whose
 * answers are options 0 and 1. The first lesson is a free preview.
 */
export async function createCourseRows(
  db: Db,
  instructorId: string,
  options: {
    title?: string;
    status?: 'draft' | 'published' | 'archived';
    sections?: ('article' | 'quiz')[][];
    category?: string;
    level?: 'Beginner' | 'Intermediate' | 'Advanced';
    tags?: string[];
  } = {},
) {
  courseCounter += 1;
  const title = options.title ?? `Factory course ${courseCounter}`;
  const plan = options.sections ?? [['article', 'article'], ['quiz']];
  const status = options.status ?? 'published';
  const [course] = await db
    .insert(courses)
    .values({
      slug: `factory-course-${courseCounter}-${Date.now()}`,
      title,
      description: `About ${title}`,
      category: options.category ?? 'Web Development',
      level: options.level ?? 'Beginner',
      tags: options.tags ?? [],
      status,
      instructorId,
      publishedAt: status === 'draft' ? null : new Date(),
      lessonCount: plan.flat().length,
      totalMinutes: plan.flat().length * 5,
    })
    .returning();
  const sections = [];
  let first = true;
  for (const [sectionIndex, kinds] of plan.entries()) {
    const [section] = await db
      .insert(courseSections)
      .values({ courseId: course!.id, title: `Section ${sectionIndex + 1}`, position: sectionIndex })
      .returning();
    const lessons = [];
    for (const [position, kind] of kinds.entries()) {
      const lessonTitle = `Lesson ${sectionIndex + 1}.${position + 1}`;
      const [lesson] = await db
        .insert(courseLessons)
        .values({
          courseId: course!.id,
          sectionId: section!.id,
          title: lessonTitle,
          kind,
          body: `Body of ${lessonTitle}`,
          quiz:
            kind === 'quiz'
              ? [
                  { id: 'q1', prompt: 'First?', options: ['yes', 'no'], answer: 0, explanation: 'Because.' },
                  { id: 'q2', prompt: 'Second?', options: ['a', 'b', 'c'], answer: 1, explanation: 'Also.' },
                ]
              : null,
          durationMinutes: 5,
          freePreview: first,
          position,
        })
        .returning();
      first = false;
      lessons.push(lesson!);
    }
    sections.push({ ...section!, lessons });
  }
  return { course: course!, sections, lessons: sections.flatMap((section) => section.lessons) };
}

let blogPostCounter = 0;

/**
 * A blog post of `authorId` written straight to the table (published now unless told otherwise): for states
 * the API cannot make on purpose, such as a scheduled post whose time has already come.
 */
export async function createBlogPostRow(db: Db, authorId: string, values: Partial<typeof blogPosts.$inferInsert> = {}) {
  blogPostCounter += 1;
  const status = values.status ?? 'published';
  const [post] = await db
    .insert(blogPosts)
    .values({
      slug: `factory-post-${blogPostCounter}-${Date.now()}`,
      title: `Factory post ${blogPostCounter}`,
      excerpt: `About factory post ${blogPostCounter}`,
      body: `Body of factory post ${blogPostCounter}`,
      authorId,
      status,
      publishedAt: status === 'published' ? new Date() : null,
      ...values,
    })
    .returning();
  return post!;
}
