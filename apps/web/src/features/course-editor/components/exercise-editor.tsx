import { JUDGE_COMPARATORS, JUDGE_TYPES } from '@learnbuild/domain/judge/format';
import {
  EXERCISE_LANGUAGES,
  EXERCISE_TIME_LIMIT_MAX_MS,
  type ExerciseLanguage,
  type ExerciseValidateReply,
} from '@learnbuild/domain/schemas/exercises';
import { SNIPPET_LANGUAGE_NAMES } from '@learnbuild/domain/snippet-languages';
import { CircleCheck, CircleX, FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { useValidateExercise } from '@/features/course-editor/api/validate-exercise';
import { type ExerciseDraft, readExerciseDraft } from '@/features/course-editor/exercise-draft';
import { errorMessage } from '@/lib/api-client';

const COMPARATOR_LABELS: Record<(typeof JUDGE_COMPARATORS)[number], string> = {
  exact: 'Exactly equal',
  'any-order': 'Same items in any order',
  float: 'Numbers within 1e-5',
};

const codeClasses = 'font-mono text-xs';
/** The JSON and code boxes in a monospace face (the field's class names reach its label, its style the box). */
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** Each test's result of the last Validate: a table that scrolls sideways on a phone. */
function ValidationResults({ result }: { result: ExerciseValidateReply }) {
  const passed = result.tests.filter((test) => test.passed).length;
  return (
    <div className="flex flex-col gap-2" data-testid="exercise-validation">
      <p className="flex items-center gap-2 text-sm font-medium" role="status">
        {result.valid ? (
          <CircleCheck className="h-4 w-4 text-emerald-700 dark:text-emerald-400" aria-hidden />
        ) : (
          <CircleX className="h-4 w-4 text-red-700 dark:text-red-400" aria-hidden />
        )}
        {result.tests.length === 0
          ? `The reference did not run: ${result.verdict}${result.message ? ` (${result.message})` : ''}`
          : result.valid
            ? `The reference passes all ${result.tests.length} tests: the exercise can be saved.`
            : `The reference passes ${passed} of ${result.tests.length} tests: fix the tests or the reference before saving.`}
      </p>
      {result.tests.length > 0 ? (
        // A table wider than a phone scrolls sideways: the region takes a Tab stop so a keyboard can scroll it.
        <div
          role="region"
          className="overflow-x-auto rounded-lg border border-default"
          tabIndex={0}
          aria-label="Each test's result"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The reference solution against each test</caption>
            <thead className="bg-muted text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Test
                </th>
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
                <th scope="col" className="px-3 py-2">
                  Input
                </th>
                <th scope="col" className="px-3 py-2">
                  Expected
                </th>
                <th scope="col" className="px-3 py-2">
                  Reference returned
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-[var(--border)]">
              {result.tests.map((test) => (
                <tr key={test.index} data-testid="exercise-test-result">
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                    {test.index} · {test.hidden ? 'hidden' : 'visible'}
                  </th>
                  <td
                    className={
                      test.passed
                        ? 'px-3 py-2 whitespace-nowrap text-emerald-700 dark:text-emerald-400'
                        : 'px-3 py-2 whitespace-nowrap text-red-700 dark:text-red-400'
                    }
                  >
                    {test.passed ? 'Passed' : test.verdict}
                  </td>
                  <td className={`px-3 py-2 ${codeClasses}`}>{test.input}</td>
                  <td className={`px-3 py-2 ${codeClasses}`}>{test.expected}</td>
                  <td className={`px-3 py-2 ${codeClasses}`}>{test.actual ?? test.message ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A code exercise's editor (issue 30): the function's signature, the visible examples and hidden tests as JSON,
 * starter code per language and the reference solution, with Validate to run the reference against every test.
 * Saving the lesson runs it again on the server: an exercise whose reference fails a test is not saved.
 */
export function ExerciseEditor({
  courseId,
  value,
  onChange,
  error,
}: {
  courseId: string;
  value: ExerciseDraft;
  onChange: (draft: ExerciseDraft) => void;
  error?: string;
}) {
  const id = useId();
  const validate = useValidateExercise();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ExerciseValidateReply | null>(null);
  const change = (changes: Partial<ExerciseDraft>) => {
    setResult(null);
    onChange({ ...value, ...changes });
  };

  const runValidate = () => {
    setResult(null);
    const read = readExerciseDraft(value);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    validate.mutate(
      { courseId, exercise: read.exercise },
      {
        onSuccess: (reply) => setResult(reply),
        onError: (failure) => setProblem(errorMessage(failure, 'The exercise could not be validated')),
      },
    );
  };

  return (
    <fieldset
      // A fieldset is as wide as its content by default: the results table must scroll inside it instead.
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-default p-4"
      data-testid="exercise-editor"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Code exercise</legend>
      <p className="text-sm text-muted">
        Learners write one function in JavaScript, TypeScript or Python. The visible examples are shown and run in their
        browser; the hidden tests are judged on the server and never shown. Types: {JUDGE_TYPES.join(', ')}.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Function name"
          value={value.functionName}
          placeholder="e.g. queryValues"
          onChange={(event) => change({ functionName: event.target.value })}
        />
        <TextField
          label="Parameters (name: type, …)"
          value={value.parameters}
          placeholder="e.g. url: string, name: string"
          onChange={(event) => change({ parameters: event.target.value })}
        />
        <SelectField
          label="Return type"
          options={JUDGE_TYPES}
          value={value.returnType}
          onChange={(event) => change({ returnType: event.target.value as ExerciseDraft['returnType'] })}
        />
        <SelectField
          label="Answers compared"
          options={JUDGE_COMPARATORS.map((comparator) => ({ value: comparator, label: COMPARATOR_LABELS[comparator] }))}
          value={value.comparator}
          onChange={(event) => change({ comparator: event.target.value as ExerciseDraft['comparator'] })}
        />
        <TextField
          label="Time limit per test (ms)"
          inputMode="numeric"
          value={value.timeLimitMs}
          hint={<p className="text-xs text-muted">From 100 to {EXERCISE_TIME_LIMIT_MAX_MS} ms.</p>}
          onChange={(event) => change({ timeLimitMs: event.target.value })}
        />
      </div>
      <TextAreaField
        label="Visible examples (JSON)"
        style={mono}
        rows={8}
        spellCheck={false}
        value={value.examples}
        hint={
          <p className="text-xs text-muted">
            A list of {'{ "args": { "name": value }, "expected": value, "explanation": "…" }'}, one to five.
          </p>
        }
        onChange={(event) => change({ examples: event.target.value })}
      />
      <TextAreaField
        label="Hidden tests (JSON)"
        style={mono}
        rows={10}
        spellCheck={false}
        value={value.tests}
        hint={
          <p className="text-xs text-muted">
            A list of {'{ "args": { … }, "expected": value, "note": "what it checks" }'}: edge cases such as empty and
            one-element inputs. The note is for you; learners never see it.
          </p>
        }
        onChange={(event) => change({ tests: event.target.value })}
      />
      <details className="rounded-lg border border-default p-3">
        <summary className="cursor-pointer text-sm font-medium">Starter code (optional)</summary>
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-xs text-muted">Left blank, a language gets an empty function drawn from the signature.</p>
          {EXERCISE_LANGUAGES.map((language) => (
            <TextAreaField
              key={language}
              label={`Starter code, ${SNIPPET_LANGUAGE_NAMES[language]}`}
              style={mono}
              rows={5}
              spellCheck={false}
              value={value.starterCode[language]}
              onChange={(event) => change({ starterCode: { ...value.starterCode, [language]: event.target.value } })}
            />
          ))}
        </div>
      </details>
      <SelectField
        label="Reference solution language"
        options={EXERCISE_LANGUAGES.map((language) => ({ value: language, label: SNIPPET_LANGUAGE_NAMES[language] }))}
        value={value.referenceLanguage}
        onChange={(event) => change({ referenceLanguage: event.target.value as ExerciseLanguage })}
      />
      <TextAreaField
        label="Reference solution"
        style={mono}
        rows={10}
        spellCheck={false}
        value={value.referenceCode}
        hint={<p className="text-xs text-muted">It must pass every test before the lesson is saved. Never shown.</p>}
        onChange={(event) => change({ referenceCode: event.target.value })}
      />
      <div className="flex flex-col gap-3">
        <Button type="button" variant="secondary" className="w-fit" onClick={runValidate} disabled={validate.isPending}>
          <FlaskConical className="h-4 w-4" aria-hidden />
          {validate.isPending ? 'Validating…' : 'Validate: run the reference against every test'}
        </Button>
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        {result ? <ValidationResults result={result} /> : null}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
