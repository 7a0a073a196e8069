import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seedRuns } from '../../db/schema';
import { applyProblemImport, planProblemImport } from './management';
import { invalidateProblemIndex } from './problem-index';
import * as q from './queries';

export const PROBLEM_BANK_FILE = path.join(import.meta.dirname, '../../../content/dsa/problems.json');
const SEED_NAME = 'dsa-problems';
const COMPANY_TAGS_SEED = 'dsa-demo-company-tags';

/**
 * Issue 28's demo company tags: a few well-known problems with companies widely reported to ask them, written by
 * LearnBuild's staff for the demo (nothing copied from a paid list). Instructors and admins edit them from then on.
 */
export const DEMO_COMPANY_TAGS: Readonly<Record<string, string[]>> = {
  'two-sum': ['Google', 'Amazon'],
  'best-time-to-buy-and-sell-stock': ['Amazon', 'Microsoft'],
  'valid-parentheses': ['Amazon', 'Microsoft'],
  'longest-substring-without-repeating-characters': ['Amazon', 'Google'],
  'merge-intervals': ['Google', 'Meta'],
  'number-of-islands': ['Amazon', 'Google'],
  'lru-cache': ['Amazon', 'Microsoft'],
  'trapping-rain-water': ['Google', 'Amazon'],
};

interface BankFile {
  version?: number;
  steps?: string[];
  problems?: unknown[];
}

/** The bank's rows in learning-path order: by the file's step list, then as written. */
export function bankRows(bank: BankFile) {
  const steps = bank.steps ?? [];
  const stepIndex = (value: unknown) => {
    const index = steps.indexOf(String((value as { step?: unknown })?.step ?? ''));
    return index === -1 ? steps.length : index;
  };
  return (bank.problems ?? [])
    .map((value, index) => ({ row: index + 1, value }))
    .sort((a, b) => stepIndex(a.value) - stepIndex(b.value) || a.row - b.row);
}

/**
 * Loads the curated problem bank once, through the same path as an admin import. After that the
 * bank belongs to the instructors and admins: a later start does not bring back what they deleted
 * or overwrite what they edited. Returns the number of problems created.
 */
export async function seedDsaProblems(db: Db, file: string = PROBLEM_BANK_FILE): Promise<number> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
  if (done || !existsSync(file)) return 0;
  const bank = JSON.parse(readFileSync(file, 'utf8')) as BankFile;
  const created = await db.transaction(async (tx) => {
    const plan = await planProblemImport(tx, bankRows(bank));
    if (plan.report.errors.length > 0) {
      console.warn(
        `DSA problem bank: skipped ${plan.report.errors.length} invalid rows`,
        plan.report.errors.slice(0, 5),
      );
    }
    await applyProblemImport(tx, plan);
    await tx
      .insert(seedRuns)
      .values({
        name: SEED_NAME,
        version: bank.version ?? 1,
        details: { created: plan.report.created, updated: plan.report.updated, errors: plan.report.errors },
      })
      .onConflictDoNothing();
    return plan.report.created;
  });
  invalidateProblemIndex(db);
  return created;
}

/**
 * Tags the demo problems with companies once (a seed_runs row), after the bank is seeded; a problem staff already
 * tagged keeps its tags, and tags staff later removed do not come back. Returns how many problems it tagged.
 */
export async function seedDemoCompanyTags(db: Db): Promise<number> {
  const slugs = Object.keys(DEMO_COMPANY_TAGS);
  // No bank yet: nothing is recorded, so a later start tags it.
  const present = await Promise.all(slugs.map((slug) => q.findProblemBySlug(db, slug)));
  if (!present.some(Boolean)) return 0;
  const tagged = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(seedRuns)
      .values({ name: COMPANY_TAGS_SEED, version: 1 })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return 0;
    let count = 0;
    for (const slug of slugs) {
      if (await q.tagUntaggedProblem(tx, slug, DEMO_COMPANY_TAGS[slug]!)) count++;
    }
    return count;
  });
  if (tagged > 0) invalidateProblemIndex(db);
  return tagged;
}
