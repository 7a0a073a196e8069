import { countOf } from '../count-of';
import type { PublicProfile } from '../schemas/profiles';

/** "<name> on LearnBuild": the public profile's share title (og:title). */
export function profileShareTitle(profile: Pick<PublicProfile, 'name'>): string {
  return `${profile.name} on LearnBuild`;
}

/**
 * The public profile in one line, from the parts it shows only (og:description and the page's description):
 * "142 problems solved (80 Easy, 50 Medium, 12 Hard; 30 verified by the judge). Current streak 4 days, longest 21."
 */
export function profileDescription(profile: PublicProfile): string {
  const parts: string[] = [];
  if (profile.solved) {
    const { Easy, Medium, Hard, verified } = profile.solved;
    const total = Easy + Medium + Hard;
    parts.push(
      total === 0
        ? 'No problems solved yet.'
        : `${countOf(total, 'problem')} solved (${Easy} Easy, ${Medium} Medium, ${Hard} Hard; ${verified} verified by the judge).`,
    );
  }
  const { current, longest } = profile.streak;
  if (longest > 0) parts.push(`Current streak ${countOf(current, 'day')}, longest ${countOf(longest, 'day')}.`);
  if (profile.courses && profile.courses.length > 0)
    parts.push(`${countOf(profile.courses.length, 'course')} completed.`);
  if (parts.length === 0) return `${profile.name} learns on LearnBuild.`;
  return `${profile.name} on LearnBuild: ${parts.join(' ')}`;
}
