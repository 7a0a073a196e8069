import { QUIZ_PASS_RATIO } from '@learnbuild/domain/courses';
import type { QuizResultReply } from '@learnbuild/domain/schemas/courses';
import { RotateCcw } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { OptionMark } from './option-mark';

export interface QuizQuestionView {
  id: string;
  prompt: string;
  options: string[];
}

/**
 * "You got 4 of 6 right (67%). You need 70% to pass." A pass completes the lesson only for an
 * enrolled learner (`recorded`); the course's owner or an admin trying it stores nothing.
 */
export function quizSummary(result: Pick<QuizResultReply, 'correct' | 'total' | 'passed'>, recorded = true): string {
  const percent = result.total === 0 ? 0 : Math.round((result.correct / result.total) * 100);
  const score = `You got ${result.correct} of ${result.total} right (${percent}%).`;
  if (result.passed) return recorded ? `${score} You passed, and this lesson is complete.` : `${score} You passed.`;
  return `${score} You need ${Math.round(QUIZ_PASS_RATIO * 100)}% to pass. Read the explanations and try again.`;
}

/**
 * A quiz: one radio group per question; the server checks the answers and says, per question,
 * whether it was right, which option was, and why. The result is announced; Retry starts afresh.
 */
export function QuizLesson({
  questions,
  completed,
  onSubmit,
  submitting,
  result,
  onRetry,
  error,
  recorded = true,
  signInHref,
}: {
  questions: readonly QuizQuestionView[];
  /** The learner already passed this quiz. */
  completed: boolean;
  onSubmit: (answers: number[]) => void;
  submitting: boolean;
  result: QuizResultReply | null;
  onRetry: () => void;
  error?: string | null;
  /** The result counts towards the learner's progress (they are enrolled). */
  recorded?: boolean;
  /** For a visitor: where to log in, in place of checking the answers (the server checks them). */
  signInHref?: string;
}) {
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => questions.map(() => undefined));
  const [missing, setMissing] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const checked = result !== null;
  const byQuestion = new Map(result?.results.map((entry) => [entry.questionId, entry]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = answers.indexOf(undefined);
    if (first >= 0) {
      setMissing(true);
      form.current?.querySelector<HTMLInputElement>(`input[name="question-${first}"]`)?.focus();
      return;
    }
    setMissing(false);
    onSubmit(answers as number[]);
  };

  const retry = () => {
    setAnswers(questions.map(() => undefined));
    setMissing(false);
    onRetry();
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus());
  };

  if (questions.length === 0) return <p className="text-muted">This quiz has no questions yet.</p>;

  return (
    <form ref={form} onSubmit={submit} className="flex flex-col gap-6" aria-label="Quiz" noValidate>
      <p className="text-sm text-muted">
        {questions.length} {questions.length === 1 ? 'question' : 'questions'}. Answer them all, then check your
        answers: {Math.round(QUIZ_PASS_RATIO * 100)}% correct completes the lesson.
        {completed && !checked ? ' You have passed this quiz already; you can take it again.' : ''}
      </p>
      <ol className="flex flex-col gap-5">
        {questions.map((question, index) => {
          const outcome = byQuestion.get(question.id);
          return (
            <li key={question.id}>
              <fieldset
                className={cn(
                  'rounded-2xl border p-4 sm:p-5',
                  outcome
                    ? outcome.correct
                      ? 'border-emerald-500/60 bg-emerald-50/60 dark:bg-emerald-950/30'
                      : 'border-red-500/60 bg-red-50/60 dark:bg-red-950/30'
                    : 'border-default',
                )}
                data-testid="quiz-question"
                aria-describedby={outcome ? `question-${index}-outcome` : undefined}
              >
                <legend className="sr-only">
                  Question {index + 1} of {questions.length}: {question.prompt}
                </legend>
                <p className="font-medium leading-relaxed" aria-hidden>
                  <span className="text-muted">{index + 1}.</span> {question.prompt}
                </p>
                <div className="mt-3 flex flex-col gap-2">
                  {question.options.map((option, optionIndex) => {
                    const chosen = answers[index] === optionIndex;
                    const right = outcome ? outcome.answer === optionIndex : false;
                    return (
                      <label
                        // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place
                        key={optionIndex}
                        className={cn(
                          'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-default bg-[var(--surface)] px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                          chosen && !outcome && 'border-brand-500 ring-1 ring-brand-500',
                          outcome && right && 'border-emerald-600 dark:border-emerald-400',
                          outcome && chosen && !right && 'border-red-600 dark:border-red-400',
                          checked && 'cursor-default',
                        )}
                      >
                        <input
                          type="radio"
                          name={`question-${index}`}
                          value={optionIndex}
                          checked={chosen}
                          disabled={checked}
                          onChange={() => {
                            setAnswers((all) => all.map((answer, at) => (at === index ? optionIndex : answer)));
                          }}
                          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                        />
                        <span className="flex-1">{option}</span>
                        {outcome ? <OptionMark right={right} picked={chosen} /> : null}
                      </label>
                    );
                  })}
                </div>
                {outcome ? (
                  <div id={`question-${index}-outcome`} className="mt-3 text-sm" data-testid="quiz-outcome">
                    <p
                      className={cn(
                        'font-semibold',
                        outcome.correct ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300',
                      )}
                    >
                      {outcome.correct ? 'Correct.' : 'Not quite.'}
                    </p>
                    {outcome.explanation ? <p className="mt-1 leading-relaxed">{outcome.explanation}</p> : null}
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" data-testid="quiz-result">
        {result ? (
          <p
            className={cn(
              'rounded-xl px-4 py-3 text-sm font-medium',
              result.passed
                ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200'
                : 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
            )}
          >
            {quizSummary(result, recorded)}
          </p>
        ) : missing ? (
          <p className="text-sm text-red-700 dark:text-red-300">Answer every question before you check your answers.</p>
        ) : error ? (
          <p className="text-sm text-red-700 dark:text-red-300">{error}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {checked ? (
          <Button variant={result?.passed ? 'secondary' : 'primary'} onClick={retry}>
            <RotateCcw className="h-4 w-4" aria-hidden /> {result?.passed ? 'Take it again' : 'Try again'}
          </Button>
        ) : signInHref ? (
          <Link to={signInHref} className={buttonClasses('primary')}>
            Log in to check your answers
          </Link>
        ) : (
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Checking…' : 'Check answers'}
          </Button>
        )}
      </div>
    </form>
  );
}
