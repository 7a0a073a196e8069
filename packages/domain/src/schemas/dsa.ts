import { z } from 'zod';
import {
  ACTIVITY_DAYS,
  DSA_COMPANY_MAX_LENGTH,
  DSA_COMPANY_MIN_LENGTH,
  DSA_MAX_ACTIVITY_DAYS,
  DSA_MAX_COMPANIES,
} from '../constants';
import { DIFFICULTIES } from '../rules/dsa-stats';
import { CONFIDENCE_FILTERS, CONFIDENCE_LEVELS, REVISION_GRADES } from '../rules/revision';
import { DEFAULT_TIME_ZONE, isDay, isValidTimeZone } from '../rules/streaks';
import { badgesAwardedSchema } from './badges';
import { uuidSchema } from './common';

// Building blocks

export const difficultySchema = z.enum(DIFFICULTIES, { error: 'Difficulty must be Easy, Medium or Hard' });

/** The learner's IANA time zone (DESIGN decision 6); UTC when the client sends none. */
export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'Time zone must be a valid IANA name such as Europe/Berlin')
  .default(DEFAULT_TIME_ZONE);

export const daySchema = z.string().refine(isDay, 'Dates must look like YYYY-MM-DD');

/** Query-string flags arrive as text. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((value) => value === 'true' || value === '1')
  .default(false);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'Two Sum II - Input Array Is Sorted' → 'two-sum-ii-input-array-is-sorted'. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Every public judge serves https, so a judge link must too (the message says so). */
export function isJudgeLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(100, 'Slug must be at most 100 characters')
  .regex(SLUG_PATTERN, 'Slug may use lowercase letters, digits and dashes only');
const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(2, 'Title must be at least 2 characters')
  .max(200, 'Title must be at most 200 characters');
const stepSchema = z
  .string({ error: 'Step is required' })
  .trim()
  .min(1, 'Step is required')
  .max(100, 'Step must be at most 100 characters');
const judgeUrlSchema = z
  .string({ error: 'Judge link is required' })
  .trim()
  .max(500, 'Links must be at most 500 characters')
  .refine(isJudgeLink, 'Enter a judge link starting with https://');
/** An empty second link means none. */
const altUrlSchema = z
  .string({ error: 'The second link must be text' })
  .trim()
  .max(500, 'Links must be at most 500 characters')
  .refine((value) => value === '' || isJudgeLink(value), 'Enter a second link starting with https://')
  .nullable()
  .transform((value) => value || null);
const tagsSchema = z
  .array(z.string().trim().min(1, 'Tags cannot be empty').max(40, 'Tags must be at most 40 characters'), {
    error: 'Tags must be a list of words',
  })
  .max(12, 'At most 12 tags');
