import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seedDemoBlogPosts } from '../modules/blog/seed';
import { seedCommunityCategories, seedDemoThreads } from '../modules/community/seed';
import { seedDemoCourses } from '../modules/courses/seed';
import { seedDemoCompanyTags, seedDsaProblems } from '../modules/dsa/seed';
import { seedJudgeProblems } from '../modules/judge/service';
import { seedSubjects } from '../modules/subjects/seed';
import { seedDemoAccounts } from './demo-accounts';

/** Every step is idempotent, so the seed runs at each start and after `npm run seed`. */
export async function runSeed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const subjects = await seedSubjects(db);
  if (subjects > 0) log.info({ subjects }, 'seeded core subjects');
  const problems = await seedDsaProblems(db);
  if (problems > 0) log.info({ problems }, 'seeded DSA problem bank');
  const judges = await seedJudgeProblems(db);
  if (judges > 0) log.info({ judges }, 'seeded judged problems');
  const categories = await seedCommunityCategories(db);
  if (categories > 0) log.info({ categories }, 'seeded community categories');
  if (config.seedDemo) {
    const created = await seedDemoAccounts(db);
    if (created > 0) log.info({ created }, 'seeded demo accounts');
    const companyTags = await seedDemoCompanyTags(db);
    if (companyTags > 0) log.info({ companyTags }, 'tagged demo DSA problems with companies');
    const courses = await seedDemoCourses(db, log);
    if (courses > 0) log.info({ courses }, 'seeded demo courses');
    const threads = await seedDemoThreads(db);
    if (threads > 0) log.info({ threads }, 'seeded demo community threads');
    const posts = await seedDemoBlogPosts(db);
    if (posts > 0) log.info({ posts }, 'seeded demo blog posts');
  }
}
