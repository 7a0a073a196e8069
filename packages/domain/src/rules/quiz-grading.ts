import { RE2JS } from 're2js';
import { type QuestionKind, SHORT_ANSWER_MAX } from '../question-bank';

// Grading a quiz attempt (issue 30) from the questions as they were drawn: an edit of the bank afterwards changes
// nothing here. Short-answer patterns run on RE2 (linear time): no pattern, however written, can hang the server.

/** A question's key: which options are right, which texts are accepted, or what the code prints. */
export type QuestionKey =
  | { option: number }
  | { options: number[] }
  | { accept: string[]; pattern?: string | null; caseSensitive?: boolean }
  | { output: string };

/** A question as an attempt keeps it: with its key, and the order its options were shown in. */
export interface AttemptQuestion {
  /** The bank question's id, or a fixed quiz question's own id. */
  key: string;
  /** The bank question's version when drawn; null for a fixed quiz question. */
  version: number | null;
  kind: QuestionKind;
  prompt: string;
  /** The options in the question's own order. */
  options: string[];
  /** `order[k]` is the own index of the option shown k-th. */
  order: number[];
  answer: QuestionKey;
  explanation: string;
}

/** One answer as sent, in the order shown: an option, several options, or text; null when left out. */
export type QuizAnswer = number | number[] | string | null;

/** The options as the learner sees them. */
export function shownOptions(question: Pick<AttemptQuestion, 'options' | 'order'>): string[] {
  return question.order.map((own) => question.options[own]!);
}

/** Why an answer cannot be graded as sent (a 400), or null. `place` is its 1-based number. */
export function answerProblem(question: AttemptQuestion, answer: QuizAnswer, place: number): string | null {
  if (answer === null) return null;
  const count = question.order.length;
  if (question.kind === 'single') {
    return typeof answer === 'number' && Number.isInteger(answer) && answer >= 0 && answer < count
      ? null
      : `Answer ${place} must be one of the question's options`;
  }
  if (question.kind === 'multiple') {
    if (!Array.isArray(answer)) return `Answer ${place} must be a list of the question's options`;
    if (answer.some((value) => !Number.isInteger(value) || value < 0 || value >= count))
      return `Answer ${place} must list only the question's options`;
    return new Set(answer).size === answer.length ? null : `Answer ${place} lists an option twice`;
  }
  if (typeof answer !== 'string') return `Answer ${place} must be text`;
  return question.kind === 'short' && answer.length > SHORT_ANSWER_MAX
    ? `Answer ${place} must be at most ${SHORT_ANSWER_MAX} characters`
    : null;
}

/** Lowercase unless case counts; runs of spaces as one; ends trimmed. */
function normalText(text: string, caseSensitive: boolean): string {
  const spaced = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? spaced : spaced.toLowerCase();
}

/** Compiles a short-answer pattern (RE2 syntax, the whole answer must match); throws on a bad one. */
function compilePattern(pattern: string, caseSensitive: boolean): RE2JS {
  return RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
}

/** Why a short-answer pattern cannot be used, or null when it compiles. */
export function patternProblem(pattern: string): string | null {
  try {
    compilePattern(pattern, true);
    return null;
  } catch (error) {
    const reason =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : 'it does not compile';
    return `The pattern is not a valid regular expression: ${reason}`;
  }
}

/** Whether a short text answer is one of the accepted ones, or matches the pattern as a whole. */
export function matchesShortAnswer(
  key: { accept: string[]; pattern?: string | null; caseSensitive?: boolean },
  answer: string,
): boolean {
  const caseSensitive = key.caseSensitive === true;
  const given = normalText(answer, caseSensitive);
  if (given === '') return false;
  if (key.accept.some((accepted) => normalText(accepted, caseSensitive) === given)) return true;
  if (!key.pattern) return false;
  try {
    return compilePattern(key.pattern, caseSensitive).matches(answer.trim());
  } catch {
    return false;
  }
}

/** Printed output as compared: line ends as `\n`, whitespace at both ends trimmed. */
export function normalOutput(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/**
 * Grades one answer. `choice` is the chosen option's own index, for the item analysis: the option picked for a
 * single choice; for a multiple choice the first wrong option picked (the distractor); none when only right options
 * were picked and one was missed.
 */
export function gradeAnswer(
  question: AttemptQuestion,
  answer: QuizAnswer,
): { correct: boolean; choice: number | null } {
  const key = question.answer;
  if (answer === null || answerProblem(question, answer, 0) !== null) return { correct: false, choice: null };
  if (question.kind === 'single' && 'option' in key && typeof answer === 'number') {
    const own = question.order[answer]!;
    return { correct: own === key.option, choice: own };
  }
  if (question.kind === 'multiple' && 'options' in key && Array.isArray(answer)) {
    const chosen = answer.map((shown) => question.order[shown]!).sort((a, b) => a - b);
    const right = new Set(key.options);
    const correct = chosen.length === right.size && chosen.every((own) => right.has(own));
    const distractor = chosen.find((own) => !right.has(own));
    // A wrong answer that picked no wrong option (one missed) names no distractor.
    return { correct, choice: distractor ?? (correct ? (chosen[0] ?? null) : null) };
  }
  if (question.kind === 'short' && 'accept' in key && typeof answer === 'string')
    return { correct: matchesShortAnswer(key, answer), choice: null };
  if (question.kind === 'output' && 'output' in key && typeof answer === 'string')
    return { correct: normalOutput(answer) !== '' && normalOutput(answer) === normalOutput(key.output), choice: null };
  return { correct: false, choice: null };
}

/** What was right, as shown to the learner once graded: option numbers in the shown order, or a text. */
export function revealedKey(question: AttemptQuestion): { options: number[]; text: string | null } {
  const key = question.answer;
  const shownIndex = (own: number) => question.order.indexOf(own);
  if ('option' in key) return { options: [shownIndex(key.option)], text: null };
  if ('options' in key) return { options: key.options.map(shownIndex).sort((a, b) => a - b), text: null };
  if ('accept' in key) return { options: [], text: key.accept[0] ?? null };
  return { options: [], text: normalOutput(key.output) };
}
