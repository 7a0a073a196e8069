/**
 * Study plans (issue 29): a learner picks a plan, the plan computes a daily target from the problems left and
 * the days left, and says whether the learner is on track. Days are 'YYYY-MM-DD' in the learner's time zone.
 */
import type { Difficulty } from './dsa-stats';
import { addDays, daysBetween } from './streaks';

export const STUDY_PLAN_KINDS = ['sheet-90', 'interview-30', 'custom'] as const;
export type StudyPlanKind = (typeof STUDY_PLAN_KINDS)[number];

export const STUDY_PLAN_STATUSES = ['on-track', 'behind', 'done', 'ended'] as const;
export type StudyPlanStatus = (typeof STUDY_PLAN_STATUSES)[number];

/** Days a ready-made plan lasts, today included: 'sheet-90' finishes on start + 89. */
export const READY_PLAN_DAYS = { 'sheet-90': 90, 'interview-30': 30 } as const;

/** A custom plan finishes today at the earliest and at most this many days ahead. */
export const CUSTOM_PLAN_MAX_DAYS_AHEAD = 365;

/**
 * "Interview in 30 days": the Easy and Medium problems of the sheet's core interview steps (arrays, hashing,
 * two pointers and sliding window, binary search, linked lists, stacks, trees, graphs, dynamic programming), named
 * exactly as the bank names them (apps/api/content/dsa/problems.json). Hard problems and the rarer steps (strings,
 * recursion, bits, heaps, greedy, BSTs, shortest paths, string DP, tries) are left for the 90-day plan.
 */
export const INTERVIEW_PLAN_STEPS: readonly string[] = [
  'Step 1: Array Fundamentals',
  'Step 2: Hashing and Prefix Sums',
  'Step 3: Two Pointers and Sliding Window',
  'Step 4: Binary Search on Arrays and Answers',
  'Step 6: Linked Lists',
  'Step 9: Stacks, Queues and Monotonic Stacks',
  'Step 12: Binary Trees',
  'Step 14: Graph Traversals and Topological Sort',
  'Step 16: Dynamic Programming on Sequences, Grids and Subsets',
];
export const INTERVIEW_PLAN_DIFFICULTIES: readonly Difficulty[] = ['Easy', 'Medium'];

export const STUDY_PLAN_LABELS: Record<StudyPlanKind, string> = {
  'sheet-90': 'Sheet in 90 days',
  'interview-30': 'Interview in 30 days',
  custom: 'Custom plan',
};

export const STUDY_PLAN_STATUS_LABELS: Record<StudyPlanStatus, string> = {
  'on-track': 'On track',
  behind: 'Behind',
  done: 'Done',
  ended: 'Ended',
};

/** The finish day of a ready-made plan started on `startOn`. */
export function readyPlanFinish(kind: keyof typeof READY_PLAN_DAYS, startOn: string): string {
  return addDays(startOn, READY_PLAN_DAYS[kind] - 1);
}

/** The difficulties a plan covers: every one except for the interview plan. */
export function planDifficulties(kind: StudyPlanKind): readonly Difficulty[] | null {
  return kind === 'interview-30' ? INTERVIEW_PLAN_DIFFICULTIES : null;
}

/** Why a custom finish day cannot be used, or null when it can (today up to 365 days ahead). */
export function customFinishProblem(finishOn: string, today: string): string | null {
  if (finishOn < today) return `The finish date cannot be before today (${today})`;
  if (daysBetween(today, finishOn) > CUSTOM_PLAN_MAX_DAYS_AHEAD) {
    return `The finish date can be at most ${CUSTOM_PLAN_MAX_DAYS_AHEAD} days ahead (${addDays(today, CUSTOM_PLAN_MAX_DAYS_AHEAD)})`;
  }
  return null;
}

export interface StudyPlanInput {
  today: string;
  startOn: string;
  finishOn: string;
  /** Live problems the plan covers. */
  total: number;
  /** Of those, solved so far (today's solves included). */
  solved: number;
  /** Of those, solved today: they count toward today's target. */
  solvedToday: number;
}

export interface StudyPlanProgress {
  remaining: number;
  /** Days from today to the finish day, both included; 0 once the finish day has passed. */
  daysLeft: number;
  /** Problems for today, counted from the start of today so the target holds still while the learner solves. */
  dailyTarget: number;
  /** Of today's target, still to solve. */
  leftToday: number;
  /** What a straight line from nothing on the start day to everything on the finish day has done before today. */
  expectedSolvedByToday: number;
  status: StudyPlanStatus;
}

/**
 * The plan's arithmetic.
 * - daysLeft counts today: finishing today gives 1 day, and the target is everything left.
 * - dailyTarget = ceil(left at the start of today / daysLeft); today's solves count toward it, so
 *   leftToday = dailyTarget - solvedToday (never below 0) and the target does not move during the day.
 * - expectedSolvedByToday = ceil(total × days before today / plan days): meeting every daily target never
 *   falls below it, so 'behind' means a target was missed. Solved exactly on the line is on track.
 * - Nothing left is 'done' (target 0), even after the finish day.
 * - A passed finish day is 'ended': target 0, the remaining count stays in the reply and the page asks for a new
 *   finish date (a target crammed into no days means nothing).
 * - Plans never start in the future (the API starts them today); should a change of time zone put today before
 *   the start, the plan is read as starting today.
 */
export function studyPlanProgress(input: StudyPlanInput): StudyPlanProgress {
  const total = Math.max(0, input.total);
  const solved = Math.min(Math.max(0, input.solved), total);
  const solvedToday = Math.min(Math.max(0, input.solvedToday), solved);
  const remaining = total - solved;
  const startOn = input.startOn > input.today ? input.today : input.startOn;
  const planDays = Math.max(1, daysBetween(startOn, input.finishOn) + 1);
  const daysBefore = Math.min(Math.max(0, daysBetween(startOn, input.today)), planDays);
  const expectedSolvedByToday = Math.ceil((total * daysBefore) / planDays);
  const daysLeft = Math.max(0, daysBetween(input.today, input.finishOn) + 1);

  if (remaining === 0) {
    return { remaining, daysLeft, dailyTarget: 0, leftToday: 0, expectedSolvedByToday, status: 'done' };
  }
  if (daysLeft === 0) {
    return { remaining, daysLeft, dailyTarget: 0, leftToday: 0, expectedSolvedByToday, status: 'ended' };
  }
  const dailyTarget = Math.ceil((remaining + solvedToday) / daysLeft);
  return {
    remaining,
    daysLeft,
    dailyTarget,
    leftToday: Math.max(0, dailyTarget - solvedToday),
    expectedSolvedByToday,
    status: solved >= expectedSolvedByToday ? 'on-track' : 'behind',
  };
}
