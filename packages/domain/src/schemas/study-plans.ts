import { z } from 'zod';
import { DIFFICULTIES } from '../rules/dsa-stats';
import { STUDY_PLAN_KINDS, STUDY_PLAN_STATUSES } from '../rules/study-plan';
import { daySchema, timeZoneSchema } from './dsa';

/** The most steps a custom plan may name (the sheet has 18). */
export const STUDY_PLAN_MAX_STEPS = 100;

const stepNameSchema = z
  .string({ error: 'Each step must be a step name' })
  .trim()
  .min(1, 'Each step must be a step name')
  .max(200, 'A step name is at most 200 characters');

/**
 * `PUT /api/plans/mine`: a ready-made plan sets its own steps and finish date; a custom one names at least one of
 * the sheet's steps and a finish date (today up to 365 days ahead, checked against today in `timeZone`).
 */
export const studyPlanBodySchema = z
  .object({
    kind: z.enum(STUDY_PLAN_KINDS, { error: 'Plan must be sheet-90, interview-30 or custom' }),
    steps: z.array(stepNameSchema).max(STUDY_PLAN_MAX_STEPS, `Pick at most ${STUDY_PLAN_MAX_STEPS} steps`).optional(),
    finishOn: daySchema.optional(),
    timeZone: timeZoneSchema,
  })
  .superRefine((body, context) => {
    if (body.kind === 'custom') {
      if (!body.steps || body.steps.length === 0) {
        context.addIssue({ code: 'custom', path: ['steps'], message: 'Pick at least one step for a custom plan' });
      }
      if (!body.finishOn) {
        context.addIssue({ code: 'custom', path: ['finishOn'], message: 'Pick a finish date for a custom plan' });
      }
    } else if (body.steps !== undefined || body.finishOn !== undefined) {
      context.addIssue({
        code: 'custom',
        path: [body.steps !== undefined ? 'steps' : 'finishOn'],
        message: 'A ready-made plan sets its own steps and finish date; pick custom to choose them',
      });
    }
  });
export type StudyPlanBody = z.input<typeof studyPlanBodySchema>;

export const studyPlanQuerySchema = z.object({ timeZone: timeZoneSchema });

export const planProblemSchema = z.object({
  problemId: z.string(),
  slug: z.string(),
  title: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  step: z.string(),
  /** Solvable on its own page (/problems/{slug}); otherwise it is solved from the sheet. */
  judged: z.boolean(),
});
export type PlanProblem = z.infer<typeof planProblemSchema>;

export const studyPlanSchema = z.object({
  kind: z.enum(STUDY_PLAN_KINDS),
  steps: z.array(z.string()),
  startOn: z.string(),
  finishOn: z.string(),
  total: z.number().int(),
  solved: z.number().int(),
  solvedToday: z.number().int(),
  remaining: z.number().int(),
  daysLeft: z.number().int(),
  dailyTarget: z.number().int(),
  expectedSolvedByToday: z.number().int(),
  status: z.enum(STUDY_PLAN_STATUSES),
  /** Today's problems still to solve: the next unsolved problems of the plan in the sheet's order. */
  today: z.array(planProblemSchema),
});
export type StudyPlan = z.infer<typeof studyPlanSchema>;

/** `GET /api/plans/mine`: the plan (null without one) and the sheet's steps a custom plan can choose from. */
export const studyPlanReplySchema = z.object({
  success: z.literal(true),
  plan: studyPlanSchema.nullable(),
  sheetSteps: z.array(z.string()),
});
export type StudyPlanReply = z.infer<typeof studyPlanReplySchema>;
