import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedDsaProblems } from '../modules/dsa/seed';
import { seedSubjects } from '../modules/subjects/seed';
import { seedDemoAccounts } from './demo-accounts';

/** Every step is idempotent, so the seed runs at each start and after `npm run seed`. */
export async function runSeed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const subjects = await seedSubjects(db);
  if (subjects > 0) log.info({ subjects }, 'seeded core subjects');
  const problems = await seedDsaProblems(db);
  if (problems > 0) log.info({ problems }, 'seeded DSA problem bank');
  if (config.seedDemo) {
    const created = await seedDemoAccounts(db);
    if (created > 0) log.info({ created }, 'seeded demo accounts');
  }
}
