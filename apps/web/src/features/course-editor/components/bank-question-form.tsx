import { QUIZ_OPTIONS_MAX, QUIZ_OPTIONS_MIN } from '@learnbuild/domain/courses';
import {
  type BankQuestion,
  OUTPUT_ANSWER_MAX,
  QUESTION_EXPLANATION_MAX,
  QUESTION_KIND_LABEL,
  QUESTION_KINDS,
  QUESTION_OPTION_MAX,
  QUESTION_PROMPT_MAX,
  QUESTION_TAG_MAX,
  QUESTION_TAGS_MAX,
  type QuestionBody,
  type QuestionKind,
  questionBodySchema,
  SHORT_PATTERN_MAX,
} from '@learnbuild/domain/schemas/question-bank';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { FieldError, TextAreaField, TextField } from '@/components/ui/field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { TagsInput } from '@/components/ui/tags-input';
import { errorMessage } from '@/lib/api-client';
import { applyServerDetails } from '@/lib/server-details';

/** The question as the form holds it: every kind's fields at once, so switching kinds loses nothing typed. */
export interface QuestionDraft {
  kind: QuestionKind;
  prompt: string;
  options: string[];
  /** The correct options' indexes: one for a single choice, any number for a multiple choice. */
  correct: number[];
  /** Accepted short answers, one a line. */
  accept: string;
  pattern: string;
  caseSensitive: boolean;
  output: string;
  explanation: string;
  tags: string[];
}

export function draftOf(question: BankQuestion | null): QuestionDraft {
  const answer = question?.answer;
  return {
    kind: question?.kind ?? 'single',
    prompt: question?.prompt ?? '',
    options: question && question.options.length > 0 ? [...question.options] : ['', ''],
    correct: answer && 'option' in answer ? [answer.option] : answer && 'options' in answer ? [...answer.options] : [],
    accept: answer && 'accept' in answer ? answer.accept.join('\n') : '',
    pattern: answer && 'accept' in answer ? (answer.pattern ?? '') : '',
    caseSensitive: answer && 'accept' in answer ? answer.caseSensitive === true : false,
    output: answer && 'output' in answer ? answer.output : '',
    explanation: question?.explanation ?? '',
    tags: question ? [...question.tags] : [],
  };
}

/** What the API is sent for the draft's kind. */
export function questionBodyOf(draft: QuestionDraft): QuestionBody {
  const common = { prompt: draft.prompt, explanation: draft.explanation, tags: draft.tags };
  if (draft.kind === 'single')
    return { kind: 'single', ...common, options: draft.options, answer: { option: draft.correct[0] ?? -1 } };
  if (draft.kind === 'multiple')
    return { kind: 'multiple', ...common, options: draft.options, answer: { options: draft.correct } };
  if (draft.kind === 'short') {
    const accept = draft.accept
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return {
      kind: 'short',
      ...common,
      answer: { accept, pattern: draft.pattern.trim() || null, caseSensitive: draft.caseSensitive },
    };
  }
  return { kind: 'output', ...common, answer: { output: draft.output } };
}

type Errors = Partial<
  Record<'prompt' | 'options' | 'correct' | 'accept' | 'pattern' | 'output' | 'explanation' | 'tags', string>
>;

/** A problem's path (`answer.pattern`, `options.1`) as the form field that shows it. */
function fieldOf(path: string): keyof Errors | null {
  if (path.startsWith('answer.option')) return 'correct';
  if (path === 'answer.accept' || path.startsWith('answer.accept.')) return 'accept';
  if (path === 'answer.pattern') return 'pattern';
  if (path.startsWith('answer.output')) return 'output';
  const head = path.split('.')[0];
  return head === 'prompt' || head === 'options' || head === 'explanation' || head === 'tags' ? head : null;
}

const SERVER_FIELDS = ['prompt', 'options', 'answer', 'explanation', 'tags'];

/**
 * Writes one bank question of any kind: the prompt and options in markdown (code blocks too), the key, an
 * explanation and tags. Checked with the server's own rules before it is sent.
 */
