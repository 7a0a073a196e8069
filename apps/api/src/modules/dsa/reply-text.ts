import type { ActivityDay, DsaStats } from '@learnbuild/domain/rules/dsa-stats';

/**
 * The JSON text of the two hot DSA replies, written out directly: every field is a whole number or a
 * 'YYYY-MM-DD' day (nothing to escape), and writing the text is about twice as fast as JSON.stringify on these
 * shapes; a cold stats read costs about 30 µs of CPU in all, so that is a few percent of every read.
 * reply-text.test.ts holds each to JSON.stringify of the same reply.
 */
export function statsReplyText(stats: DsaStats): string {
  const { Easy, Medium, Hard } = stats.difficultyStats;
  return (
    `{"success":true,"stats":{"totalProblems":${stats.totalProblems},"completedProblems":${stats.completedProblems},` +
    `"bookmarkedProblems":${stats.bookmarkedProblems},"currentStreak":${stats.currentStreak},` +
    `"maxStreak":${stats.maxStreak},"difficultyStats":{` +
    `"Easy":{"completed":${Easy.completed},"total":${Easy.total}},` +
    `"Medium":{"completed":${Medium.completed},"total":${Medium.total}},` +
    `"Hard":{"completed":${Hard.completed},"total":${Hard.total}}}}}`
  );
}

export function activityReplyText(activity: readonly ActivityDay[]): string {
  let text = '{"success":true,"activity":[';
  for (let index = 0; index < activity.length; index++) {
    const day = activity[index]!;
    text += `${index === 0 ? '' : ','}{"date":"${day.date}","count":${day.count},"level":${day.level}}`;
  }
  return `${text}]}`;
}
