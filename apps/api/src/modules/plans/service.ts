import { todayIn } from '@learnbuild/domain/rules/streaks';
import {
  customFinishProblem,
  INTERVIEW_PLAN_STEPS,
  planDifficulties,
  readyPlanFinish,
  studyPlanProgress,
} from '@learnbuild/domain/rules/study-plan';
import type { StudyPlan } from '@learnbuild/domain/schemas/study-plans';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-errors';
import * as q from './queries';

/** The plan with today's arithmetic and today's problems, or null without a plan. */
export async function myPlan(db: Db, userId: string, timeZone: string): Promise<StudyPlan | null> {
  const plan = await q.findPlan(db, userId);
  if (!plan) return null;
  const today = todayIn(timeZone);
  // The 90-day plan is the whole sheet, whatever steps are added after it was picked.
  const steps = plan.kind === 'sheet-90' ? null : plan.steps;
  const problems = await q.planProblems(db, userId, { steps, difficulties: planDifficulties(plan.kind) });
  const solved = problems.filter((problem) => problem.solved);
  const solvedToday = solved.filter((problem) => problem.solvedOn === today).length;
  const progress = studyPlanProgress({
    today,
    startOn: plan.startOn,
    finishOn: plan.finishOn,
    total: problems.length,
    solved: solved.length,
    solvedToday,
  });
  const todays = problems
    .filter((problem) => !problem.solved)
    .slice(0, progress.leftToday)
    .map(({ problemId, slug, title, difficulty, step, judged }) => ({
      problemId,
      slug,
      title,
      difficulty,
      step,
      judged,
    }));
  return {
    kind: plan.kind,
    steps: steps ?? (await q.sheetSteps(db)),
    startOn: plan.startOn,
    finishOn: plan.finishOn,
    total: problems.length,
    solved: solved.length,
    solvedToday,
    ...progress,
    today: todays,
  };
}

/** Picks (or replaces) the learner's plan; it starts today in their time zone. */
export async function choosePlan(
  db: Db,
  userId: string,
  choice: { kind: 'sheet-90' | 'interview-30' | 'custom'; steps?: string[]; finishOn?: string; timeZone: string },
): Promise<void> {
  const startOn = todayIn(choice.timeZone);
  const known = await q.sheetSteps(db);
  if (choice.kind === 'custom') {
    const steps = [...new Set(choice.steps ?? [])];
    if (steps.length === 0) throw badRequest('Pick at least one step for a custom plan');
    const unknown = steps.filter((step) => !known.includes(step));
    if (unknown.length > 0) {
      throw badRequest(`Unknown step${unknown.length > 1 ? 's' : ''} of the sheet: ${unknown.join(', ')}`);
    }
    if (!choice.finishOn) throw badRequest('Pick a finish date for a custom plan');
    const problem = customFinishProblem(choice.finishOn, startOn);
    if (problem) throw badRequest(problem);
    // Kept in the sheet's order, whatever order they were ticked in.
    const ordered = known.filter((step) => steps.includes(step));
    await q.savePlan(db, { userId, kind: 'custom', steps: ordered, startOn, finishOn: choice.finishOn });
    return;
  }
  const steps = choice.kind === 'sheet-90' ? known : [...INTERVIEW_PLAN_STEPS];
  await q.savePlan(db, { userId, kind: choice.kind, steps, startOn, finishOn: readyPlanFinish(choice.kind, startOn) });
}
