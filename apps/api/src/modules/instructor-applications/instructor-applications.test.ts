import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instructorApplications, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, readVerificationMail, TEST_PASSWORD } from '../../test/factories';
import {
  ALREADY_INSTRUCTOR_MESSAGE,
  ALREADY_PENDING_MESSAGE,
  APPLICATION_NOT_FOUND_MESSAGE,
  FINAL_REJECTION_MESSAGE,
} from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.database.db, 'Admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.mail.sent.length = 0;
});

type Headers = Record<string, string>;
const apply = (headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/apply-instructor',
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const statusOf = (headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/auth/instructor-application-status', headers });
const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const applicationIdOf = async (userId: string) =>
  (
    await t.database.db
      .select({ id: instructorApplications.id })
      .from(instructorApplications)
      .where(eq(instructorApplications.userId, userId))
  )[0]!.id;
const adminSearch = (text: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/instructor-applications?q=${encodeURIComponent(text)}`,
    headers: admin.auth,
  });
const approve = (id: string, headers: Headers = admin.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/instructor-applications/${id}/approve`, headers });
const reject = (id: string, payload: unknown, headers: Headers = admin.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/instructor-applications/${id}/reject`,
    headers,
    payload: payload as object,
  });

/** What the status endpoint answers an applicant whose application waits for a decision. */
const PENDING_STATUS = {
  success: true,
  applicationStatus: 'pending',
  canApply: false,
  wantsToBeInstructor: true,
  resubmissionAllowed: true,
  rejectionReason: null,
};

/** A Student who has applied with no body, as SPEC 7's client does. */
async function applicant(name = 'Sam Student') {
  const student = await createUser(t.app, t.database.db, 'Student', { name });
  expect((await apply(student.auth)).statusCode).toBe(200);
  return { ...student, applicationId: await applicationIdOf(student.user.id) };
}

describe('POST /api/auth/apply-instructor', () => {
  it('accepts a Student with no body and makes the role pending_instructor', async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const reply = await apply(student.auth);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toEqual({
      success: true,
      message: 'Your instructor application has been submitted. Review usually takes 24 to 48 hours.',
      status: 'pending',
      applicationDate: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.applicationDate) - Date.now())).toBeLessThan(60_000);
    expect((await me(student.auth)).json().user).toMatchObject({
      role: 'pending_instructor',
      wantsToBeInstructor: true,
      instructorApplication: { status: 'pending', requestDate: body.applicationDate },
    });
  });

  it('accepts a JSON content type with an empty body (SPEC 7 sends no payload)', async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apply-instructor',
      headers: { ...student.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().status).toBe('pending');
  });

  it("stores the form's bio, expertise, years and links for the admin to read", async () => {
    const student = await createUser(t.app, t.database.db, 'Student', { name: 'Form Filler' });
    const form = {
      bio: 'I teach graph algorithms to beginners.',
      expertise: ['Algorithms', 'TypeScript'],
      yearsOfExperience: 6,
      links: ['https://github.com/form-filler', 'http://form-filler.dev', 'https://www.linkedin.com/in/ff'],
    };
    expect((await apply(student.auth, form)).statusCode).toBe(200);
    const list = await adminSearch(student.email);
    expect(list.json().applications).toEqual([
      expect.objectContaining({
        ...form,
        status: 'pending',
        decidedAt: null,
        rejectionReason: null,
        resubmissionAllowed: true,
        user: { id: student.user.id, name: 'Form Filler', email: student.email },
      }),
    ]);
  });

  it.each([
    ['a link that is not http(s)', { links: ['ftp://files.example.com'] }, 'Links must start with http:// or https://'],
    ['a javascript: link', { links: ['javascript:alert(1)'] }, 'Links must start with http:// or https://'],
    ['text that is no address', { links: ['my github'] }, 'Links must start with http:// or https://'],
    [
      'more than 3 links',
      { links: ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example'] },
      'Add at most 3 links',
    ],
    ['negative years', { yearsOfExperience: -1 }, 'Years of experience cannot be negative'],
    ['a bio over 2000 characters', { bio: 'x'.repeat(2001) }, 'Bio must be at most 2000 characters'],
    ['links that are not a list', { links: 'https://a.example' }, 'Links must be a list of addresses'],
  ])('refuses %s with 400 and a clear error', async (_name, payload, error) => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const reply = await apply(student.auth, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
    expect((await statusOf(student.auth)).json().applicationStatus).toBe('none');
  });

  it('refuses an anonymous caller with 401', async () => {
    const reply = await apply({});
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
  });

  it.each(['Instructor', 'Admin'] as const)('refuses an %s with 403', async (role) => {
    const user = await createUser(t.app, t.database.db, role);
    const reply = await apply(user.auth);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ success: false, error: ALREADY_INSTRUCTOR_MESSAGE });
  });

  it('refuses a second application while one is pending with 409', async () => {
    const student = await applicant();
    const reply = await apply(student.auth);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ success: false, error: ALREADY_PENDING_MESSAGE });
  });
});

describe('GET /api/auth/instructor-application-status', () => {
  it("reports 'none' for a Student who never applied", async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const reply = await statusOf(student.auth);
    expect(reply.json()).toEqual({
      success: true,
      applicationStatus: 'none',
      canApply: true,
      wantsToBeInstructor: false,
      resubmissionAllowed: true,
      rejectionReason: null,
    });
  });

  it("reports 'pending' after applying, and canApply false", async () => {
    const student = await applicant();
    expect((await statusOf(student.auth)).json()).toEqual(PENDING_STATUS);
  });

  it.each(['Instructor', 'Admin'] as const)('tells an %s they cannot apply', async (role) => {
    const user = await createUser(t.app, t.database.db, role);
    expect((await statusOf(user.auth)).json()).toMatchObject({ applicationStatus: 'none', canApply: false });
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await statusOf({})).statusCode).toBe(401);
  });

  it('reports the pending application created when a registration that asked for Instructor is verified', async () => {
    const email = `wish-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Wishful', email, password: TEST_PASSWORD, wantsToBeInstructor: true },
      remoteAddress: '10.9.0.1',
    });
    await t.app.mailWorker.runOnce();
    const { otp } = readVerificationMail(t.mail.sent.find((mail) => mail.to === email)!.text);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp },
      remoteAddress: '10.9.0.1',
    });
    expect(verified.json().instructorApplicationCreated).toBe(true);
    const auth = { authorization: `Bearer ${verified.json().token}` };
    expect((await statusOf(auth)).json()).toEqual(PENDING_STATUS);
    // The admin sees it in the queue like any other application.
    const list = await adminSearch(email);
    expect(list.json().applications).toMatchObject([{ status: 'pending', user: { email }, bio: null, links: [] }]);
  });
});

