import type { Role } from '@learnbuild/domain/roles';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { findUserByEmail, insertUser } from '../modules/auth/queries';
import { savePendingApplication } from '../modules/instructor-applications/queries';

export const DEMO_PASSWORD = 'Demo1234!';

interface DemoApplication {
  bio: string;
  expertise: string[];
  yearsOfExperience: number;
  links: string[];
}

export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: Role; application?: DemoApplication }[] = [
  { email: 'admin@demo.local', name: 'Ada Admin', role: 'Admin' },
  { email: 'instructor@demo.local', name: 'Ian Instructor', role: 'Instructor' },
  { email: 'student@demo.local', name: 'Sam Student', role: 'Student' },
  // A learner waiting for review, so a fresh Admin Panel has an application to decide.
  {
    email: 'applicant@demo.local',
    name: 'Priya Applicant',
    role: 'pending_instructor',
    application: {
      bio: 'Backend developer who mentors juniors; I would like to teach SQL and database design.',
      expertise: ['Databases', 'SQL', 'Node.js'],
      yearsOfExperience: 5,
      links: ['https://github.com/priya-applicant', 'https://priya-applicant.dev'],
    },
  },
];

/** Idempotent: creates the demo accounts that are missing and leaves existing ones alone. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  for (const { application, ...account } of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        ...account,
        passwordHash,
        wantsToBeInstructor: application !== undefined,
        emailVerifiedAt: new Date(),
      });
      if (application) await savePendingApplication(tx, user.id, application, new Date());
    });
    created += 1;
  }
  return created;
}
