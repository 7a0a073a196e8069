import { formatCertificateCode } from '@learnbuild/domain/certificate-code';
import { MALFORMED_CERTIFICATE_CODE } from '@learnbuild/domain/schemas/certificates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCertificates, courses, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
type Headers = Record<string, string>;
let instructor: User;
let otherInstructor: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  instructor = await createUser(t.app, t.database.db, 'Instructor', { name: 'Ada Teacher' });
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** A learner who completed a one-lesson course of `instructor` through the API, and their certificate. */
async function certified(learnerName = 'Grace Learner', title = 'Verified course') {
  const learner = await createUser(t.app, t.database.db, 'Student', { name: learnerName });
  const { course, lessons } = await createCourseRows(t.database.db, instructor.user.id, {
    title,
    sections: [['article']],
  });
  await call('POST', `/api/courses/${course.id}/enroll`, learner.auth);
  await t.app.inject({
    method: 'PUT',
    url: `/api/courses/${course.id}/lessons/${lessons[0]!.id}/progress`,
    headers: learner.auth,
    payload: { completed: true },
  });
  const done = await call('POST', `/api/courses/${course.id}/complete`, learner.auth);
  expect(done.statusCode).toBe(200);
  const id = done.json().certificateId as string;
  const [row] = await t.database.db.select().from(courseCertificates).where(eq(courseCertificates.id, id));
  return { learner, course, id, storedCode: row!.verificationCode };
}

const verify = (code: string) => call('GET', `/api/certificates/verify/${encodeURIComponent(code)}`);

describe('GET /api/certificates/verify/:code', () => {
  it('answers the certified learner, course, instructor and date to anyone, however the code is typed', async () => {
    const { id, storedCode, course, learner } = await certified();
    const printed = formatCertificateCode(storedCode);
    expect(printed).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // GET /api/certificates/:id carries the printed code.
    const byId = await call('GET', `/api/certificates/${id}`);
    expect(byId.json().certificate).toMatchObject({ code: printed, revokedAt: null, revokedReason: null });
    const issuedAt = byId.json().certificate.issuedAt;

    // A snapshot: renaming the course and the learner later changes neither the code nor what it verifies.
    await t.database.db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, course.id));
    await t.database.db.update(users).set({ name: 'Someone Else' }).where(eq(users.id, learner.user.id));

    const expected = {
      success: true,
      certificate: {
        code: printed,
        learnerName: 'Grace Learner',
        courseTitle: 'Verified course',
        instructorName: 'Ada Teacher',
        issuedAt,
        revoked: false,
        revokedAt: null,
        revokedReason: null,
      },
    };
    for (const typed of [printed, storedCode, storedCode.toLowerCase(), printed.toLowerCase(), ` ${printed} `]) {
      const reply = await verify(typed);
      expect(reply.statusCode, typed).toBe(200);
      expect(reply.json(), typed).toEqual(expected);
    }
    expect((await call('GET', `/api/certificates/${id}`)).json().certificate.code).toBe(printed);
  });

  it('reads the letters a person may mistype for digits (I and L as 1, O as 0)', async () => {
    const { id, storedCode } = await certified();
    const withOneAndZero = `${storedCode.slice(0, 10)}10`;
    await t.database.db
      .update(courseCertificates)
      .set({ verificationCode: withOneAndZero })
      .where(eq(courseCertificates.id, id));
    const reply = await verify(`${withOneAndZero.slice(0, 10)}lO`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().certificate.code).toBe(formatCertificateCode(withOneAndZero));
    expect((await verify(`${withOneAndZero.slice(0, 10)}iO`)).statusCode).toBe(200);
  });

  it('answers 404 for a well-formed code no certificate has', async () => {
    const { storedCode } = await certified();
    const other = storedCode.startsWith('ZZZZ') ? `YYYY${storedCode.slice(4)}` : `ZZZZ${storedCode.slice(4)}`;
    const reply = await verify(other);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error: 'Certificate not found' });
  });

  it('answers 400 for text that cannot be a code, and never a 500', async () => {
    for (const typed of ['nope', '1234', '1234-5678-90AB-C', 'UUUU-UUUU-UUUU', "'; select 1; --", 'x'.repeat(101)]) {
      const reply = await verify(typed);
      expect(reply.statusCode, typed).toBe(400);
      expect(reply.json(), typed).toMatchObject({ success: false, error: MALFORMED_CERTIFICATE_CODE });
    }
  });
});

