// A problem's acceptance rate on LearnBuild (issue 28): accepted submissions over all judged submissions, our own
// numbers and no other site's. Under 20 submissions it says too little and is not shown.

export const ACCEPTANCE_MIN_SUBMISSIONS = 20;

/** 0 to 100 with one decimal, or null while the problem has fewer than ACCEPTANCE_MIN_SUBMISSIONS submissions. */
export function acceptanceRate(accepted: number, submissions: number): number | null {
  if (submissions < ACCEPTANCE_MIN_SUBMISSIONS) return null;
  return Math.round((accepted / submissions) * 1000) / 10;
}
