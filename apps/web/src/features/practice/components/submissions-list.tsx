import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import { relativeTime } from '@learnbuild/domain/rules/relative-time';
import type { SubmissionWithCode } from '@learnbuild/domain/schemas/judge';
import { SNIPPET_LANGUAGE_NAMES } from '@learnbuild/domain/snippet-languages';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubmissions } from '@/features/practice/api/get-submissions';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { LoginLink } from './login-link';
import { VerdictLabel } from './verdict-label';

function SubmissionRow({
  submission,
  onLoad,
}: {
  submission: SubmissionWithCode;
  onLoad: (language: JudgeSolveLanguage, code: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const codeId = `submission-code-${submission.id}`;
  const language = SNIPPET_LANGUAGE_NAMES[submission.language];
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="submission-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {submission.verdict ? (
          <VerdictLabel verdict={submission.verdict} />
        ) : (
          <span className="font-semibold text-muted">Judging…</span>
        )}
        <span>{language}</span>
        {submission.runtimeMs !== null ? <span className="text-muted">{submission.runtimeMs} ms</span> : null}
        <time
          dateTime={submission.createdAt}
          title={formatDate(submission.createdAt, 'dateTime')}
          className="text-muted"
        >
          {relativeTime(new Date(submission.createdAt), new Date(), (at) => formatDate(at))}
        </time>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-expanded={open}
          aria-controls={codeId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide code' : 'View code'}
        </Button>
      </div>
      {open ? (
        <div id={codeId} className="flex flex-col gap-2">
          <pre
            // A long line scrolls sideways: the box takes a Tab stop so a keyboard can scroll it.
            tabIndex={0}
            aria-label={`Code of this ${language} submission`}
            className="max-h-64 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs"
          >
            {submission.code}
          </pre>
          <Button
            variant="secondary"
            size="sm"
            className="w-fit"
            onClick={() => onLoad(submission.language, submission.code)}
          >
            Load into the editor
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Earlier submissions, newest first, each with its code: loading, failed, empty or listed. */
export function SubmissionRows({
  submissions,
  onLoad,
}: {
  submissions: UseQueryResult<SubmissionWithCode[]>;
  onLoad: (language: JudgeSolveLanguage, code: string) => void;
}) {
  if (submissions.isPending) {
    return (
      <div role="status" aria-label="Loading your submissions" className="flex flex-col gap-2">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
      </div>
    );
  }
  if (submissions.isError) {
    return (
      <InlineLoadError
        error={submissions.error}
        fallback="Your submissions could not be loaded"
        onRetry={() => void submissions.refetch()}
      />
    );
  }
  if (submissions.data.length === 0) {
    return <p className="text-sm text-muted">No submissions yet. Submit your code to have it judged.</p>;
  }
  return (
    <ul className="divide-y divide-[var(--border)]" data-testid="submissions-list">
      {submissions.data.map((submission) => (
        <SubmissionRow key={submission.id} submission={submission} onLoad={onLoad} />
      ))}
    </ul>
  );
}

/** The learner's earlier submissions of this problem, newest first, each with its code. */
export function SubmissionsList({
  slug,
  onLoad,
}: {
  slug: string;
  onLoad: (language: JudgeSolveLanguage, code: string) => void;
}) {
  const { user } = useSession();
  const submissions = useSubmissions(slug, true);
  if (!user) {
    return (
      <p className="text-sm">
        <LoginLink>Log in to submit</LoginLink> and keep your submissions here.
      </p>
    );
  }
  return <SubmissionRows submissions={submissions} onLoad={onLoad} />;
}
