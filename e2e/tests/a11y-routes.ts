import type { Role } from '@learnbuild/domain/roles';
import { guardRoute, ROUTES } from '@learnbuild/domain/routes';
import type { APIRequestContext } from '@playwright/test';
import { completeCourseByApi, createPublishedCourse } from './course-fixtures';
import { apiLogin, DEMO, registerVerifiedUser } from './helpers';

/** The roles the matrix signs in as; `null` is the anonymous visitor. */
export const MATRIX_ROLES = [
  { name: 'anonymous', role: null, email: null },
  { name: 'Student', role: 'Student', email: DEMO.student },
  { name: 'Instructor', role: 'Instructor', email: DEMO.instructor },
  { name: 'Admin', role: 'Admin', email: DEMO.admin },
] as const satisfies readonly { name: string; role: Role | null; email: string | null }[];
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface MatrixRoute {
  /** The pattern in the route table, e.g. /subject/:subjectId. */
  pattern: string;
  /** The address the browser opens, with real ids in place of the parameters. */
  path: string;
  /**
   * The earlier path showing the same screen with the same parameters ('/Home' for '/', '/dsa-management'
   * for '/admin/dsa'): such an alias is opened and checked once, not at every width and theme again.
   */
  aliasOf?: string;
}

/** A lesson of the seeded subjects, preferring one with a code block (the widest content a lesson has). */
async function seededLesson(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO.student);
  const headers = { authorization: `Bearer ${token}` };
  const subjects = (await (await request.get('/api/subjects')).json()).subjects as { id: string }[];
  let first: { subjectId: string; topicId: string; subtopicId: string } | null = null;
  for (const subject of subjects) {
    const detail = (await (await request.get(`/api/subjects/${subject.id}`)).json()).subject as {
      topics: { id: string; subtopics: { id: string }[] }[];
    };
    for (const topic of detail.topics) {
      for (const subtopic of topic.subtopics.slice(0, 3)) {
        const key = { subjectId: subject.id, topicId: topic.id, subtopicId: subtopic.id };
        first ??= key;
        const reply = await request.get(`/api/subjects/${subject.id}/topics/${topic.id}/subtopics/${subtopic.id}`, {
          headers,
        });
        const body = ((await reply.json()).lesson?.body ?? '') as string;
        if (body.includes('```')) return key;
      }
    }
  }
  if (!first) throw new Error('the seed has no subject with a lesson');
  return first;
}

/**
 * A published course made for the matrix (a free-preview article with code, a locked article, a quiz)
 * and a certificate a fresh learner earned in it. Made once per run: every role's test shares them.
 */
let matrixCourse: Promise<Record<string, string>> | null = null;
function courseParameters(request: APIRequestContext): Promise<Record<string, string>> {
  matrixCourse ??= (async () => {
    const course = await createPublishedCourse(request, 'a11y matrix');
    const learner = await registerVerifiedUser(request, 'Axe Learner');
    const certificateId = await completeCourseByApi(request, learner.token, course);
    const certificate = await (await request.get(`/api/certificates/${certificateId}`)).json();
    return {
      courseId: course.id,
      previewLessonId: course.lessons.find((lesson) => lesson.freePreview)!.id,
      quizLessonId: course.lessons.find((lesson) => lesson.kind === 'quiz')!.id,
      certificateId,
      // Issue 30: the verify page of that certificate, by its printed code.
      certificateCode: certificate.certificate.code as string,
    };
  })();
  matrixCourse.catch(() => {
    matrixCourse = null;
  });
  return matrixCourse;
}

/**
 * A seeded blog post of the demo instructor with a table of contents and code, so the post and its
 * editor (/blog/:slug/edit, open to its author and Admins) show real content.
 */
async function seededPostSlug(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, DEMO.instructor);
  const me = (await (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).json())
    .user as { id: string };
  const posts = (await (await request.get('/api/blog')).json()).posts as { slug: string; author: { id: string } }[];
  const post = posts.find((candidate) => candidate.author.id === me.id) ?? posts[0];
  if (!post) throw new Error('the seed has no blog post');
  return post.slug;
}

