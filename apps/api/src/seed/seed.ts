import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedDemoAccounts } from './demo-accounts';

/** Every step is idempotent, so the seed runs at each start and after `npm run seed`. */
export async function runSeed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  if (config.seedDemo) {
    const created = await seedDemoAccounts(db);
    if (created > 0) log.info({ created }, 'seeded demo accounts');
  }
}