describe('transitions (SPEC 4)', () => {
  it('none → pending → approved: the user becomes Instructor and may not apply again', async () => {
    const student = await applicant();
    const reply = await approve(student.applicationId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      application: { id: student.applicationId, status: 'approved', decidedAt: expect.any(String) },
    });
    expect((await me(student.auth)).json().user.role).toBe('Instructor');
    expect((await statusOf(student.auth)).json()).toMatchObject({ applicationStatus: 'approved', canApply: false });
    expect((await apply(student.auth)).statusCode).toBe(403);
  });

  it('pending → rejected with resubmission: back to Student, may reapply, and the same row re-opens as pending', async () => {
    const student = await applicant();
    const reply = await reject(student.applicationId, { reason: 'Please add a portfolio link.' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().application).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please add a portfolio link.',
      resubmissionAllowed: true,
    });
    expect((await me(student.auth)).json().user.role).toBe('Student');
    expect((await statusOf(student.auth)).json()).toEqual({
      success: true,
      applicationStatus: 'rejected',
      canApply: true,
      wantsToBeInstructor: true,
      resubmissionAllowed: true,
      rejectionReason: 'Please add a portfolio link.',
    });

    const again = await apply(student.auth, { links: ['https://portfolio.example'] });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      'Your instructor application has been resubmitted. Review usually takes 24 to 48 hours.',
    );
    expect(await applicationIdOf(student.user.id)).toBe(student.applicationId);
    expect((await me(student.auth)).json().user.role).toBe('pending_instructor');
    expect((await statusOf(student.auth)).json()).toMatchObject({
      applicationStatus: 'pending',
      canApply: false,
      rejectionReason: null,
    });
    const list = await adminSearch(student.email);
    expect(list.json().applications).toMatchObject([
      { status: 'pending', decidedAt: null, rejectionReason: null, links: ['https://portfolio.example'] },
    ]);
    // And it can be decided again.
    expect((await approve(student.applicationId)).statusCode).toBe(200);
  });

  it('pending → rejected for good: resubmissionAllowed false, and a new application is refused with 403', async () => {
    const student = await applicant();
    const reply = await reject(student.applicationId, { reason: 'Not a fit.', resubmissionAllowed: false });
    expect(reply.statusCode).toBe(200);
    expect((await statusOf(student.auth)).json()).toEqual({
      success: true,
      applicationStatus: 'rejected',
      canApply: false,
      wantsToBeInstructor: true,
      resubmissionAllowed: false,
      rejectionReason: 'Not a fit.',
    });
    const again = await apply(student.auth);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ success: false, error: FINAL_REJECTION_MESSAGE });
    expect((await me(student.auth)).json().user.role).toBe('Student');
  });

  it('an approved Instructor whose role an admin took back may apply again', async () => {
    const student = await applicant();
    await approve(student.applicationId);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${student.user.id}/role`,
      headers: admin.auth,
      payload: { role: 'Student' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await statusOf(student.auth)).json()).toMatchObject({ applicationStatus: 'approved', canApply: true });
    expect((await apply(student.auth)).statusCode).toBe(200);
    expect((await me(student.auth)).json().user.role).toBe('pending_instructor');
  });
});

describe('deciding', () => {
  it('refuses to decide an already decided application with 409', async () => {
    const student = await applicant();
    expect((await approve(student.applicationId)).statusCode).toBe(200);
    const twice = await approve(student.applicationId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, error: 'This application has already been approved' });
    const rejectLater = await reject(student.applicationId, { reason: 'Changed my mind' });
    expect(rejectLater.statusCode).toBe(409);
    expect(rejectLater.json().error).toBe('This application has already been approved');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: APPLICATION_NOT_FOUND_MESSAGE });
    const malformed = await approve('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: 'Must be a valid id' });
    const rejectMalformed = await reject('42', { reason: 'x' });
    expect(rejectMalformed.statusCode).toBe(400);
  });

  it.each([
    ['no reason', {}, 'A reason is required'],
    ['an empty reason', { reason: '   ' }, 'A reason is required'],
    ['a reason over 1000 characters', { reason: 'x'.repeat(1001) }, 'The reason must be at most 1000 characters'],
    [
      'a resubmissionAllowed that is no boolean',
      { reason: 'ok', resubmissionAllowed: 'no' },
      'resubmissionAllowed must be true or false',
    ],
  ])('refuses a rejection with %s: 400 and the application stays pending', async (_name, payload, error) => {
    const student = await applicant();
    const reply = await reject(student.applicationId, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
    expect((await statusOf(student.auth)).json().applicationStatus).toBe('pending');
  });

  it('refuses a rejection with no body at all with 400', async () => {
    const student = await applicant();
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${student.applicationId}/reject`,
      headers: admin.auth,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error: 'A reason is required' });
  });

  it('lets exactly one of two simultaneous approvals win', async () => {
    const student = await applicant();
    const replies = await Promise.all([approve(student.applicationId), approve(student.applicationId)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin.auth });
    const entries = audit.json().entries.filter((entry: { details: { applicationId?: string } }) => {
      return entry.details.applicationId === student.applicationId;
    });
    expect(entries).toHaveLength(1);
  });

  it('lets exactly one of a simultaneous approval and rejection win, and the state matches the winner', async () => {
    const student = await applicant();
    const second = await createUser(t.app, t.database.db, 'Admin');
    const [approved, rejected] = await Promise.all([
      approve(student.applicationId),
      reject(student.applicationId, { reason: 'Too late' }, second.auth),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const winner = approved.statusCode === 200 ? 'approved' : 'rejected';
    expect((await statusOf(student.auth)).json().applicationStatus).toBe(winner);
    expect((await me(student.auth)).json().user.role).toBe(winner === 'approved' ? 'Instructor' : 'Student');
    const loser = approved.statusCode === 409 ? approved : rejected;
    expect(loser.json().error).toBe(`This application has already been ${winner}`);
  });
});

