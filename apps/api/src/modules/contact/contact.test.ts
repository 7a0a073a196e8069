import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Lin',
  email: 'lin@example.com',
  subject: 'Streak question',
  message: 'Does my streak survive a day off?',
};

describe('contact', () => {
  it('stores a valid message and lets an admin read it', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      remoteAddress: '10.1.1.1',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().success).toBe(true);
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().messages[0]).toMatchObject(valid);
  });

  it.each([
    [{ ...valid, email: 'nope' }, 'Enter a valid email address'],
    [{ ...valid, message: 'short' }, 'Message must be at least 10 characters'],
    [{ ...valid, subject: '' }, 'Subject must be at least 3 characters'],
    [{ ...valid, name: '   ' }, 'Name is required'],
  ])('refuses bad input with a clear message (%#)', async (payload, error) => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: '10.1.1.2' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(error);
  });

  it('limits messages per IP to 5 an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '10.1.1.3' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it.each([
    ['anonymous', null, 401],
    ['Student', 'Student', 403],
    ['Instructor', 'Instructor', 403],
    ['Admin', 'Admin', 200],
  ] as const)('lets only admins read messages: %s (role %s) gets %i', async (_label, role, status) => {
    const headers = role ? (await createUser(t.app, t.database.db, role)).auth : {};
    const reply = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers });
    expect(reply.statusCode).toBe(status);
  });
});