/** Letters (any script), digits, spaces and & . - ' : "Johnson & Johnson", "Booking.com", "McKinsey's". */
export const COMPANY_PATTERN = /^[\p{L}\p{N} &.'-]+$/u;

/** The same company written twice in any case counts once; the first spelling is kept. */
export function uniqueCompanies(companies: readonly string[]): string[] {
  const seen = new Set<string>();
  return companies.filter((company) => {
    const key = company.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const companySchema = z
  .string({ error: 'Each company must be text' })
  .trim()
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(DSA_COMPANY_MIN_LENGTH, `Company names must be at least ${DSA_COMPANY_MIN_LENGTH} characters`)
      .max(DSA_COMPANY_MAX_LENGTH, `Company names must be at most ${DSA_COMPANY_MAX_LENGTH} characters`)
      .regex(COMPANY_PATTERN, "Company names may use letters, digits, spaces and & . - ' only"),
  );
/** Issue 28's company tags: checked one by one, then repeats (any case) dropped before the limit is counted. */
export const companiesSchema = z
  .array(companySchema, { error: 'Companies must be a list of names' })
  .transform(uniqueCompanies)
  .pipe(z.array(z.string()).max(DSA_MAX_COMPANIES, `At most ${DSA_MAX_COMPANIES} companies`));
export const topicNameSchema = z
  .string({ error: 'Topic name is required' })
  .trim()
  .min(2, 'Topic name must be at least 2 characters')
  .max(60, 'Topic name must be at most 60 characters');

// The sheet

/** How sure the learner is of a problem (issue 29); null clears it (Not set). */
export const confidenceSchema = z.enum(CONFIDENCE_LEVELS, {
  error: 'Confidence must be low, medium, high, expert or null',
});
export const confidenceFilterSchema = z.enum(CONFIDENCE_FILTERS, {
  error: 'Confidence must be not-set, low, medium, high or expert',
});

export const problemStatusSchema = z.enum(['solved', 'unsolved', 'verified', 'bookmarked', 'revision'], {
  error: 'Status must be solved, unsolved, verified, bookmarked or revision',
});
export type ProblemStatus = z.infer<typeof problemStatusSchema>;

export const problemsQuerySchema = z.object({
  topic: z.string().trim().max(80, 'Topic must be at most 80 characters').optional(),
  step: z.string().trim().max(100, 'Step must be at most 100 characters').optional(),
  difficulty: difficultySchema.optional(),
  status: problemStatusSchema.optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  company: z
    .string()
    .trim()
    .max(DSA_COMPANY_MAX_LENGTH, `Company must be at most ${DSA_COMPANY_MAX_LENGTH} characters`)
    .optional(),
  /** Issue 29: a confidence level, or not-set. */
  confidence: confidenceFilterSchema.optional(),
  timeZone: timeZoneSchema,
});
export type ProblemsQuery = z.input<typeof problemsQuerySchema>;

export const dsaProblemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  step: z.string(),
  topic: z.string(),
  topicId: z.string(),
  difficulty: difficultySchema,
  url: z.string(),
  altUrl: z.string().nullable(),
  tags: z.array(z.string()),
  /** Issue 28: companies known to ask it, tagged by the platform's staff. */
  companies: z.array(z.string()),
  position: z.number().int(),
  solved: z.boolean(),
  solvedOn: z.string().nullable(),
  bookmarked: z.boolean(),
  notes: z.string(),
  revisionStage: z.number().int().nullable(),
  revisionDueOn: z.string().nullable(),
  /** Issue 29: how sure the learner is of it; null when not set. */
  confidence: confidenceSchema.nullable().optional(),
  /** Issue 27: the problem has a judge, so it can be solved on its own page (/problems/{slug}). */
  judge: z.boolean().optional(),
  /** Issue 27: the learner's solve came from an Accepted submission, not only the checkbox. */
  verified: z.boolean().optional(),
  /** Issue 28: accepted over all judged submissions on LearnBuild, 0-100; null under 20 submissions. */
  acceptanceRate: z.number().min(0).max(100).nullable(),
  /** Issue 28: how many learners solved it. */
  solvedCount: z.number().int().min(0),
});
export type DsaProblem = z.infer<typeof dsaProblemSchema>;

export const problemsReplySchema = z.object({ success: z.literal(true), problems: z.array(dsaProblemSchema) });
export type ProblemsReply = z.infer<typeof problemsReplySchema>;

/** A problem as every learner sees it: the sheet's row without anyone's flags. */
export const catalogueProblemSchema = dsaProblemSchema.pick({
  id: true,
  slug: true,
  title: true,
  step: true,
  topic: true,
  topicId: true,
  difficulty: true,
  url: true,
  altUrl: true,
  tags: true,
  companies: true,
  position: true,
  judge: true,
});
export type CatalogueProblem = z.infer<typeof catalogueProblemSchema>;

/** The live bank in learning-path order, the same bytes for every reader. */
export const catalogueReplySchema = z.object({ success: z.literal(true), problems: z.array(catalogueProblemSchema) });
export type CatalogueReply = z.infer<typeof catalogueReplySchema>;

/**
 * One learner's flags on the live problems, by problem id; a problem the learner never touched is in none of them.
 * `solved` maps each solved problem to its solve day, `revision` each problem on the schedule to its stage and
 * next review day (null once the schedule is complete).
 */
export const flagsReplySchema = z.object({
  success: z.literal(true),
  solved: z.record(z.string(), z.string().nullable()),
  bookmarked: z.array(z.string()),
  notes: z.record(z.string(), z.string()),
  revision: z.record(z.string(), z.object({ stage: z.number().int(), dueOn: z.string().nullable() })),
  /** Problems solved through the judge (an Accepted submission), issue 27. */
  verified: z.array(z.string()).optional(),
  /** The learner's confidence per problem they set one for (issue 29). */
  confidence: z.record(z.string(), confidenceSchema).optional(),
});
export type FlagsReply = z.infer<typeof flagsReplySchema>;

export const problemParamsSchema = z.object({ problemId: uuidSchema });

// Issue 28: a sheet that guides

export const RANDOM_PROBLEM_NONE_MESSAGE = 'No problem matches these filters. Clear a filter and try again.';

/** `GET /api/dsa/problems/random`: a problem the learner has not solved (or, for revision, one they have). */
export const randomProblemQuerySchema = z.object({
  status: z.enum(['unsolved', 'solved'], { error: 'Status must be unsolved or solved' }).default('unsolved'),
  difficulty: difficultySchema.optional(),
  topic: z.string().trim().max(80, 'Topic must be at most 80 characters').optional(),
  step: z.string().trim().max(100, 'Step must be at most 100 characters').optional(),
  /** A company tag, any case (issue 28). */
  company: z
    .string()
    .trim()
    .max(DSA_COMPANY_MAX_LENGTH, `Company must be at most ${DSA_COMPANY_MAX_LENGTH} characters`)
    .optional(),
  timeZone: timeZoneSchema,
});
export type RandomProblemQuery = z.input<typeof randomProblemQuerySchema>;
export const randomProblemReplySchema = z.object({ success: z.literal(true), problem: dsaProblemSchema });

/** `GET /api/dsa/problem-stats`: everyone's numbers per problem, for the problems that have any. */
export const problemStatsReplySchema = z.object({
  success: z.literal(true),
  stats: z.record(
    z.string(),
    z.object({ solvedCount: z.number().int(), acceptanceRate: z.number().min(0).max(100).nullable() }),
  ),
});
export type ProblemStatsReply = z.infer<typeof problemStatsReplySchema>;

export const roadmapNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  solved: z.number().int(),
  total: z.number().int(),
  prerequisites: z.array(z.string()),
  /** False while a prerequisite is under half solved ("not yet"); the topic stays open either way. */
  ready: z.boolean(),
});
export type RoadmapNodeReply = z.infer<typeof roadmapNodeSchema>;
export const roadmapReplySchema = z.object({
  success: z.literal(true),
  roadmap: z.object({ nodes: z.array(roadmapNodeSchema) }),
});
export type RoadmapReply = z.infer<typeof roadmapReplySchema>;
export const topicParamsSchema = z.object({ topicId: uuidSchema });

