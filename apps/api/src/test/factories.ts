import type { Role } from '@learnbuild/domain/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { dsaProblems, dsaTopics } from '../db/schema';
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
