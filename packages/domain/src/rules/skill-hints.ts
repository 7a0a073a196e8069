import { MAX_SKILL_HINTS } from '../constants';

export interface SkillHintInput {
  dsaPercent: number;
  topicPercent: number;
  coursePercent: number;
}

/** SPEC 9: hints appear when DSA is below 30%, topics below 40%, or courses below 50%; at most 4. */
export function skillHints({ dsaPercent, topicPercent, coursePercent }: SkillHintInput): string[] {
  const hints: string[] = [];
  if (dsaPercent < 30) {
    hints.push('Solve a few Easy problems on the DSA Sheet each day to build momentum.');
    hints.push('Keep your streak alive: one problem a day beats ten once a week.');
  }
  if (topicPercent < 40) hints.push('Work through one core-subject topic this week, starting with DBMS or OOP.');
  if (coursePercent < 50) hints.push('Finish a course you have started before enrolling in a new one.');
  return hints.slice(0, MAX_SKILL_HINTS);
}
