import type { Submission } from '@learnbuild/domain/schemas/judge';
import { LoaderCircle } from 'lucide-react';
import { CaseValues } from './case-values';
import { VerdictLabel } from './verdict-label';

/** Where the failing case stands, as the verdict names it: "Hidden test 7", or "Test 2" with its values. */
function FailedCase({ submission }: { submission: Submission }) {
  const failed = submission.failedCase;
  if (!failed) return null;
  if (failed.hidden) {
    return (
      <p className="text-sm" data-testid="failed-case">
        Failed on <strong>Hidden test {failed.index}</strong>: its input stays hidden, so that the tests judge the
        solution rather than be answered one by one.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="failed-case">
      <p className="text-sm">
        Failed on <strong>Test {failed.index}</strong>:
      </p>
      <CaseValues
        rows={[
          failed.input !== undefined && ['Input', failed.input],
          failed.expected !== undefined && ['Expected', failed.expected],
          failed.actual !== undefined && ['Your output', failed.actual],
        ]}
      />
    </div>
  );
}

/** A submission: waiting for the judge, then its verdict, tests passed, runtime and what failed. */
export function SubmissionResult({
  submission,
  acceptedNote = 'Solved: the problem is marked as solved and verified in your DSA sheet.',
}: {
  submission: Submission | undefined;
  /** What an Accepted verdict did (a course's exercise: the lesson is completed). */
  acceptedNote?: string;
}) {
  if (submission?.status !== 'done' || !submission.verdict) {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="submission-pending">
        <LoaderCircle className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
        {submission?.status === 'running' ? 'Judging your code against every test…' : 'Waiting for the judge…'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="submission-result">
      <VerdictLabel verdict={submission.verdict} className="text-xl" />
      <p className="text-sm text-muted">
        {submission.passed} / {submission.total} tests passed
        {submission.runtimeMs !== null ? ` · ${submission.runtimeMs} ms` : ''}
      </p>
      {submission.verdict === 'Accepted' ? (
        <p className="text-sm">{acceptedNote}</p>
      ) : (
        <FailedCase submission={submission} />
      )}
      {submission.message ? (
        <pre
          className="overflow-x-auto rounded-lg bg-muted p-3 text-xs whitespace-pre-wrap"
          data-testid="submission-message"
        >
          {submission.message}
        </pre>
      ) : null}
    </div>
  );
}
