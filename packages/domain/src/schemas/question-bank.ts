import { z } from 'zod';
import { QUIZ_OPTIONS_MAX, QUIZ_OPTIONS_MIN } from '../courses';
import {
  OUTPUT_ANSWER_MAX,
  QUESTION_EXPLANATION_MAX,
  QUESTION_KINDS,
  QUESTION_OPTION_MAX,
  QUESTION_PROMPT_MAX,
  QUESTION_TAG_MAX,
  QUESTION_TAGS_MAX,
  QUIZ_ATTEMPT_LIMIT_MAX,
  QUIZ_DRAW_MAX,
  QUIZ_SETTINGS_TAGS_MAX,
  QUIZ_TIME_LIMIT_MAX_SECONDS,
  QUIZ_TIME_LIMIT_MIN_SECONDS,
  SHORT_ANSWER_MAX,
  SHORT_ANSWERS_MAX,
  SHORT_PATTERN_MAX,
} from '../question-bank';
import { trimmedText, uuidSchema } from './common';

export * from '../question-bank';

// A course's question bank and the attempts at quizzes drawn from it (issue 30).

/** A course's id or slug, as the courses' routes take it (not imported: courses.ts imports this file). */
const courseIdSchema = z.string().trim().min(1, 'Course id is required').max(200, 'Course id is too long');

export const questionKindSchema = z.enum(QUESTION_KINDS, {
  error: 'Kind must be single, multiple, short or output',
});

const tagSchema = trimmedText('Tag', QUESTION_TAG_MAX).toLowerCase().min(1, 'Tags cannot be empty');
const questionTagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list' })
  .max(QUESTION_TAGS_MAX, `Add at most ${QUESTION_TAGS_MAX} tags`)
  .transform((tags) => [...new Set(tags)]);

const optionsSchema = z
  .array(trimmedText('Option', QUESTION_OPTION_MAX).min(1, 'Options cannot be empty'), {
    error: 'Options must be a list',
  })
  .min(QUIZ_OPTIONS_MIN, `A choice question needs at least ${QUIZ_OPTIONS_MIN} options`)
  .max(QUIZ_OPTIONS_MAX, `A choice question has at most ${QUIZ_OPTIONS_MAX} options`);

const optionIndexSchema = z
  .number({ error: 'Pick the correct option' })
  .int('Pick the correct option')
  .min(0, 'Pick the correct option');

const shortKeySchema = z.object({
  accept: z
    .array(trimmedText('Each accepted answer', SHORT_ANSWER_MAX).min(1, 'Accepted answers cannot be empty'), {
      error: 'Accepted answers must be a list',
    })
    .max(SHORT_ANSWERS_MAX, `List at most ${SHORT_ANSWERS_MAX} accepted answers`)
    .default([]),
  pattern: z
    .string({ error: 'The pattern must be text' })
    .max(SHORT_PATTERN_MAX, `The pattern must be at most ${SHORT_PATTERN_MAX} characters`)
    .nullable()
    .optional()
    .transform((pattern) => (pattern ? pattern : null)),
  caseSensitive: z.boolean({ error: 'Case sensitive must be true or false' }).default(false),
});

const common = {
  prompt: trimmedText('Question', QUESTION_PROMPT_MAX).min(1, 'Each question needs a prompt'),
  explanation: trimmedText('Explanation', QUESTION_EXPLANATION_MAX).default(''),
  tags: questionTagsSchema.default([]),
};

/**
 * A bank question as its author writes it. The key (`answer`) per kind: `{option}` for single, `{options}` for
 * multiple, `{accept, pattern?, caseSensitive}` for short text, `{output}` for code output.
 */
export const questionBodySchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('single'),
        ...common,
        options: optionsSchema,
        answer: z.object({ option: optionIndexSchema }),
      }),
      z.object({
        kind: z.literal('multiple'),
        ...common,
        options: optionsSchema,
        answer: z.object({
          options: z
            .array(optionIndexSchema, { error: 'Mark the correct options' })
            .min(1, 'Mark at least one correct option'),
        }),
      }),
      z.object({
        kind: z.literal('short'),
        ...common,
        options: z.array(z.string()).max(0).default([]),
        answer: shortKeySchema,
      }),
      z.object({
        kind: z.literal('output'),
        ...common,
        options: z.array(z.string()).max(0).default([]),
        answer: z.object({
          output: z
            .string({ error: 'The expected output must be text' })
            .max(OUTPUT_ANSWER_MAX, `The expected output must be at most ${OUTPUT_ANSWER_MAX} characters`)
            .refine((output) => output.trim().length > 0, 'Give the output the code prints'),
        }),
      }),
    ],
    { error: 'Kind must be single, multiple, short or output' },
  )
  .superRefine((question, context) => {
    if (question.kind === 'single' && question.answer.option >= question.options.length)
      context.addIssue({
        code: 'custom',
        path: ['answer', 'option'],
        message: 'The correct answer must be one of the options',
      });
    if (question.kind === 'multiple') {
      const marked = question.answer.options;
      if (marked.some((index) => index >= question.options.length))
        context.addIssue({
          code: 'custom',
          path: ['answer', 'options'],
          message: 'The correct answers must be among the options',
        });
      else if (new Set(marked).size !== marked.length)
        context.addIssue({ code: 'custom', path: ['answer', 'options'], message: 'Mark each correct option once' });
    }
    if (question.kind === 'short' && question.answer.accept.length === 0 && !question.answer.pattern)
      context.addIssue({
        code: 'custom',
        path: ['answer', 'accept'],
        message: 'Give at least one accepted answer or a pattern',
      });
  });
