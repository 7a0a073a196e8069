import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { insertUser, upsertPendingApplication } from '../auth/queries';
import { LAST_ADMIN_MESSAGE, OWN_ROLE_MESSAGE, USER_NOT_FOUND_MESSAGE } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.database.db, 'Admin', { name: 'Ada Admin', email: 'ada@admin.test' });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = admin.auth) => t.app.inject({ method: 'GET', url, headers });
const setRole = (userId: string, role: unknown, headers: Headers = admin.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/role`, headers, payload: { role } });

describe('every role against every admin endpoint', () => {
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  const endpoints = [
    { method: 'GET', url: '/api/admin/instructor-applications' },
    { method: 'POST', url: `/api/admin/instructor-applications/${SOME_ID}/approve` },
    {
      method: 'POST',
      url: `/api/admin/instructor-applications/${SOME_ID}/reject`,
      payload: { reason: 'x', resubmissionAllowed: true },
    },
    { method: 'GET', url: '/api/admin/users' },
    { method: 'PATCH', url: `/api/admin/users/${SOME_ID}/role`, payload: { role: 'Student' } },
    { method: 'GET', url: '/api/admin/audit-log' },
    { method: 'GET', url: '/api/auth/admin-dashboard-stats' },
  ] as const;
  /** What an Admin gets: the unknown id is a 404, everything else works. */
  const adminStatus: Record<string, number> = {
    [endpoints[1].url]: 404,
    [endpoints[2].url]: 404,
    [endpoints[4].url]: 404,
  };

  const cases = endpoints.flatMap((endpoint) =>
    (['anonymous', 'Student', 'pending_instructor', 'Instructor', 'Admin'] as const).map(
      (role) => [`${endpoint.method} ${endpoint.url.replace(SOME_ID, ':id')}`, role, endpoint] as const,
    ),
  );

  it.each(cases)('%s as %s', async (_name, role, endpoint) => {
    const headers = role === 'anonymous' ? {} : (await createUser(t.app, t.database.db, role)).auth;
    const reply = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers,
      ...('payload' in endpoint ? { payload: endpoint.payload } : {}),
    });
    if (role === 'anonymous') {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
    } else if (role !== 'Admin') {
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ success: false, error: 'You do not have permission to do that' });
    } else {
      expect(reply.statusCode).toBe(adminStatus[endpoint.url] ?? 200);
    }
  });
});

describe('GET /api/admin/instructor-applications', () => {
  /** Applicants of this block only: the search narrows every list to them. */
  const TAG = 'queue-test';
  beforeAll(async () => {
    const make = async (name: string) => {
      const student = await createUser(t.app, t.database.db, 'Student', {
        name: `${name} ${TAG}`,
        email: `${name.toLowerCase()}.${TAG}@example.com`,
      });
      await t.app.inject({ method: 'POST', url: '/api/auth/apply-instructor', headers: student.auth });
      return student;
    };
    const approved = await make('Alice');
    await make('Bob');
    const rejected = await make('Cleo');
    await make('Dan');
    const list = await get(`/api/admin/instructor-applications?q=${TAG}`);
    const idOf = (email: string) =>
      list.json().applications.find((a: { user: { email: string } }) => a.user.email === email).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${idOf(approved.email)}/approve`,
      headers: admin.auth,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${idOf(rejected.email)}/reject`,
      headers: admin.auth,
      payload: { reason: 'Needs a sample lesson' },
    });
  });

  it('lists pending first (oldest waiting on top), then decided ones, with the applicant', async () => {
    const reply = await get(`/api/admin/instructor-applications?q=${TAG}`);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.success).toBe(true);
    expect(body.total).toBe(4);
    expect(body.applications.map((a: { status: string }) => a.status)).toEqual([
      'pending',
      'pending',
      'rejected',
      'approved',
    ]);
    expect(body.applications.map((a: { user: { name: string } }) => a.user.name)).toEqual([
      `Bob ${TAG}`,
      `Dan ${TAG}`,
      `Cleo ${TAG}`,
      `Alice ${TAG}`,
    ]);
    expect(body.applications[2]).toEqual({
      id: expect.any(String),
      status: 'rejected',
      requestDate: expect.any(String),
      decidedAt: expect.any(String),
      bio: null,
      expertise: [],
      yearsOfExperience: null,
      links: [],
      rejectionReason: 'Needs a sample lesson',
      resubmissionAllowed: true,
      user: { id: expect.any(String), name: `Cleo ${TAG}`, email: `cleo.${TAG}@example.com` },
    });
  });

  it.each([
    ['pending', 2],
    ['approved', 1],
    ['rejected', 1],
  ])('filters by status=%s', async (status, count) => {
    const body = (await get(`/api/admin/instructor-applications?status=${status}&q=${TAG}`)).json();
    expect(body.total).toBe(count);
    expect(body.applications.every((a: { status: string }) => a.status === status)).toBe(true);
  });

  it('searches by name or email, case-insensitively', async () => {
    expect((await get(`/api/admin/instructor-applications?q=CLEO`)).json().applications).toHaveLength(1);
    expect((await get(`/api/admin/instructor-applications?q=dan.${TAG}@`)).json().applications).toHaveLength(1);
  });

  it('takes % and _ in the search literally', async () => {
    expect((await get('/api/admin/instructor-applications?q=%25')).json().total).toBe(0);
    expect((await get('/api/admin/instructor-applications?q=_')).json().total).toBe(0);
    expect((await get(`/api/admin/instructor-applications?q=queue_test`)).json().total).toBe(0);
  });

  it('refuses an unknown status and a bad page with 400', async () => {
    const status = await get('/api/admin/instructor-applications?status=maybe');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ success: false, error: 'Status must be pending, approved or rejected' });
    const page = await get('/api/admin/instructor-applications?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().error).toBe('Page must be 1 or more');
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i++) {
      const row = await insertUser(t.database.db, {
        name: `Pager ${i}`,
        email: `pager${i}@example.com`,
        passwordHash: null,
        wantsToBeInstructor: true,
        role: 'pending_instructor',
        emailVerifiedAt: new Date(),
      });
      await upsertPendingApplication(t.database.db, row.id);
    }
    const first = (await get('/api/admin/instructor-applications?q=Pager')).json();
    const second = (await get('/api/admin/instructor-applications?q=Pager&page=2')).json();
    expect(first.total).toBe(21);
    expect(first.applications).toHaveLength(20);
    expect(second.applications).toHaveLength(1);
    const ids = new Set([...first.applications, ...second.applications].map((a: { id: string }) => a.id));
    expect(ids.size).toBe(21);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with role, join date and verification', async () => {
    const fresh = await createUser(t.app, t.database.db, 'Instructor', { name: 'Newest Person' });
    const body = (await get('/api/admin/users')).json();
    expect(body.success).toBe(true);
    expect(body.total).toBeGreaterThan(1);
    expect(body.users[0]).toEqual({
      id: fresh.user.id,
      name: 'Newest Person',
      email: fresh.email,
      role: 'Instructor',
      joinedAt: fresh.user.createdAt.toISOString(),
      emailVerified: true,
    });
  });

  it('searches by name or email and filters by role', async () => {
    await createUser(t.app, t.database.db, 'Student', { name: 'Zed Searchable', email: 'zed.searchable@example.com' });
    await createUser(t.app, t.database.db, 'Instructor', { name: 'Zoe Searchable' });
    expect((await get('/api/admin/users?q=searchable')).json().total).toBe(2);
    expect((await get('/api/admin/users?q=ZED.SEARCH')).json().users).toMatchObject([{ name: 'Zed Searchable' }]);
    const instructors = (await get('/api/admin/users?q=searchable&role=Instructor')).json();
    expect(instructors.users).toMatchObject([{ name: 'Zoe Searchable', role: 'Instructor' }]);
    expect((await get('/api/admin/users?q=%25')).json().total).toBe(0);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i++) {
      await insertUser(t.database.db, {
        name: `Paged User ${i}`,
        email: `paged${i}@example.com`,
        passwordHash: null,
        wantsToBeInstructor: false,
      });
    }
    const first = (await get('/api/admin/users?q=Paged%20User')).json();
    const second = (await get('/api/admin/users?q=Paged%20User&page=2')).json();
    expect(first.total).toBe(21);
    expect(first.users).toHaveLength(20);
    expect(second.users).toHaveLength(1);
  });

  it('refuses an unknown role filter with 400', async () => {
    const reply = await get('/api/admin/users?role=Wizard');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().success).toBe(false);
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('changes a role, writes the audit log and replies with the user', async () => {
    const student = await createUser(t.app, t.database.db, 'Student', { name: 'Promoted Pat' });
    const reply = await setRole(student.user.id, 'Instructor');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      user: {
        id: student.user.id,
        name: 'Promoted Pat',
        email: student.email,
        role: 'Instructor',
        joinedAt: expect.any(String),
        emailVerified: true,
      },
    });
    const [entry] = (await get('/api/admin/audit-log')).json().entries;
    expect(entry).toEqual({
      id: expect.any(String),
      action: 'user.role_changed',
      actor: { id: admin.user.id, name: 'Ada Admin', email: 'ada@admin.test' },
      target: { id: student.user.id, name: 'Promoted Pat', email: student.email },
      reason: null,
      details: { from: 'Student', to: 'Instructor' },
      createdAt: expect.any(String),
    });
  });

  it('takes effect on the target’s existing token at once, both ways', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    expect((await get('/api/admin/users', user.auth)).statusCode).toBe(403);
    expect((await setRole(user.user.id, 'Admin')).statusCode).toBe(200);
    expect((await get('/api/auth/me', user.auth)).json().user.role).toBe('Admin');
    expect((await get('/api/admin/users', user.auth)).statusCode).toBe(200);
    expect((await setRole(user.user.id, 'Student')).statusCode).toBe(200);
    expect((await get('/api/auth/me', user.auth)).json().user.role).toBe('Student');
    expect((await get('/api/admin/users', user.auth)).statusCode).toBe(403);
  });

  it('refuses to change your own role with 403', async () => {
    const reply = await setRole(admin.user.id, 'Student');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ success: false, error: OWN_ROLE_MESSAGE });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.role).toBe('Admin');
  });

  it('never leaves the platform without an Admin: two admins demoting each other at once, one wins, 409 for the other', async () => {
    const isolated = await buildTestApp();
    try {
      const first = await createUser(isolated.app, isolated.database.db, 'Admin');
      const second = await createUser(isolated.app, isolated.database.db, 'Admin');
      const patch = (actor: typeof first, target: typeof first) =>
        isolated.app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${target.user.id}/role`,
          headers: actor.auth,
          payload: { role: 'Student' },
        });
      const replies = await Promise.all([patch(first, second), patch(second, first)]);
      const codes = replies.map((reply) => reply.statusCode).sort();
      // The loser is refused either way: 409 when both checks overlap, 403 when the winner's demotion
      // of the loser commits before the loser's own role is read.
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const refused = replies.find((reply) => reply.statusCode !== 200)!;
      if (refused.statusCode === 409) expect(refused.json()).toEqual({ success: false, error: LAST_ADMIN_MESSAGE });
      else expect(refused.json()).toMatchObject({ success: false });
      const admins = await isolated.database.db.select().from(users).where(eq(users.role, 'Admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await isolated.close();
    }
  });

  it('answers an unchanged role with 200 and writes no audit entry', async () => {
    const instructor = await createUser(t.app, t.database.db, 'Instructor');
    const before = (await get('/api/admin/audit-log')).json().total;
    const reply = await setRole(instructor.user.id, 'Instructor');
    expect(reply.statusCode).toBe(200);
    expect((await get('/api/admin/audit-log')).json().total).toBe(before);
  });

  it.each([
    ['pending_instructor', 'Role must be Student, Instructor or Admin'],
    ['Wizard', 'Role must be Student, Instructor or Admin'],
    [undefined, 'Role must be Student, Instructor or Admin'],
  ])('refuses role %s with 400', async (role, error) => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const reply = await setRole(student.user.id, role);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await setRole('00000000-0000-4000-8000-000000000001', 'Student');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: USER_NOT_FOUND_MESSAGE });
    const malformed = await setRole('nope', 'Student');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: 'Must be a valid id' });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('records every decision with who, what, whom, when and why, newest first', async () => {
    const student = await createUser(t.app, t.database.db, 'Student', { name: 'Audited Applicant' });
    await t.app.inject({ method: 'POST', url: '/api/auth/apply-instructor', headers: student.auth });
    const list = (await get(`/api/admin/instructor-applications?q=${encodeURIComponent(student.email)}`)).json();
    const id = list.applications[0].id;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${id}/reject`,
      headers: admin.auth,
      payload: { reason: 'Portfolio missing', resubmissionAllowed: true },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/apply-instructor', headers: student.auth });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${id}/approve`,
      headers: admin.auth,
    });

    const [approved, rejected] = (await get('/api/admin/audit-log')).json().entries;
    const target = { id: student.user.id, name: 'Audited Applicant', email: student.email };
    const actor = { id: admin.user.id, name: 'Ada Admin', email: 'ada@admin.test' };
    expect(approved).toMatchObject({
      action: 'application.approved',
      actor,
      target,
      reason: null,
      details: { applicationId: id, roleFrom: 'pending_instructor', roleTo: 'Instructor' },
    });
    expect(rejected).toMatchObject({
      action: 'application.rejected',
      actor,
      target,
      reason: 'Portfolio missing',
      details: { applicationId: id, roleFrom: 'pending_instructor', roleTo: 'Student', resubmissionAllowed: true },
    });
    expect(Date.parse(approved.createdAt)).toBeGreaterThanOrEqual(Date.parse(rejected.createdAt));
  });

  it('pages by 20 with the total', async () => {
    const target = await createUser(t.app, t.database.db, 'Student');
    for (let i = 0; i < 22; i++) await setRole(target.user.id, i % 2 === 0 ? 'Instructor' : 'Student');
    const first = (await get('/api/admin/audit-log')).json();
    expect(first.entries).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(22);
    const last = (await get(`/api/admin/audit-log?page=${Math.ceil(first.total / 20)}`)).json();
    expect(last.entries).toHaveLength(first.total % 20 || 20);
  });

  it('keeps entries when the people in them delete their accounts', async () => {
    const leaving = await createUser(t.app, t.database.db, 'Student', { name: 'Leaving Soon' });
    await setRole(leaving.user.id, 'Instructor');
    await t.database.db.delete(users).where(eq(users.id, leaving.user.id));
    const [entry] = (await get('/api/admin/audit-log')).json().entries;
    expect(entry).toMatchObject({ action: 'user.role_changed', target: null, details: { to: 'Instructor' } });
  });
});
