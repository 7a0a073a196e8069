import type { Db } from '../../db/client';

/** Seeds the curated problem bank from apps/api/content/dsa/problems.json; idempotent. */
export async function seedDsaProblems(_db: Db): Promise<number> {
  return 0;
}