export function BankQuestionForm({
  question,
  saving,
  onSave,
  onCancel,
}: {
  question: BankQuestion | null;
  saving: boolean;
  onSave: (body: QuestionBody) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(question));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...change }));
  const choice = draft.kind === 'single' || draft.kind === 'multiple';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = questionBodyOf(draft);
    const parsed = questionBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field && !found[field]) found[field] = field === 'correct' ? 'Mark the correct option' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await onSave(body);
    } catch (error) {
      const found: Errors = {};
      const unmatched = applyServerDetails(
        error,
        SERVER_FIELDS.concat('answer.pattern', 'answer.option'),
        (path, message) => {
          const field = fieldOf(path);
          if (field) found[field] = message;
        },
      );
      setErrors(found);
      setFailure(
        unmatched.length > 0 || Object.keys(found).length === 0
          ? errorMessage(error, 'The question could not be saved')
          : null,
      );
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={question ? 'Edit question' : 'New question'}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Kind of question</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {QUESTION_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-default px-3 py-2 text-sm font-medium has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-900/40"
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set({ kind, correct: kind === 'single' ? draft.correct.slice(0, 1) : draft.correct })}
                className="h-4 w-4 accent-brand-600"
              />
              {QUESTION_KIND_LABEL[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <MarkdownField
        label="Question"
        value={draft.prompt}
        onChange={(prompt) => set({ prompt })}
        error={errors.prompt}
        maxLength={QUESTION_PROMPT_MAX}
        layout="split"
        hint={
          draft.kind === 'output'
            ? 'Markdown. Put the code in a fenced block (```python) and ask what it prints.'
            : 'Markdown with code blocks (```js), lists and links.'
        }
      />
      {choice ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.correct ? `${id}-correct-error` : undefined}>
          <legend className="text-sm font-medium">
            Options{' '}
            <span className="font-normal text-muted">
              ({draft.kind === 'single' ? 'mark the correct one' : 'mark every correct one'}; markdown allowed)
            </span>
          </legend>
          {draft.options.map((option, index) => {
            const letter = 'ABCDEFGH'[index] ?? String(index + 1);
            const marked = draft.correct.includes(index);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by their place
              <div key={index} className="flex items-start gap-2" data-testid="bank-option">
                <label className="mt-2.5 inline-flex h-6 w-6 shrink-0 cursor-pointer items-center justify-center">
                  <input
                    type={draft.kind === 'single' ? 'radio' : 'checkbox'}
                    name={`${id}-correct`}
                    checked={marked}
                    onChange={(event) =>
                      set({
                        correct:
                          draft.kind === 'single'
                            ? [index]
                            : event.target.checked
                              ? [...draft.correct, index].sort((a, b) => a - b)
                              : draft.correct.filter((value) => value !== index),
                      })
                    }
                    className="h-4 w-4 cursor-pointer accent-emerald-600"
                    aria-label={`Option ${letter} is correct`}
                  />
                </label>
                <TextAreaField
                  label={`Option ${letter}`}
                  className="flex-1 [&>label]:sr-only [&_textarea]:min-h-11"
                  rows={1}
                  value={option}
                  maxLength={QUESTION_OPTION_MAX}
                  placeholder={`Option ${letter}`}
                  onChange={(event) =>
                    set({ options: draft.options.map((line, at) => (at === index ? event.target.value : line)) })
                  }
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-0.5 h-9 w-9"
                  aria-label={`Remove option ${letter}`}
                  disabled={draft.options.length <= QUIZ_OPTIONS_MIN}
                  onClick={() =>
                    set({
                      options: draft.options.filter((_line, at) => at !== index),
                      correct: draft.correct
                        .filter((value) => value !== index)
                        .map((value) => (value > index ? value - 1 : value)),
                    })
                  }
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            );
          })}
          <FieldError id={`${id}-correct-error`}>{errors.correct}</FieldError>
          <FieldError>{errors.options}</FieldError>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={draft.options.length >= QUIZ_OPTIONS_MAX}
            onClick={() => set({ options: [...draft.options, ''] })}
          >
            <Plus className="h-4 w-4" aria-hidden /> Add option
          </Button>
        </fieldset>
      ) : null}
      {draft.kind === 'short' ? (
        <div className="flex flex-col gap-4">
          <TextAreaField
            label="Accepted answers (one a line)"
            className="[&_textarea]:min-h-20"
            value={draft.accept}
            error={errors.accept}
            hint={
              <span className="text-xs text-muted">
                Compared without regard to extra spaces and, unless you tick below, case.
              </span>
            }
            onChange={(event) => set({ accept: event.target.value })}
          />
          <TextField
            label="Or a pattern the whole answer must match (optional)"
            value={draft.pattern}
            maxLength={SHORT_PATTERN_MAX}
            error={errors.pattern}
            spellCheck={false}
            className="[&_input]:font-mono"
            placeholder="e.g. o\(log ?n\)"
            hint={
              <span className="text-xs text-muted">
                A regular expression in RE2 syntax: no look-arounds or back-references.
              </span>
            }
            onChange={(event) => set({ pattern: event.target.value })}
          />
          <label className="flex cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={draft.caseSensitive}
              onChange={(event) => set({ caseSensitive: event.target.checked })}
              className="h-4 w-4 accent-brand-600"
            />
            Case counts
          </label>
        </div>
      ) : null}
      {draft.kind === 'output' ? (
        <TextAreaField
          label="What the code prints"
          className="[&_textarea]:min-h-24 [&_textarea]:font-mono"
          value={draft.output}
          maxLength={OUTPUT_ANSWER_MAX}
          spellCheck={false}
          error={errors.output}
          hint={
            <span className="text-xs text-muted">Blank lines and spaces at the very start and end do not count.</span>
          }
          onChange={(event) => set({ output: event.target.value })}
        />
      ) : null}
      <TextAreaField
        label="Explanation (shown after grading)"
        className="[&_textarea]:min-h-20"
        value={draft.explanation}
        maxLength={QUESTION_EXPLANATION_MAX}
        error={errors.explanation}
        onChange={(event) => set({ explanation: event.target.value })}
      />
      <TagsInput
        value={draft.tags}
        onChange={(tags) => set({ tags })}
        error={errors.tags}
        maxTags={QUESTION_TAGS_MAX}
        maxTagLength={QUESTION_TAG_MAX}
        placeholder="e.g. loops"
        hint="A quiz can draw from the questions of chosen tags."
      />
      <div role="alert" className={cn(!failure && 'sr-only')}>
        {failure ? <p className="text-sm text-red-700 dark:text-red-300">{failure}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : question ? 'Save question' : 'Add question'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