export type QuestionBody = z.input<typeof questionBodySchema>;
export type ParsedQuestionBody = z.output<typeof questionBodySchema>;

/** An edit: the fields sent replace the question's; the result must still be a whole question. */
export const updateQuestionBodySchema = z.object({
  kind: questionKindSchema.optional(),
  prompt: z
    .string({ error: 'Question must be text' })
    .max(QUESTION_PROMPT_MAX + 100)
    .optional(),
  options: z
    .array(z.string({ error: 'Options must be text' }))
    .max(QUIZ_OPTIONS_MAX + 1)
    .optional(),
  answer: z.record(z.string(), z.unknown(), { error: 'The answer must be an object' }).optional(),
  explanation: z.string({ error: 'Explanation must be text' }).optional(),
  tags: z
    .array(z.string({ error: 'Tags must be text' }))
    .max(QUESTION_TAGS_MAX + 1)
    .optional(),
});
export type UpdateQuestionBody = z.input<typeof updateQuestionBodySchema>;

export const questionKeySchema = z.union([
  z.object({ option: z.number().int() }),
  z.object({ options: z.array(z.number().int()) }),
  z.object({
    accept: z.array(z.string()),
    pattern: z.string().nullable().optional(),
    caseSensitive: z.boolean().optional(),
  }),
  z.object({ output: z.string() }),
]);

