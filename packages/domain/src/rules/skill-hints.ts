import { MAX_SKILL_HINTS } from '../constants';

export interface SkillHintInput {
  dsaPercent: number;
  topicPercent: number;
  coursePercent: number;
}

/** A hint and where to act on it. */
export interface SkillHint {
  text: string;
  href: string;
}

/**
 * SPEC 9: hints appear when DSA is below 30%, topics below 40%, or courses below 50%; at most 4.
 * DSA comes first (two hints), then topics, then courses, so the cap of 4 never hides an area.
 */
export function skillHints({ dsaPercent, topicPercent, coursePercent }: SkillHintInput): SkillHint[] {
  const hints: SkillHint[] = [];
  if (dsaPercent < 30) {
    hints.push({ text: 'Solve a few Easy problems on the DSA Sheet each day to build momentum.', href: '/dsa-sheet' });
    hints.push({ text: 'Keep your streak alive: one problem a day beats ten once a week.', href: '/dsa-sheet' });
  }
  if (topicPercent < 40) {
    hints.push({
      text: 'Work through one core-subject topic this week, starting with DBMS or OOP.',
      href: '/core-subject',
    });
  }
  if (coursePercent < 50) {
    hints.push({ text: 'Finish a course you have started before enrolling in a new one.', href: '/courses' });
  }
  return hints.slice(0, MAX_SKILL_HINTS);
}
