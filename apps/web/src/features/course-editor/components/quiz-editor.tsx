import {
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_PASS_RATIO,
  QUIZ_QUESTIONS_MAX,
} from '@learnbuild/domain/schemas/courses';
import { ListChecks, Plus, Trash2, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError, TextAreaField, TextField } from '@/components/ui/field';

export interface QuizQuestionDraft {
  id: string;
  prompt: string;
  options: string[];
  /** Index of the correct option; -1 until the author picks one. */
  answer: number;
  explanation: string;
}

export interface QuestionErrors {
  prompt?: string;
  /** About the option list as a whole (too few, too many). */
  options?: string;
  optionLines?: (string | undefined)[];
  answer?: string;
  explanation?: string;
}

export interface QuizErrors {
  /** About the quiz as a whole (no question yet). */
  list?: string;
  questions?: (QuestionErrors | undefined)[];
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `q-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function blankQuestion(): QuizQuestionDraft {
  return { id: newId(), prompt: '', options: ['', ''], answer: -1, explanation: '' };
}

/** The question without option `index`; the correct answer follows its option, or is unset if it was removed. */
export function withoutOption(question: QuizQuestionDraft, index: number): QuizQuestionDraft {
  const answer = question.answer === index ? -1 : question.answer > index ? question.answer - 1 : question.answer;
  return { ...question, options: question.options.filter((_option, at) => at !== index), answer };
}

const LETTERS = 'ABCDEF';

function QuestionEditor({
  question,
  number,
  errors,
  onChange,
  onRemove,
}: {
  question: QuizQuestionDraft;
  number: number;
  errors?: QuestionErrors;
  onChange: (question: QuizQuestionDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const optionsRef = useRef<HTMLDivElement>(null);
  const focusOption = (index: number) =>
    requestAnimationFrame(() =>
      optionsRef.current?.querySelectorAll<HTMLInputElement>('input[type="text"]')[index]?.focus(),
    );
  const answerError = errors?.answer;
  return (
    <div className="surface relative rounded-xl border p-4" data-testid="quiz-question">
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove question ${number}`}
        className="absolute top-3 right-3"
      >
        <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden /> Remove
      </Button>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 pt-1.5 font-semibold">Question {number}</legend>
        <TextAreaField
          label={`Question ${number} text`}
          className="[&_textarea]:min-h-20"
          value={question.prompt}
          maxLength={1000}
          error={errors?.prompt}
          placeholder="e.g. Which index makes this query fastest?"
          onChange={(event) => onChange({ ...question, prompt: event.target.value })}
        />
        <div
          ref={optionsRef}
          role="radiogroup"
          aria-labelledby={`${id}-options`}
          aria-describedby={answerError ? `${id}-answer-error` : undefined}
          aria-invalid={answerError ? true : undefined}
          className="flex flex-col gap-2"
        >
          <p id={`${id}-options`} className="text-sm font-medium">
            Options of question {number} <span className="font-normal text-muted">(pick the correct one)</span>
          </p>
          {question.options.map((option, index) => {
            const letter = LETTERS[index] ?? String(index + 1);
            return (
              // Options have no identity beyond their place; the index is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={index} className="flex items-start gap-2" data-testid="quiz-option">
                <label className="mt-2.5 inline-flex h-6 w-6 shrink-0 cursor-pointer items-center justify-center">
                  <input
                    type="radio"
                    name={`${id}-answer`}
                    checked={question.answer === index}
                    onChange={() => onChange({ ...question, answer: index })}
                    className="h-4 w-4 cursor-pointer accent-emerald-600"
                    aria-label={`Option ${letter} is correct`}
                  />
                </label>
                <TextField
                  label={`Question ${number}, option ${letter}`}
                  className="flex-1 [&>label]:sr-only"
                  value={option}
                  maxLength={300}
                  placeholder={`Option ${letter}`}
                  error={errors?.optionLines?.[index]}
                  onChange={(event) =>
                    onChange({
                      ...question,
                      options: question.options.map((line, at) => (at === index ? event.target.value : line)),
                    })
                  }
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-0.5 h-9 w-9"
                  aria-label={`Remove option ${letter} of question ${number}`}
                  disabled={question.options.length <= QUIZ_OPTIONS_MIN}
                  onClick={() => {
                    onChange(withoutOption(question, index));
                    focusOption(Math.max(0, index - 1));
                  }}
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            );
          })}
          <FieldError id={`${id}-answer-error`}>{answerError}</FieldError>
          <FieldError>{errors?.options}</FieldError>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={question.options.length >= QUIZ_OPTIONS_MAX}
            onClick={() => {
              onChange({ ...question, options: [...question.options, ''] });
              focusOption(question.options.length);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden /> Add option
          </Button>
        </div>
        <TextAreaField
          label={`Explanation for question ${number}`}
          hint={<span className="text-xs text-muted">Shown to learners after they answer.</span>}
          className="[&_textarea]:min-h-20"
          value={question.explanation}
          maxLength={2000}
          error={errors?.explanation}
          onChange={(event) => onChange({ ...question, explanation: event.target.value })}
        />
      </fieldset>
    </div>
  );
}

/** Multiple-choice questions: prompt, 2 to 6 options with the correct one chosen, and an explanation. */
export function QuizEditor({
  value,
  onChange,
  errors,
}: {
  value: readonly QuizQuestionDraft[];
  onChange: (questions: QuizQuestionDraft[]) => void;
  errors?: QuizErrors;
}) {
  const list = useRef<HTMLOListElement>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="quiz-editor">
      {value.length === 0 ? (
        <EmptyState icon={ListChecks} title="No questions yet" className="py-8">
          Learners pass the quiz with {Math.round(QUIZ_PASS_RATIO * 100)}% of the answers right, which completes the
          lesson.
        </EmptyState>
      ) : (
        <ol ref={list} className="flex flex-col gap-4" aria-label="Questions">
          {value.map((question, index) => (
            <li key={question.id}>
              <QuestionEditor
                question={question}
                number={index + 1}
                errors={errors?.questions?.[index]}
                onChange={(changed) => onChange(value.map((other, at) => (at === index ? changed : other)))}
                onRemove={() => onChange(value.filter((_other, at) => at !== index))}
              />
            </li>
          ))}
        </ol>
      )}
      {errors?.list ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.list}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={value.length >= QUIZ_QUESTIONS_MAX}
        onClick={() => {
          onChange([...value, blankQuestion()]);
          requestAnimationFrame(() =>
            list.current
              ?.querySelectorAll('[data-testid="quiz-question"]')
              [value.length]?.querySelector('textarea')
              ?.focus(),
          );
        }}
      >
        <Plus className="h-4 w-4" aria-hidden /> Add question
      </Button>
    </div>
  );
}