/**
 * A seeded community thread with an accepted answer, code and several replies (the fullest thread page),
 * else the most active one.
 */
async function seededThreadId(request: APIRequestContext): Promise<string> {
  const threads = (await (await request.get('/api/community/threads?sort=top')).json()).threads as {
    id: string;
    answered: boolean;
    replyCount: number;
  }[];
  const thread = threads.find((candidate) => candidate.answered && candidate.replyCount > 1) ?? threads[0];
  if (!thread) throw new Error('the seed has no community thread');
  return thread.id;
}

/**
 * Issue 29: the demo student's public profile, turned on with every part shown (the fullest profile page: the
 * seeded progress gives its heatmap and solved counts). Sending the same handle again is allowed, so every run
 * and role may do it.
 */
async function publicProfileHandle(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, DEMO.student);
  const reply = await request.put('/api/auth/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { handle: 'demo-student', publicProfile: { enabled: true } },
  });
  if (!reply.ok()) throw new Error(`the demo student's profile was not turned on: ${reply.status()}`);
  return 'demo-student';
}

/**
 * Real values for every route parameter, discovered through the API. Parameters of screens with
 * nothing seeded behind them (tokens are one-time secrets) get a well-formed stand-in. A parameter
 * nobody knows stops the run: add it here.
 */
export async function routeParameters(request: APIRequestContext): Promise<Record<string, string>> {
  const lesson = await seededLesson(request);
  return {
    ...lesson,
    ...(await courseParameters(request)),
    token: 'a11y-matrix-0000000000000000000000000000',
    slug: await seededPostSlug(request),
    // Issue 27: a judged problem of the seeded sheet.
    problemSlug: 'two-sum',
    threadId: await seededThreadId(request),
    handle: await publicProfileHandle(request),
  };
}

/**
 * Views a screen shows by its query string, each checked as a route of its own, for the roles its
 * route lets in (the course editor's tabs and lesson editor: Instructors and Admins).
 */
const QUERY_VIEWS = [
  '/courses/:courseId?lesson=:previewLessonId',
  '/courses/:courseId?lesson=:quizLessonId',
  '/courses/edit/:courseId?tab=curriculum',
  '/courses/edit/:courseId?tab=curriculum&lesson=:quizLessonId',
  '/courses/edit/:courseId?tab=publish',
];

/** Every route of the table with its parameters filled in, plus an unknown address for the not-found screen. */
export function matrixRoutes(parameters: Record<string, string>): MatrixRoute[] {
  const fill = (pattern: string): MatrixRoute => ({
    pattern,
    path: pattern.replace(/:(\w+)/g, (_match, name: string) => {
      const value = parameters[name];
      if (!value) throw new Error(`no value for :${name} of ${pattern}; add it to routeParameters`);
      return encodeURIComponent(value);
    }),
  });
  return [
    ...ROUTES.map((route) => fill(route.path)),
    ...QUERY_VIEWS.map(fill),
    { pattern: '*', path: '/no-such-page' },
  ];
}

/** What a route shows: its screen and parameters (a topic route opens its first lesson, the same as the lesson route). */
function screenKey(pattern: string): string {
  const entry = ROUTES.find((candidate) => candidate.path === pattern);
  const parameters = (pattern.match(/:\w+/g) ?? []).filter((name) => name !== ':subtopicId');
  return `${entry?.screen ?? pattern} ${parameters.join()}`;
}

/**
 * The routes a role may open: exactly those the route guard lets through. A route showing the same
 * screen as an earlier one of the role's is marked as its alias.
 */
export function routesFor(role: MatrixRole, routes: MatrixRoute[]): MatrixRoute[] {
  const seen = new Map<string, string>();
  return routes
    .filter((route) => {
      const base = route.pattern.split('?')[0];
      const entry = ROUTES.find((candidate) => candidate.path === base);
      return !entry || guardRoute(entry.access, role.role, route.path).kind === 'allow';
    })
    .map((route) => {
      const key = screenKey(route.pattern);
      const aliasOf = seen.get(key);
      if (!aliasOf) seen.set(key, route.path);
      return aliasOf ? { ...route, aliasOf } : route;
    });
}
