import { badgeInfo, earnedBadges } from '@learnbuild/domain/badges';
import type { BadgesAwarded, EarnedBadge } from '@learnbuild/domain/schemas/badges';
import type { Db, DbOrTx } from '../../db/client';
import { notifyBadgesEarned } from '../notifications/event-notifications';
import * as q from './queries';

/**
 * Awards the badges the learner's data now earns and they do not have yet; call it inside the transaction of
 * the event that may earn them, after its writes. Returns the new ones (empty almost always).
 */
export async function awardBadges(
  tx: DbOrTx,
  userId: string,
  options: { notify: boolean } = { notify: true },
): Promise<BadgesAwarded> {
  await q.lockLearnerBadges(tx, userId);
  const facts = await q.badgeFacts(tx, userId);
  const earned = earnedBadges(facts);
  if (earned.length === 0) return [];
  const added = await q.insertBadges(tx, userId, earned);
  const steps = facts.steps.map((step) => step.step);
  const awarded = added.map((id) => ({ id, name: badgeInfo(id, steps)?.name ?? id }));
  if (options.notify) await notifyBadgesEarned(tx, userId, awarded);
  return awarded;
}

/** `GET /api/badges/mine`: the learner's badges, newest first (ids no rule knows any more are left out). */
export async function myBadges(db: DbOrTx, userId: string): Promise<EarnedBadge[]> {
  const rows = await q.listBadges(db, userId);
  if (rows.length === 0) return [];
  const steps = rows.some((row) => row.badgeId.startsWith('step-complete:')) ? await q.sheetSteps(db) : [];
  return rows.flatMap((row) => {
    const info = badgeInfo(row.badgeId, steps);
    return info ? [{ ...info, awardedAt: row.awardedAt.toISOString() }] : [];
  });
}

/** The name a stored badge shows (the activity feed's "Earned the badge …"). */
export function badgeName(badgeId: string, steps: readonly string[]): string {
  return badgeInfo(badgeId, steps)?.name ?? badgeId;
}

/**
 * Recomputes every learner's badges from the data (the recompute command): inserts the missing ones, dated now.
 * Each learner in their own transaction, under the same lock as the events.
 */
export async function recomputeBadges(db: Db): Promise<{ learners: number; awarded: number }> {
  const learners = await q.learnersWithEvents(db);
  let awarded = 0;
  for (const userId of learners) {
    // Badges filled in afterwards were earned long ago: no notification for them.
    awarded += (await db.transaction((tx) => awardBadges(tx, userId, { notify: false }))).length;
  }
  return { learners: learners.length, awarded };
}
