import { QUIZ_PASS_RATIO } from '@learnbuild/domain/courses';
import type { QuizAnswer } from '@learnbuild/domain/rules/quiz-grading';
import {
  type AttemptQuestionPublic,
  type AttemptResultReply,
  OUTPUT_ANSWER_MAX,
  type QuizAttemptStateReply,
  SHORT_ANSWER_MAX,
} from '@learnbuild/domain/schemas/question-bank';
import { Clock, RotateCcw } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { Markdown } from '@/components/ui/markdown';
import { OptionMark } from './option-mark';
import { quizSummary } from './quiz-lesson';

/** "4:05" for a duration; hours when it is that long ("1:02:03"). */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "5 minutes", "1 minute 30 seconds": a time limit in words. */
export function durationInWords(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds > 0) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ') || '0 seconds';
}

/** What the learner may still do: "2 of 3 attempts left", or nothing without a limit. */
export function attemptsLeftText(state: Pick<QuizAttemptStateReply, 'attemptsLeft' | 'settings'>): string | null {
  const limit = state.settings.attemptLimit;
  if (state.attemptsLeft === null || limit === null) return null;
  if (state.attemptsLeft === 0)
    return limit === 1 ? 'You have used your only attempt.' : `You have used all ${limit} attempts.`;
  return `${state.attemptsLeft} of ${limit} ${limit === 1 ? 'attempt' : 'attempts'} left.`;
}

/** Milestones the screen reader hears (the visible clock itself is not announced every second). */
const ANNOUNCE_AT_SECONDS = [300, 60, 10];

/**
 * The time left until `deadline`, ticking once a second, and a sentence for screen readers at a few milestones.
 * `onExpire` runs once when it reaches zero.
 */
function useCountdown(deadline: string | null, onExpire: () => void) {
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const expired = useRef(false);
  const announced = useRef(new Set<number>());
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const left = deadline ? Date.parse(deadline) - now : null;
  useEffect(() => {
    if (left === null) return;
    const seconds = Math.ceil(left / 1000);
    for (const mark of ANNOUNCE_AT_SECONDS) {
      if (seconds <= mark && seconds > mark - 5 && !announced.current.has(mark)) {
        announced.current.add(mark);
        setAnnouncement(`${durationInWords(mark)} left.`);
      }
    }
    if (left <= 0 && !expired.current) {
      expired.current = true;
      setAnnouncement('Time is up. Your answers are being sent.');
      expire.current();
    }
  }, [left]);
  return { left, announcement };
}

/** The answers typed into an open attempt, kept in this tab so a reload does not lose them. */
function useAttemptDraft(attemptId: string, count: number) {
  const key = `learnbuild.quizAttempt.${attemptId}`;
  const [answers, setAnswers] = useState<QuizAnswer[]>(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as QuizAnswer[] | null;
      if (Array.isArray(saved) && saved.length === count) return saved;
    } catch {
      // A draft that cannot be read starts afresh.
    }
    return Array.from({ length: count }, () => null);
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(answers));
    } catch {
      // Private windows may refuse storage: the draft then lives only on this page.
    }
  }, [key, answers]);
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  }, [key]);
  return [answers, setAnswers, clear] as const;
}

const optionClasses =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-default bg-[var(--surface)] px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500';

type Outcome = AttemptResultReply['results'][number];

