import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

/** Marks a DSA problem solved, or not, as the sheet does. */
export const solveProblem = (app: FastifyInstance, auth: Headers, problemId: string, solved = true) =>
  app.inject({
    method: 'PUT',
    url: `/api/dsa/progress/${problemId}`,
    headers: auth,
    payload: { solved, timeZone: 'UTC' },
  });

/** Completes the seeded lesson DBMS › SQL › Joins (the subjects must be seeded). */
export const completeJoinsLesson = (app: FastifyInstance, auth: Headers) =>
  app.inject({
    method: 'PUT',
    url: '/api/subjects/dbms/topics/sql/subtopics/joins/progress',
    headers: auth,
    payload: { completed: true },
  });

/** Applies to teach with no body, as SPEC 7's client does. */
export const applyToTeach = (app: FastifyInstance, auth: Headers) =>
  app.inject({ method: 'POST', url: '/api/auth/apply-instructor', headers: auth, payload: {} });

/** The id of the user's application, read from the admin's queue of pending ones. */
export async function pendingApplicationIdOf(
  app: FastifyInstance,
  adminAuth: Headers,
  userId: string,
): Promise<string> {
  const list = await app.inject({
    method: 'GET',
    url: '/api/admin/instructor-applications?status=pending',
    headers: adminAuth,
  });
  return list.json().applications.find((application: { user: { id: string } }) => application.user.id === userId).id;
}