// Progress

export const progressBodySchema = z
  .object({
    solved: z.boolean({ error: 'solved must be true or false' }).optional(),
    bookmarked: z.boolean({ error: 'bookmarked must be true or false' }).optional(),
    notes: z.string({ error: 'Notes must be text' }).max(5000, 'Notes must be at most 5000 characters').optional(),
    /** true marks a solved problem for revision; false takes it off the schedule. */
    revision: z.boolean({ error: 'revision must be true or false' }).optional(),
    /** Issue 29: a confidence level, or null to clear it. */
    confidence: confidenceSchema.nullable().optional(),
    timeZone: timeZoneSchema,
  })
  .refine(
    (body) =>
      body.solved !== undefined ||
      body.bookmarked !== undefined ||
      body.notes !== undefined ||
      body.revision !== undefined ||
      body.confidence !== undefined,
    'Send at least one of solved, bookmarked, notes, revision or confidence',
  );
export type ProgressBody = z.input<typeof progressBodySchema>;

export const progressSchema = z.object({
  problemId: z.string(),
  solved: z.boolean(),
  solvedAt: z.string().nullable(),
  solvedOn: z.string().nullable(),
  bookmarked: z.boolean(),
  notes: z.string(),
  revisionStage: z.number().int().nullable(),
  revisionDueOn: z.string().nullable(),
  /** Issue 29: the learner's confidence; null when not set. */
  confidence: confidenceSchema.nullable(),
});
export type DsaProgress = z.infer<typeof progressSchema>;
export const progressReplySchema = z.object({
  success: z.literal(true),
  progress: progressSchema,
  /** Badges this write earned (issue 29), when it earned any. */
  badgesAwarded: badgesAwardedSchema.optional(),
});
export type ProgressReply = z.infer<typeof progressReplySchema>;

export const revisionGradeSchema = z.enum(REVISION_GRADES, { error: 'Grade must be again, hard, good or easy' });

/**
 * A review (issue 29): how well the learner recalled the problem. Without a grade (clients from before issue 29)
 * the review advances the simple 1-3-7-14-30 schedule one step.
 */
export const reviewBodySchema = z
  .object({ grade: revisionGradeSchema.optional(), timeZone: timeZoneSchema })
  .default({ timeZone: DEFAULT_TIME_ZONE });
export type ReviewBody = z.input<typeof reviewBodySchema>;
/** The reply of a review: the progress, and the next review's day in the learner's zone (null once finished). */
export const reviewReplySchema = z.object({
  success: z.literal(true),
  progress: progressSchema,
  dueOn: z.string().nullable(),
});

