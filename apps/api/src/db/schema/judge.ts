import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
// The judge's tables (issue 27) reference the sheet's problems and the users; imported from the index, which
// re-exports this file, so the two files name each other only through functions (no load-order cycle).
import { dsaProblems, users } from './index';

/** A problem's judge: the problem file's content (statement, signature, tests, editorial, references). */
export const judgeProblems = pgTable('judge_problems', {
  problemId: uuid('problem_id')
    .primaryKey()
    .references(() => dsaProblems.id, { onDelete: 'cascade' }),
  /** The problem file as validated by judgeProblemSchema (packages/domain/src/judge/format.ts). */
  spec: jsonb('spec').notNull(),
  /** A judge that does not pass its own references is never turned on. */
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /**
   * The last "Validate" of DSA Management: the hash of the spec it ran on, whether every reference was Accepted,
   * and each language's result. The judge can be turned on only while that hash is the current spec's.
   */
  validationHash: text('validation_hash'),
  validationPassed: boolean('validation_passed').notNull().default(false),
  validationResults: jsonb('validation_results'),
  validatedAt: timestamptz('validated_at'),
});

export const judgeSubmissions = pgTable(
  'judge_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => dsaProblems.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done'] })
      .notNull()
      .default('queued'),
    verdict: text('verdict'),
    passed: integer('passed').notNull().default(0),
    total: integer('total').notNull().default(0),
    runtimeMs: integer('runtime_ms'),
    failedCase: jsonb('failed_case'),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('judge_submissions_user_problem_idx').on(t.userId, t.problemId, t.createdAt),
    check('judge_submissions_status_check', sql`${t.status} in ('queued','running','done')`),
  ],
);
