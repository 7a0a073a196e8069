import { QUIZ_DRAW_MAX } from '@learnbuild/domain/schemas/question-bank';
import { useId } from 'react';
import { Link } from 'react-router';
import { FieldError, TextField } from '@/components/ui/field';
import { useBankQuestions } from '@/features/course-editor/api/get-bank-questions';
import { type QuizDrawDraft, TIME_LIMIT_MAX_MINUTES } from '@/features/course-editor/quiz-draw-draft';

/** How many live questions carry any of `tags` (all of them when none is chosen). */
function drawableCount(questions: readonly { tags: string[] }[], tags: readonly string[]): number {
  if (tags.length === 0) return questions.length;
  return questions.filter((question) => question.tags.some((tag) => tags.includes(tag))).length;
}

/**
 * A quiz lesson's questions: fixed ones written in the lesson, or a draw from the course's question bank with how
 * many per attempt, of which tags, and the time and attempt limits.
 */
export function QuizSourceField({
  courseId,
  value,
  onChange,
  error,
}: {
  courseId: string;
  value: QuizDrawDraft;
  onChange: (value: QuizDrawDraft) => void;
  error?: string;
}) {
  const id = useId();
  const bank = useBankQuestions(courseId);
  const set = (change: Partial<QuizDrawDraft>) => onChange({ ...value, ...change });
  const available = bank.data ? drawableCount(bank.data.questions, value.tags) : null;
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-default p-4" data-testid="quiz-source">
      <legend className="px-1 text-sm font-medium">Questions</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(
          [
            ['fixed', 'Fixed questions', 'Written here; every learner gets the same ones.'],
            ['bank', 'Draw from the question bank', 'Each attempt draws its own questions at random.'],
          ] as const
        ).map(([source, label, hint]) => (
          <label
            key={source}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-default px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-900/40"
          >
            <input
              type="radio"
              name={`${id}-source`}
              checked={value.source === source}
              onChange={() => set({ source })}
              className="mt-0.5 h-4 w-4 accent-brand-600"
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-muted">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      {value.source === 'bank' ? (
        <>
          <TextField
            label={`Questions per attempt (1 to ${QUIZ_DRAW_MAX})`}
            inputMode="numeric"
            value={value.draw}
            onChange={(event) => set({ draw: event.target.value })}
            className="sm:max-w-xs"
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">
              Draw from these tags <span className="font-normal text-muted">(none ticked: the whole bank)</span>
            </legend>
            {bank.data && bank.data.tags.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                {bank.data.tags.map((entry) => (
                  <label
                    key={entry.tag}
                    className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-default px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-900/40"
                  >
                    <input
                      type="checkbox"
                      checked={value.tags.includes(entry.tag)}
                      onChange={(event) =>
                        set({
                          tags: event.target.checked
                            ? [...value.tags, entry.tag]
                            : value.tags.filter((tag) => tag !== entry.tag),
                        })
                      }
                      className="h-4 w-4 accent-brand-600"
                    />
                    #{entry.tag} <span className="text-muted">({entry.count})</span>
                  </label>
                ))}
              </div>
            ) : bank.data ? (
              <p className="text-sm text-muted">The bank's questions have no tags yet.</p>
            ) : null}
          </fieldset>
          <p className="text-sm" data-testid="quiz-draw-available">
            {available === null
              ? 'Counting the bank’s questions…'
              : available === 0
                ? 'No question to draw from yet. '
                : `${available} ${available === 1 ? 'question' : 'questions'} to draw from. `}
            <Link
              to="?tab=questions"
              className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
            >
              Open the question bank
            </Link>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Time limit in minutes (blank: none)"
              inputMode="numeric"
              placeholder={`1 to ${TIME_LIMIT_MAX_MINUTES}`}
              value={value.timeLimitMinutes}
              onChange={(event) => set({ timeLimitMinutes: event.target.value })}
            />
            <TextField
              label="Attempts allowed (blank: no limit)"
              inputMode="numeric"
              placeholder="e.g. 3"
              value={value.attemptLimit}
              onChange={(event) => set({ attemptLimit: event.target.value })}
            />
          </div>
        </>
      ) : null}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}
