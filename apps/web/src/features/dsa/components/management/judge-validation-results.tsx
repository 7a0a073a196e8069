import type { JudgeProblem } from '@learnbuild/domain/judge/format';
import type { FailedCase, JudgeValidation } from '@learnbuild/domain/schemas/judge';
import { Badge } from '@/components/ui/badge';

const LANGUAGE_NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
  cpp: 'C++',
  java: 'Java',
};

/** A JSON value of the file, cut short: a generated test of 10⁵ numbers is shown as its generator. */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** Which case failed, as the author wrote it: an example, or a hidden test with its arguments from the file. */
function FailedCaseView({ failedCase, spec }: { failedCase: FailedCase; spec: JudgeProblem }) {
  const hiddenIndex = failedCase.index - spec.examples.length;
  const hiddenTest = failedCase.hidden ? spec.tests[hiddenIndex - 1] : undefined;
  const rows: [string, string | undefined][] = [
    ['Input', failedCase.input ?? (hiddenTest ? shortJson(hiddenTest.args) : undefined)],
    ['Expected', failedCase.expected ?? (hiddenTest ? shortJson(hiddenTest.expected) : undefined)],
    ['Output', failedCase.actual],
  ];
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm">
      <p>
        Failing case: test {failedCase.index} (
        {failedCase.hidden ? `hidden test ${hiddenIndex}` : `example ${failedCase.index}`})
        {hiddenTest?.note ? ` · ${hiddenTest.note}` : ''}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rows.map(([label, value]) =>
          value === undefined ? null : (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-all font-mono text-xs">{value}</dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}

/** The last Validate of the saved judge: each reference's verdict, passed/total and its first failing case. */
export function JudgeValidationResults({ validation, spec }: { validation: JudgeValidation; spec: JudgeProblem }) {
  return (
    <div className="flex flex-col gap-2" data-testid="judge-validation">
      <p className="text-sm font-medium">
        {validation.valid
          ? 'Validation passed: every reference solution is Accepted on every test.'
          : 'Validation failed: the judge cannot be turned on until its own references pass.'}{' '}
        <span className="font-normal text-muted">
          ({new Date(validation.validatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })})
        </span>
      </p>
      <ul className="flex flex-col gap-2">
        {validation.results.map((result) => (
          <li key={result.language} className="rounded-lg border border-default px-3 py-2">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="font-semibold">{LANGUAGE_NAMES[result.language] ?? result.language}</span>
              <Badge tone={result.verdict === 'Accepted' ? 'green' : 'red'}>{result.verdict}</Badge>
              <span>
                {result.passed}/{result.total} tests passed
              </span>
              {result.runtimeMs !== null ? <span className="text-muted">{result.runtimeMs} ms</span> : null}
            </div>
            {result.failedCase ? <FailedCaseView failedCase={result.failedCase} spec={spec} /> : null}
            {result.message ? (
              <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs text-red-700 dark:text-red-300">
                {result.message}
              </pre>
            ) : null}
          </li>
        ))}
      </ul>
      {validation.results.length === 0 ? (
        <p className="text-sm text-muted">This server has no sandbox for the references' languages.</p>
      ) : null}
    </div>
  );
}