function QuestionBody({
  question,
  index,
  total,
  answer,
  outcome,
  onAnswer,
}: {
  question: AttemptQuestionPublic;
  index: number;
  total: number;
  answer: QuizAnswer;
  outcome: Outcome | undefined;
  onAnswer: (answer: QuizAnswer) => void;
}) {
  const id = useId();
  const graded = outcome !== undefined;
  const promptId = `${id}-prompt`;
  const choice = question.kind === 'single' || question.kind === 'multiple';
  const chosen = (optionIndex: number) =>
    Array.isArray(answer) ? answer.includes(optionIndex) : answer === optionIndex;
  return (
    <fieldset
      className={cn(
        'min-w-0 rounded-2xl border p-4 sm:p-5',
        outcome
          ? outcome.correct
            ? 'border-emerald-500/60 bg-emerald-50/60 dark:bg-emerald-950/30'
            : 'border-red-500/60 bg-red-50/60 dark:bg-red-950/30'
          : 'border-default',
      )}
      data-testid="quiz-question"
      aria-describedby={outcome ? `${id}-outcome` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-muted">
        Question {index + 1} of {total}
      </legend>
      <div id={promptId}>
        <Markdown className="text-base [&>*:first-child]:mt-0! [&>*:last-child]:mb-0!">{question.prompt}</Markdown>
      </div>
      {question.kind === 'multiple' ? <p className="mt-2 text-sm text-muted">Choose every correct option.</p> : null}
      {choice ? (
        <div className="mt-3 flex flex-col gap-2" role="group" aria-labelledby={promptId}>
          {question.options.map((option, optionIndex) => {
            const right = outcome?.expected.options.includes(optionIndex) ?? false;
            const picked = chosen(optionIndex);
            return (
              <label
                // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place
                key={optionIndex}
                className={cn(
                  optionClasses,
                  picked && !graded && 'border-brand-500 ring-1 ring-brand-500',
                  graded && right && 'border-emerald-600 dark:border-emerald-400',
                  graded && picked && !right && 'border-red-600 dark:border-red-400',
                  graded && 'cursor-default',
                )}
              >
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={`${id}-option`}
                  checked={picked}
                  disabled={graded}
                  onChange={(event) => {
                    if (question.kind === 'single') onAnswer(optionIndex);
                    else {
                      const current = Array.isArray(answer) ? answer : [];
                      const next = event.target.checked
                        ? [...current, optionIndex].sort((a, b) => a - b)
                        : current.filter((value) => value !== optionIndex);
                      onAnswer(next.length > 0 ? next : null);
                    }
                  }}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                />
                <Markdown className="min-w-0 flex-1 [&>*]:my-0! [&>*]:leading-6!">{option}</Markdown>
                {graded ? <OptionMark right={right} picked={picked} /> : null}
              </label>
            );
          })}
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {question.kind === 'output' ? 'What it prints' : 'Your answer'}
          </label>
          {question.kind === 'output' ? (
            <textarea
              id={`${id}-text`}
              value={typeof answer === 'string' ? answer : ''}
              onChange={(event) => onAnswer(event.target.value === '' ? null : event.target.value)}
              readOnly={graded}
              maxLength={OUTPUT_ANSWER_MAX}
              spellCheck={false}
              rows={4}
              className="w-full rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          ) : (
            <input
              id={`${id}-text`}
              type="text"
              value={typeof answer === 'string' ? answer : ''}
              onChange={(event) => onAnswer(event.target.value === '' ? null : event.target.value)}
              readOnly={graded}
              maxLength={SHORT_ANSWER_MAX}
              autoComplete="off"
              className="w-full rounded-lg border border-default bg-[var(--surface)] px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          )}
        </div>
      )}
      {outcome ? (
        <div id={`${id}-outcome`} className="mt-3 flex flex-col gap-1 text-sm" data-testid="quiz-outcome">
          <p
            className={cn(
              'font-semibold',
              outcome.correct ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300',
            )}
          >
            {outcome.correct ? 'Correct.' : 'Not quite.'}
          </p>
          {!choice && !outcome.correct && outcome.expected.text !== null ? (
            <div>
              <p>{question.kind === 'output' ? 'It prints:' : 'An accepted answer:'}</p>
              <pre className="mt-1 overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-sm" tabIndex={0}>
                {outcome.expected.text}
              </pre>
            </div>
          ) : null}
          {outcome.explanation ? <Markdown>{outcome.explanation}</Markdown> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * A quiz drawn from the course's question bank: the learner starts an attempt (its questions drawn and kept by the
 * server), answers each kind of question, and sends them before the deadline, if there is one; the server grades.
 */
export function DrawnQuiz({
  state,
  result,
  completed,
  recorded,
  starting,
  submitting,
  error,
  onStart,
  onSubmit,
  onAgain,
}: {
  state: QuizAttemptStateReply;
  /** The graded attempt just sent, shown until the learner goes again. */
  result: AttemptResultReply | null;
  completed: boolean;
  /** The result counts towards the learner's progress (they are enrolled). */
  recorded: boolean;
  starting: boolean;
  submitting: boolean;
  error: string | null;
  onStart: () => void;
  onSubmit: (attemptId: string, answers: QuizAnswer[]) => void;
  onAgain: () => void;
}) {
  const { settings } = state;
  const attempt = result?.attempt ?? state.attempt;
  const standing = result ?? state;
  const left = attemptsLeftText(standing);

  if (!attempt) {
    return (
      <section className="flex flex-col gap-4 rounded-2xl border border-default p-4 sm:p-6" aria-label="Quiz">
        <ul className="flex flex-col gap-1 text-sm">
          <li>
            {settings.draw} {settings.draw === 1 ? 'question' : 'questions'}, drawn at random for each attempt.{' '}
            {Math.round(QUIZ_PASS_RATIO * 100)}% correct completes the lesson.
          </li>
          {settings.timeLimitSeconds !== null ? (
            <li>
              <Clock className="mr-1 inline h-4 w-4 align-[-2px]" aria-hidden />
              You have {durationInWords(settings.timeLimitSeconds)} once you start; the clock keeps running if you leave
              the page.
            </li>
          ) : null}
          {left ? <li data-testid="attempts-left">{left}</li> : null}
          {state.best ? (
            <li>
              Your best so far: {state.best.correct} of {state.best.total}.
              {completed ? ' You have passed this quiz.' : ''}
            </li>
          ) : null}
        </ul>
        <div role="status" aria-live="polite">
          {error ? <p className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
        </div>
        <Button onClick={onStart} disabled={starting || state.attemptsLeft === 0} className="self-start">
          {starting ? 'Drawing questions…' : state.best ? 'Start a new attempt' : 'Start the quiz'}
        </Button>
      </section>
    );
  }

  return (
    <AttemptForm
      key={attempt.id}
      attempt={attempt}
      result={result}
      recorded={recorded}
      submitting={submitting}
      error={error}
      onSubmit={onSubmit}
      onAgain={onAgain}
      left={left}
    />
  );
}

function AttemptForm({
  attempt,
  result,
  recorded,
  submitting,
  error,
  onSubmit,
  onAgain,
  left,
}: {
  attempt: NonNullable<QuizAttemptStateReply['attempt']>;
  result: AttemptResultReply | null;
  recorded: boolean;
  submitting: boolean;
  error: string | null;
  onSubmit: (attemptId: string, answers: QuizAnswer[]) => void;
  onAgain: () => void;
  left: string | null;
}) {
  const [answers, setAnswers, clearDraft] = useAttemptDraft(attempt.id, attempt.questions.length);
  const graded = result !== null;
  const send = () => {
    if (graded || submitting) return;
    onSubmit(attempt.id, answers);
  };
  const countdown = useCountdown(graded ? null : attempt.deadlineAt, send);
  const byQuestion = new Map(result?.results.map((entry, index) => [index, entry]));
  const blanks = answers.filter((answer) => answer === null).length;
  useEffect(() => {
    if (graded) clearDraft();
  }, [graded, clearDraft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label="Quiz" noValidate>
      {countdown.left !== null ? (
        <div className="sticky top-16 z-10 flex items-center justify-between gap-3 rounded-xl border border-default bg-[var(--surface)] px-4 py-2 text-sm shadow-sm">
          <span className="inline-flex items-center gap-2 font-medium">
            <Clock className="h-4 w-4" aria-hidden /> Time left
          </span>
          <span
            role="timer"
            aria-label={`Time left: ${formatCountdown(countdown.left)}`}
            className={cn(
              'font-mono text-base font-semibold tabular-nums',
              countdown.left < 60_000 && 'text-red-700 dark:text-red-300',
            )}
            data-testid="quiz-countdown"
          >
            {formatCountdown(countdown.left)}
          </span>
          <span className="sr-only" role="status" aria-live="polite">
            {countdown.announcement}
          </span>
        </div>
      ) : null}
      <p className="text-sm text-muted">
        {attempt.questions.length} {attempt.questions.length === 1 ? 'question' : 'questions'}. {left ? `${left} ` : ''}
        Questions left blank count as wrong.
      </p>
      <ol className="flex flex-col gap-5">
        {attempt.questions.map((question, index) => (
          <li key={question.id}>
            <QuestionBody
              question={question}
              index={index}
              total={attempt.questions.length}
              answer={answers[index] ?? null}
              outcome={byQuestion.get(index)}
              onAnswer={(answer) => setAnswers((all) => all.map((value, at) => (at === index ? answer : value)))}
            />
          </li>
        ))}
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
        ) : error ? (
          <p className="text-sm text-red-700 dark:text-red-300">{error}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {graded ? (
          <Button
            variant={result?.passed ? 'secondary' : 'primary'}
            onClick={onAgain}
            disabled={result?.attemptsLeft === 0}
          >
            <RotateCcw className="h-4 w-4" aria-hidden /> {result?.passed ? 'Take it again' : 'Try again'}
          </Button>
        ) : (
          <>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Checking…' : 'Submit answers'}
            </Button>
            {blanks > 0 ? (
              <span className="text-sm text-muted">
                {blanks} {blanks === 1 ? 'question' : 'questions'} not answered yet
              </span>
            ) : null}
          </>
        )}
      </div>
    </form>
  );
}
