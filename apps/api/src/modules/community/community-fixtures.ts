import type { Role } from '@learnbuild/domain/roles';
import type { CreateThreadBody } from '@learnbuild/domain/schemas/community';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

export type Member = Awaited<ReturnType<typeof createUser>>;

const DAY_MS = 86_400_000;

/**
 * A signed-in, verified member. Accounts are a month old unless `newAccount`, so the new-account limits
 * only apply in the tests about them; `unverified` takes the verification back after signing in.
 */
export async function member(
  t: TestApp,
  role: Role = 'Student',
  options: { newAccount?: boolean; unverified?: boolean; name?: string } = {},
): Promise<Member> {
  const created = await createUser(t.app, t.database.db, role, { name: options.name });
  await t.database.db
    .update(users)
    .set({
      createdAt: options.newAccount ? new Date() : new Date(Date.now() - 30 * DAY_MS),
      ...(options.unverified ? { emailVerifiedAt: null } : {}),
    })
    .where(eq(users.id, created.user.id));
  return created;
}

let threadCounter = 0;

export async function startThread(t: TestApp, author: Member, body: Partial<CreateThreadBody> = {}) {
  threadCounter += 1;
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/community/threads',
    headers: author.auth,
    payload: { title: `A question number ${threadCounter}`, body: `Body of question ${threadCounter}`, ...body },
  });
  if (reply.statusCode !== 201) throw new Error(`thread not created: ${reply.statusCode} ${reply.body}`);
  return reply.json().thread as { id: string; title: string; body: string; [key: string]: unknown };
}

export async function replyTo(t: TestApp, author: Member, threadId: string, body = 'A helpful reply') {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/community/threads/${threadId}/replies`,
    headers: author.auth,
    payload: { body },
  });
  if (reply.statusCode !== 201) throw new Error(`reply not created: ${reply.statusCode} ${reply.body}`);
  return reply.json().reply as { id: string; body: string; [key: string]: unknown };
}

/** GET with an optional signed-in member. */
export function read(t: TestApp, url: string, viewer?: Member) {
  return t.app.inject({ method: 'GET', url, headers: viewer?.auth ?? {} });
}
