// The question bank's limits (issue 30), free of zod: the editor's hints and the player read them without a schema.

export const QUESTION_KINDS = ['single', 'multiple', 'short', 'output'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABEL: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  short: 'Short text',
  output: 'Code output',
};

export const QUESTION_PROMPT_MAX = 5000;
export const QUESTION_OPTION_MAX = 1000;
export const QUESTION_EXPLANATION_MAX = 2000;
export const QUESTION_TAGS_MAX = 10;
export const QUESTION_TAG_MAX = 30;
/** A short answer (each accepted one, and the learner's) and a pattern are short: no long input to match. */
export const SHORT_ANSWER_MAX = 200;
export const SHORT_ANSWERS_MAX = 20;
export const SHORT_PATTERN_MAX = 200;
/** The printed output a "what does this print?" question expects, and the longest answer to one. */
export const OUTPUT_ANSWER_MAX = 2000;
/** How many questions a bank holds (archived ones included). */
export const QUESTION_BANK_MAX = 1000;

/** A drawn quiz's settings: at most this many questions an attempt. */
export const QUIZ_DRAW_MAX = 30;
export const QUIZ_TIME_LIMIT_MIN_SECONDS = 30;
export const QUIZ_TIME_LIMIT_MAX_SECONDS = 4 * 3600;
export const QUIZ_ATTEMPT_LIMIT_MAX = 100;
export const QUIZ_SETTINGS_TAGS_MAX = 10;
/** Answers sent this long after an attempt's deadline are still taken (the network, a slow phone). */
export const QUIZ_DEADLINE_GRACE_SECONDS = 10;