describe("the applicant's open sessions see a decision at once", () => {
  const guardedForInstructors = (headers: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/admin/dsa/problems/export', headers });

  it('an approval reaches the token the applicant already holds, with no cache delay', async () => {
    const student = await applicant();
    // Warm the session cache with the old role.
    expect((await me(student.auth)).json().user.role).toBe('pending_instructor');
    expect((await guardedForInstructors(student.auth)).statusCode).toBe(403);
    expect((await approve(student.applicationId)).statusCode).toBe(200);
    expect((await me(student.auth)).json().user.role).toBe('Instructor');
    expect((await guardedForInstructors(student.auth)).statusCode).toBe(200);
  });

  it('applying takes effect on the same token at once too', async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    expect((await me(student.auth)).json().user.role).toBe('Student');
    await apply(student.auth);
    expect((await me(student.auth)).json().user.role).toBe('pending_instructor');
  });

  it('a rejection takes the waiting role away at once', async () => {
    const student = await applicant();
    expect((await me(student.auth)).json().user.role).toBe('pending_instructor');
    await reject(student.applicationId, { reason: 'No.' });
    expect((await me(student.auth)).json().user.role).toBe('Student');
  });
});

describe('decision mails', () => {
  it('mails the applicant when approved', async () => {
    const student = await applicant('Mia Mailed');
    await approve(student.applicationId);
    await t.app.mailWorker.runOnce();
    const mail = t.mail.sent.find((sent) => sent.to === student.email);
    expect(mail?.subject).toBe('Your LearnBuild instructor application was approved');
    expect(mail?.text).toContain('Hi Mia Mailed');
    expect(mail?.text).toContain('http://learnbuild.test/dashboard');
  });

  it('mails the reason and that they may reapply when rejected with resubmission', async () => {
    const student = await applicant();
    await reject(student.applicationId, { reason: 'Add <b>one</b> sample lesson.' });
    await t.app.mailWorker.runOnce();
    const mail = t.mail.sent.find((sent) => sent.to === student.email)!;
    expect(mail.subject).toBe('Your LearnBuild instructor application was not approved');
    expect(mail.text).toContain('Reason: Add <b>one</b> sample lesson.');
    expect(mail.text).toContain('You may apply again');
    expect(mail.html).toContain('Add &#60;b&#62;one&#60;/b&#62; sample lesson.');
  });

  it('mails the reason and that the decision is final when resubmission is not allowed', async () => {
    const student = await applicant();
    await reject(student.applicationId, { reason: 'Spam links.', resubmissionAllowed: false });
    await t.app.mailWorker.runOnce();
    const mail = t.mail.sent.find((sent) => sent.to === student.email)!;
    expect(mail.text).toContain('Reason: Spam links.');
    expect(mail.text).toContain('cannot be resubmitted');
    expect(mail.text).toContain('http://learnbuild.test/contact');
  });

  it('sends no mail for a refused decision', async () => {
    const student = await applicant();
    await approve(student.applicationId);
    await t.app.mailWorker.runOnce();
    t.mail.sent.length = 0;
    await approve(student.applicationId);
    await t.app.mailWorker.runOnce();
    expect(t.mail.sent.filter((sent) => sent.to === student.email)).toHaveLength(0);
  });
});

describe('an application and its decision in the database', () => {
  it('records the reviewer and the decision time', async () => {
    const student = await applicant();
    await reject(student.applicationId, { reason: 'Thin', resubmissionAllowed: false });
    const [row] = await t.database.db
      .select()
      .from(instructorApplications)
      .where(eq(instructorApplications.id, student.applicationId));
    expect(row).toMatchObject({ status: 'rejected', reviewerId: admin.user.id, resubmissionAllowed: false });
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(user!.role).toBe('Student');
  });
});
