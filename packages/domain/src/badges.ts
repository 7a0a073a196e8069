/**
 * Badges (issue 29): each defined once here, with its rule as a pure function of a learner's facts. The API
 * reads the facts inside the transaction of the event that may earn one and stores what is newly earned
 * (user_badges, once per learner and badge); the recompute command runs the same rules over everyone's data.
 * A badge, once earned, stays: undoing the event does not take it back.
 */

/** What the rules look at, read from the learner's data. */
export interface BadgeFacts {
  /** Solved problems whose solve an Accepted submission verified (live problems). */
  verifiedSolves: number;
  /** Every step of the sheet with its live problems and how many of them the learner solved. */
  steps: readonly { step: string; total: number; solved: number }[];
  /** The longest run of consecutive solve days (the current streak is never longer). */
  maxStreak: number;
  /** Core subjects with their lessons and how many of them the learner completed. */
  subjects: readonly { total: number; completed: number }[];
  coursesCompleted: number;
  /** The learner's community replies chosen as a thread's answer. */
  acceptedAnswers: number;
}

export const NO_BADGE_FACTS: BadgeFacts = {
  verifiedSolves: 0,
  steps: [],
  maxStreak: 0,
  subjects: [],
  coursesCompleted: 0,
  acceptedAnswers: 0,
};

export interface BadgeDefinition {
  id: string;
  name: string;
  description: string;
  /** A lucide-react icon's name. */
  icon: string;
  earned: (facts: BadgeFacts) => boolean;
}

const verified = (count: number, name: string): BadgeDefinition => ({
  id: `verified-${count}`,
  name,
  description: `Solve ${count} problems verified by the judge`,
  icon: count >= 100 ? 'Trophy' : 'Medal',
  earned: (facts) => facts.verifiedSolves >= count,
});

const streak = (days: number, name: string): BadgeDefinition => ({
  id: `streak-${days}`,
  name,
  description: `Solve a problem on ${days} days in a row`,
  icon: 'Flame',
  earned: (facts) => facts.maxStreak >= days,
});

/** A subject whose every lesson is done: not a rounded 100 % (199 of 200 lessons rounds to 100). */
export const subjectComplete = (subject: { total: number; completed: number }) =>
  subject.total > 0 && subject.completed >= subject.total;

/** The badges with a fixed id, in the order they are shown. */
export const BADGES: readonly BadgeDefinition[] = [
  {
    id: 'first-verified-solve',
    name: 'First verified solve',
    description: 'Have a solution accepted by the judge',
    icon: 'BadgeCheck',
    earned: (facts) => facts.verifiedSolves >= 1,
  },
  verified(10, '10 verified solves'),
  verified(50, '50 verified solves'),
  verified(100, '100 verified solves'),
  streak(7, '7-day streak'),
  streak(30, '30-day streak'),
  streak(100, '100-day streak'),
  {
    id: 'core-subject-complete',
    name: 'Core subject mastered',
    description: 'Complete every lesson of a core subject',
    icon: 'BookOpenCheck',
    earned: (facts) => facts.subjects.some(subjectComplete),
  },
  {
    id: 'first-course-complete',
    name: 'First course completed',
    description: 'Complete every lesson of a course and get its certificate',
    icon: 'GraduationCap',
    earned: (facts) => facts.coursesCompleted >= 1,
  },
  {
    id: 'accepted-answer',
    name: 'Helpful answer',
    description: 'Have one of your replies chosen as the answer in the community',
    icon: 'MessageSquareHeart',
    earned: (facts) => facts.acceptedAnswers >= 1,
  },
];

const STEP_PREFIX = 'step-complete:';
export const STEP_BADGE_ICON = 'Footprints';

/** A step's part of a badge id: its name in lowercase letters and digits joined by dashes. */
export function stepSlug(step: string): string {
  return step
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The badge for completing every problem of a sheet step. */
export function stepBadgeId(step: string): string {
  return `${STEP_PREFIX}${stepSlug(step)}`;
}

/** A step is complete when it has live problems and the learner solved every one. */
export const stepComplete = (step: { total: number; solved: number }) => step.total > 0 && step.solved >= step.total;

/** The ids of every badge the facts earn, fixed ones first in their order, then the steps in theirs. */
export function earnedBadges(facts: BadgeFacts): string[] {
  const ids = BADGES.filter((badge) => badge.earned(facts)).map((badge) => badge.id);
  for (const step of facts.steps) {
    if (!stepComplete(step)) continue;
    const id = stepBadgeId(step.step);
    if (id !== STEP_PREFIX && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export interface BadgeInfo {
  id: string;
  name: string;
  description: string;
  icon: string;
}

/**
 * What a stored badge id shows: its definition, or for a step its name from `stepNames` (the sheet's steps),
 * a step no longer on the sheet named from its id. Undefined for an id no rule knows.
 */
export function badgeInfo(id: string, stepNames: readonly string[] = []): BadgeInfo | undefined {
  const badge = BADGES.find((candidate) => candidate.id === id);
  if (badge) return { id, name: badge.name, description: badge.description, icon: badge.icon };
  if (!id.startsWith(STEP_PREFIX)) return undefined;
  const slug = id.slice(STEP_PREFIX.length);
  const step = stepNames.find((name) => stepSlug(name) === slug) ?? humanize(slug);
  return {
    id,
    name: `Completed ${step}`,
    description: `Solve every problem of ${step} on the DSA sheet`,
    icon: STEP_BADGE_ICON,
  };
}

function humanize(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