describe('POST and DELETE /api/admin/certificates/:id/revoke', () => {
  const revoke = (id: string, auth: Headers, payload: object = { reason: 'Exam answers were copied' }) =>
    call('POST', `/api/admin/certificates/${id}/revoke`, auth, payload);
  const restore = (id: string, auth: Headers) => call('DELETE', `/api/admin/certificates/${id}/revoke`, auth);

  it('lets an admin revoke with a reason; the code still verifies, saying revoked, when and why; then restore', async () => {
    const { id, storedCode } = await certified();
    const reply = await revoke(id, admin.auth, { reason: '  Exam answers were copied  ' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().certificate).toMatchObject({
      id,
      revokedAt: expect.any(String),
      revokedReason: 'Exam answers were copied',
    });
    const [row] = await t.database.db.select().from(courseCertificates).where(eq(courseCertificates.id, id));
    expect(row!.revokedBy).toBe(admin.user.id);

    const verified = (await verify(storedCode)).json();
    expect(verified.certificate).toMatchObject({
      revoked: true,
      revokedAt: reply.json().certificate.revokedAt,
      revokedReason: 'Exam answers were copied',
      learnerName: 'Grace Learner',
    });

    // A second revocation keeps the first one's date and reason.
    const again = await revoke(id, admin.auth, { reason: 'Another reason' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'This certificate is already revoked' });

    const restored = await restore(id, admin.auth);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().certificate).toMatchObject({ revokedAt: null, revokedReason: null });
    expect((await verify(storedCode)).json().certificate).toMatchObject({ revoked: false, revokedAt: null });
    // Restoring what is not revoked answers the same.
    expect((await restore(id, admin.auth)).statusCode).toBe(200);
  });

  it("refuses everyone but admins (403): the course's instructor, other instructors, the learner, students", async () => {
    const { id, learner } = await certified();
    const student = await createUser(t.app, t.database.db);
    for (const who of [instructor, otherInstructor, student, learner]) {
      const refused = await revoke(id, who.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, error: 'You do not have permission to do that' });
      expect((await restore(id, who.auth)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/certificates/${id}`)).json().certificate.revokedAt).toBeNull();
    expect((await revoke(id, admin.auth)).statusCode).toBe(200);
    expect((await restore(id, instructor.auth)).statusCode).toBe(403);
    expect((await call('GET', `/api/certificates/${id}`)).json().certificate.revokedAt).toEqual(expect.any(String));
  });

  it('refuses signed-out callers (401), answers 404 for an unknown or malformed id, 400 for a missing reason', async () => {
    const { id } = await certified();
    const signedOut = await revoke(id, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ success: false, error: 'Please log in to continue' });
    expect((await restore(id, {})).statusCode).toBe(401);

    for (const unknown of ['5f0c6a7e-4d2b-4b8e-9f61-0a1b2c3d4e5f', 'nope']) {
      const missing = await revoke(unknown, admin.auth);
      expect(missing.statusCode, unknown).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Certificate not found' });
      expect((await restore(unknown, admin.auth)).statusCode, unknown).toBe(404);
    }

    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const bad = await revoke(id, admin.auth, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().success).toBe(false);
      expect(bad.json().error).toEqual(expect.any(String));
    }
    expect((await call('GET', `/api/certificates/${id}`)).json().certificate.revokedAt).toBeNull();
  });
});
