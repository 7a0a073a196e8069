import { useParams } from 'react-router';
import { ItemUnavailable } from '@/components/ui/item-unavailable';
import { Skeleton } from '@/components/ui/skeleton';
import { usePractice } from '@/features/practice/api/get-practice';
import { ProblemWorkspace } from '@/features/practice/components/problem-workspace';
import type { PracticeHost } from '@/features/practice/practice-host';
import { errorStatus } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';

function ProblemSkeleton() {
  return (
    <div className="grid gap-6 px-4 py-6 md:grid-cols-2" role="status" aria-label="Loading the problem">
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-32 w-full" />
      </div>
      <Skeleton className="hidden h-[60dvh] w-full md:block" />
    </div>
  );
}

/** The first sentence of a statement, as plain words, for the page's description. */
function firstSentence(markdown: string): string {
  const text = markdown
    .replace(/[`*_#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/**
 * /problems/:problemSlug (public, issue 27): a judged problem of the DSA sheet, to read, run and submit. The app
 * gives it the editor, the runner and what an Accepted refreshes (`host`).
 */
export function ProblemPage({ host }: { host: PracticeHost }) {
  const { problemSlug = '' } = useParams();
  const practice = usePractice(problemSlug);
  const data = practice.data;
  const notFound = !data && errorStatus(practice.error) === 404;

  useDocumentMeta(
    data ? data.title : notFound ? 'Problem not found' : null,
    data ? firstSentence(data.statement) : null,
  );

  if (practice.isPending) return <ProblemSkeleton />;
  if (!data) {
    return (
      <ItemUnavailable
        notFound={notFound}
        notFoundTitle="Problem not found"
        action={{ to: '/dsa-sheet', label: 'Open the DSA sheet' }}
        errorTitle="Could not load this problem"
        onRetry={() => void practice.refetch()}
        retrying={practice.isFetching}
      >
        This problem does not exist here, or it cannot be solved on LearnBuild yet.
      </ItemUnavailable>
    );
  }
  return <ProblemWorkspace key={data.slug} practice={data} host={host} />;
}