export const statsQuerySchema = z.object({ timeZone: timeZoneSchema });
export const activityQuerySchema = z.object({
  timeZone: timeZoneSchema,
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(DSA_MAX_ACTIVITY_DAYS, `days must be at most ${DSA_MAX_ACTIVITY_DAYS}`)
    .default(ACTIVITY_DAYS),
});

const countPairSchema = z.object({ completed: z.number().int(), total: z.number().int() });
export const dsaStatsSchema = z.object({
  totalProblems: z.number().int(),
  completedProblems: z.number().int(),
  bookmarkedProblems: z.number().int(),
  currentStreak: z.number().int(),
  maxStreak: z.number().int(),
  difficultyStats: z.object({ Easy: countPairSchema, Medium: countPairSchema, Hard: countPairSchema }),
  /** Issue 29: streak freezes held now (0-2) and the days a freeze kept the streak, oldest first. */
  freezes: z.object({ available: z.number().int(), usedOn: z.array(z.string()) }),
});
export const statsReplySchema = z.object({ success: z.literal(true), stats: dsaStatsSchema });
export const activityDaySchema = z.object({
  date: z.string(),
  count: z.number().int(),
  level: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
export const activityReplySchema = z.object({ success: z.literal(true), activity: z.array(activityDaySchema) });

// Import and export (management and one's own progress)

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
});
export const importQuerySchema = z.object({ dryRun: queryFlag, skipInvalid: queryFlag });

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importReplySchema = z.object({
  success: z.boolean(),
  dryRun: z.boolean(),
  applied: z.boolean(),
  report: importReportSchema,
  message: z.string().optional(),
  error: z.string().optional(),
});
export type ImportReply = z.infer<typeof importReplySchema>;

/** One problem of a bank file (apps/api/content/dsa/problems.json) or of an import. */
export const problemImportRowSchema = z.object({
  slug: slugSchema,
  title: titleSchema,
  step: stepSchema,
  topic: topicNameSchema,
  difficulty: difficultySchema,
  url: judgeUrlSchema,
  altUrl: altUrlSchema.optional().transform((value) => value ?? null),
  tags: tagsSchema.default([]),
  /** Left out (files written before company tags), a problem's companies stay as they are. */
  companies: companiesSchema.optional(),
});
export type ProblemImportRow = z.infer<typeof problemImportRowSchema>;

export const problemBankSchema = z.object({
  version: z.literal(1),
  steps: z.array(z.string()).default([]),
  problems: z.array(problemImportRowSchema),
});
export type ProblemBank = z.infer<typeof problemBankSchema>;

/** One row of a learner's progress export, matched by slug on import. */
export const progressImportRowSchema = z.object({
  slug: slugSchema,
  solved: z.boolean({ error: 'solved must be true or false' }).default(false),
  solvedOn: daySchema.nullish().transform((value) => value ?? null),
  bookmarked: z.boolean({ error: 'bookmarked must be true or false' }).default(false),
  notes: z.string().max(5000, 'Notes must be at most 5000 characters').default(''),
  revisionStage: z
    .number()
    .int()
    .min(0)
    .max(10)
    .nullish()
    .transform((value) => value ?? null),
  revisionDueOn: daySchema.nullish().transform((value) => value ?? null),
});
export type ProgressImportRow = z.infer<typeof progressImportRowSchema>;

// Management

export const topicSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  problemCount: z.number().int(),
});
export type DsaTopic = z.infer<typeof topicSchema>;
export const topicsReplySchema = z.object({ success: z.literal(true), topics: z.array(topicSchema) });

export const topicInputSchema = z.object({ name: topicNameSchema });

const problemFields = {
  title: titleSchema,
  slug: slugSchema,
  step: stepSchema,
  topicId: uuidSchema,
  difficulty: difficultySchema,
  url: judgeUrlSchema,
  altUrl: altUrlSchema,
  tags: tagsSchema,
  companies: companiesSchema,
};

/** A new problem; the slug is made from the title when left out. */
export const problemInputSchema = z.object({
  ...problemFields,
  slug: problemFields.slug.optional(),
  altUrl: problemFields.altUrl.optional(),
  tags: problemFields.tags.optional(),
  companies: problemFields.companies.optional(),
});
export type ProblemInput = z.input<typeof problemInputSchema>;

/** An edit: only the fields sent change. */
export const problemPatchSchema = z
  .object(problemFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change');
export type ProblemPatch = z.input<typeof problemPatchSchema>;

export const reorderBodySchema = z.object({
  ids: z.array(uuidSchema, { error: 'ids must be a list of ids' }).min(1, 'Send at least one id').max(5000),
});
