import type { BadgeFacts } from '@learnbuild/domain/badges';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Waits for any other transaction awarding this learner's badges to end, so this one reads its events too
 * (each statement of a READ COMMITTED transaction sees what committed before it): two events that cross a
 * boundary together award it, and only one of them does.
 */
export async function lockLearnerBadges(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`badges:${userId}`}, 0))`);
}

type RawFacts = {
  verified_solves: number | string;
  max_streak: number | string;
  courses_completed: number | string;
  accepted_answers: number | string;
  steps: { step: string; total: number; solved: number }[] | string | null;
  subjects: { total: number; completed: number }[] | string | null;
};

const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? JSON.parse(value) : value);

/** Everything the badge rules look at for one learner, in one statement. */
export async function badgeFacts(db: DbOrTx, userId: string): Promise<BadgeFacts> {
  const result = await db.execute<RawFacts>(sql`
    select
      (select count(*) from dsa_progress dp join dsa_problems p on p.id = dp.problem_id
        where dp.user_id = ${userId} and dp.solved and dp.verified and p.deleted_at is null) as verified_solves,
      coalesce((select max_streak from dsa_learner_counters where user_id = ${userId}), 0) as max_streak,
      (select count(*) from course_certificates where user_id = ${userId}) as courses_completed,
      (select count(*) from community_replies r join community_threads t on t.accepted_reply_id = r.id
        where r.author_id = ${userId} and t.author_id <> r.author_id and not r.hidden) as accepted_answers,
      (select json_agg(json_build_object('step', s.step, 'total', s.total, 'solved', s.solved) order by s.first)
         from (select p.step, min(p.position) as first, count(*)::int as total,
                      (count(*) filter (where dp.solved))::int as solved
                 from dsa_problems p
                 left join dsa_progress dp on dp.problem_id = p.id and dp.user_id = ${userId}
                where p.deleted_at is null and p.step <> ''
                group by p.step) s) as steps,
      (select json_agg(json_build_object('total', s.total, 'completed', s.completed))
         from (select ss.subject_id, count(*)::int as total, count(sp.subtopic_id)::int as completed
                 from subject_subtopics ss
                 left join subtopic_progress sp on sp.user_id = ${userId} and sp.subject_id = ss.subject_id
                      and sp.topic_id = ss.topic_id and sp.subtopic_id = ss.id
                group by ss.subject_id) s) as subjects`);
  const row = result.rows[0]!;
  return {
    verifiedSolves: Number(row.verified_solves),
    maxStreak: Number(row.max_streak),
    coursesCompleted: Number(row.courses_completed),
    acceptedAnswers: Number(row.accepted_answers),
    steps: json(row.steps) ?? [],
    subjects: json(row.subjects) ?? [],
  };
}

/** Stores the badges; returns those the learner did not have yet (a concurrent award of the same one waits, then skips). */
export async function insertBadges(db: DbOrTx, userId: string, badgeIds: string[]): Promise<string[]> {
  if (badgeIds.length === 0) return [];
  const result = await db.execute<{ badge_id: string }>(sql`
    insert into user_badges (user_id, badge_id)
    select ${userId}::uuid, unnest(${sql.param(badgeIds)}::text[])
    on conflict (user_id, badge_id) do nothing
    returning badge_id`);
  return result.rows.map((row) => row.badge_id);
}

/** The learner's stored badge ids. */
export async function storedBadgeIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const result = await db.execute<{ badge_id: string }>(
    sql`select badge_id from user_badges where user_id = ${userId}`,
  );
  return new Set(result.rows.map((row) => row.badge_id));
}

/** The learner's badges, newest first. */
export async function listBadges(db: DbOrTx, userId: string) {
  const result = await db.execute<{ badge_id: string; awarded_at: Date | string }>(sql`
    select badge_id, awarded_at from user_badges where user_id = ${userId} order by awarded_at desc, badge_id`);
  return result.rows.map((row) => ({ badgeId: row.badge_id, awardedAt: new Date(row.awarded_at) }));
}

/** The sheet's steps (live problems), in its order: what step badges are named from. */
export async function sheetSteps(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ step: string }>(sql`
    select step from dsa_problems where deleted_at is null and step <> '' group by step order by min(position)`);
  return result.rows.map((row) => row.step);
}

/** Every learner who has done anything a badge rule counts. */
export async function learnersWithEvents(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    select user_id from dsa_progress where solved
    union select user_id from subtopic_progress
    union select user_id from course_certificates
    union select r.author_id from community_replies r join community_threads t on t.accepted_reply_id = r.id`);
  return result.rows.map((row) => row.user_id);
}