/** A bank question as the course's owner and admins read it, key included. */
export const bankQuestionSchema = z.object({
  id: z.string(),
  kind: questionKindSchema,
  prompt: z.string(),
  options: z.array(z.string()),
  answer: questionKeySchema,
  explanation: z.string(),
  tags: z.array(z.string()),
  version: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const questionParamsSchema = z.object({ id: courseIdSchema, questionId: uuidSchema });

export const questionsQuerySchema = z.object({
  /** Only questions with this tag. */
  tag: trimmedText('Tag', QUESTION_TAG_MAX)
    .toLowerCase()
    .optional()
    .transform((tag) => tag || undefined),
  /** Archived (deleted) questions too. */
  archived: z.enum(['true', 'false'], { error: 'archived must be true or false' }).default('false'),
});
export type QuestionsQuery = z.input<typeof questionsQuerySchema>;

export const questionsReplySchema = z.object({
  success: z.literal(true),
  questions: z.array(bankQuestionSchema),
  /** Every tag of the bank's questions not archived, with how many carry it, by name. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /** Questions not archived, the whole bank. */
  activeCount: z.number().int(),
});
export type QuestionsReply = z.infer<typeof questionsReplySchema>;

export const questionReplySchema = z.object({ success: z.literal(true), question: bankQuestionSchema });
export type QuestionReply = z.infer<typeof questionReplySchema>;

// A quiz drawn from the bank

/** `course_lessons.quiz_settings`: draw N questions of these tags (none: the whole bank). */
export const quizSettingsSchema = z.object({
  draw: z
    .number({ error: 'Questions to draw must be a number' })
    .int('Questions to draw must be a whole number')
    .min(1, 'Draw at least 1 question')
    .max(QUIZ_DRAW_MAX, `Draw at most ${QUIZ_DRAW_MAX} questions`),
  tags: z
    .array(tagSchema, { error: 'Tags must be a list' })
    .max(QUIZ_SETTINGS_TAGS_MAX, `Choose at most ${QUIZ_SETTINGS_TAGS_MAX} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  timeLimitSeconds: z
    .number({ error: 'The time limit must be a number of seconds' })
    .int('The time limit must be whole seconds')
    .min(QUIZ_TIME_LIMIT_MIN_SECONDS, `The time limit must be at least ${QUIZ_TIME_LIMIT_MIN_SECONDS} seconds`)
    .max(QUIZ_TIME_LIMIT_MAX_SECONDS, `The time limit must be at most ${QUIZ_TIME_LIMIT_MAX_SECONDS / 3600} hours`)
    .nullable()
    .default(null),
  attemptLimit: z
    .number({ error: 'The attempt limit must be a number' })
    .int('The attempt limit must be a whole number')
    .min(1, 'Allow at least 1 attempt')
    .max(QUIZ_ATTEMPT_LIMIT_MAX, `Allow at most ${QUIZ_ATTEMPT_LIMIT_MAX} attempts`)
    .nullable()
    .default(null),
});
export type QuizSettings = z.output<typeof quizSettingsSchema>;
/** The settings as a reply carries them. */
export const quizSettingsReplySchema = z.object({
  draw: z.number().int(),
  tags: z.array(z.string()),
  timeLimitSeconds: z.number().int().nullable(),
  attemptLimit: z.number().int().nullable(),
});
export type QuizSettingsBody = z.input<typeof quizSettingsSchema>;

/** A drawn question as the learner sees it: no key; options in the order this attempt shows them. */
export const attemptQuestionPublicSchema = z.object({
  id: z.string(),
  kind: questionKindSchema,
  prompt: z.string(),
  options: z.array(z.string()),
});
export type AttemptQuestionPublic = z.infer<typeof attemptQuestionPublicSchema>;

export const quizAttemptSchema = z.object({
  id: z.string(),
  lessonId: z.string(),
  /** open: being taken; submitted: graded; expired: its time ran out before answers came. */
  status: z.enum(['open', 'submitted', 'expired']),
  questions: z.array(attemptQuestionPublicSchema),
  startedAt: z.string(),
  /** When answers stop being taken (a few seconds' grace aside); null without a time limit. */
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  correct: z.number().int().nullable(),
  total: z.number().int(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/** The learner's standing at a drawn quiz, and the attempt they have open (the same one after a reload). */
export const quizAttemptStateReplySchema = z.object({
  success: z.literal(true),
  settings: z.object({
    draw: z.number().int(),
    timeLimitSeconds: z.number().int().nullable(),
    attemptLimit: z.number().int().nullable(),
  }),
  /** Attempts started so far (open, graded or run out); the owner's and admins' tries count too but have no limit. */
  attemptsUsed: z.number().int(),
  /** Null without an attempt limit. */
  attemptsLeft: z.number().int().nullable(),
  best: z.object({ correct: z.number().int(), total: z.number().int() }).nullable(),
  attempt: quizAttemptSchema.nullable(),
});
export type QuizAttemptStateReply = z.infer<typeof quizAttemptStateReplySchema>;

export const attemptParamsSchema = z.object({
  id: courseIdSchema,
  lessonId: z.string().trim().min(1, 'Lesson id is required').max(200, 'Lesson id is too long'),
  attemptId: z.string().trim().min(1, 'Attempt id is required').max(200, 'Attempt id is too long'),
});

/**
 * One answer as sent: `choice` (a single choice's option, as shown), `choices` (a multiple choice's options) or
 * `text` (short text, code output); `{}` leaves the question out.
 */
export const quizAnswerBodySchema = z.object(
  {
    choice: z.number({ error: 'choice must be an option number' }).int().min(0).max(100).optional(),
    choices: z
      .array(z.number({ error: 'choices must be option numbers' }).int().min(0).max(100), {
        error: 'choices must be a list of option numbers',
      })
      .max(QUIZ_OPTIONS_MAX)
      .optional(),
    text: z
      .string({ error: 'text must be text' })
      .max(OUTPUT_ANSWER_MAX, `An answer must be at most ${OUTPUT_ANSWER_MAX} characters`)
      .optional(),
  },
  { error: 'Each answer must be an object with choice, choices or text' },
);
export type QuizAnswerBody = z.infer<typeof quizAnswerBodySchema>;

export const submitAttemptBodySchema = z.object({
  /** One answer per question in the order shown: option numbers as shown, or text; `{}` leaves it out. */
  answers: z.array(quizAnswerBodySchema, { error: 'Answers must be a list' }).max(QUIZ_DRAW_MAX),
});
export type SubmitAttemptBody = z.input<typeof submitAttemptBodySchema>;

export const attemptResultReplySchema = quizAttemptStateReplySchema.extend({
  correct: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  /** Per question in the order shown: whether it was right, what was (options as shown, or a text), and why. */
  results: z.array(
    z.object({
      questionId: z.string(),
      correct: z.boolean(),
      expected: z.object({ options: z.array(z.number().int()), text: z.string().nullable() }),
      explanation: z.string(),
    }),
  ),
});
export type AttemptResultReply = z.infer<typeof attemptResultReplySchema>;
