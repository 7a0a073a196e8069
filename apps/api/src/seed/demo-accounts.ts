import type { Role } from '@learnbuild/domain/roles';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { findUserByEmail, insertUser } from '../modules/auth/queries';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: Role }[] = [
  { email: 'admin@demo.local', name: 'Ada Admin', role: 'Admin' },
  { email: 'instructor@demo.local', name: 'Ian Instructor', role: 'Instructor' },
  { email: 'student@demo.local', name: 'Sam Student', role: 'Student' },
];

/** Idempotent: creates the demo accounts that are missing and leaves existing ones alone. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await insertUser(db, {
      ...account,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      wantsToBeInstructor: false,
      emailVerifiedAt: new Date(),
    });
    created += 1;
  }
  return created;
}
