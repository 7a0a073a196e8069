import { BookOpen, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { MarkdownText } from '@/components/ui/markdown-text';
import { Skeleton } from '@/components/ui/skeleton';
import { useEditorial } from '@/features/practice/api/get-editorial';
import { useSession } from '@/lib/session';
import { LoginLink } from './login-link';

type Step = 'closed' | 'warned' | 'open';

/** The editorial gives the problem away: it is behind a warning, for signed-in learners, fetched when asked for. */
export function EditorialSection({ slug }: { slug: string }) {
  const { user, accountPending } = useSession();
  const [step, setStep] = useState<Step>('closed');
  const editorial = useEditorial(slug, step === 'open');

  return (
    <section aria-labelledby="editorial-heading" className="flex flex-col gap-3" data-testid="editorial">
      <h2 id="editorial-heading" className="text-lg font-semibold">
        Editorial
      </h2>
      {!user ? (
        accountPending ? null : (
          <p className="text-sm text-muted">
            <LoginLink>Log in to read the editorial</LoginLink>: the approach, its complexity and solutions in
            JavaScript and Python.
          </p>
        )
      ) : step === 'closed' ? (
        <Button variant="secondary" size="sm" className="w-fit" onClick={() => setStep('warned')}>
          <BookOpen className="h-4 w-4" aria-hidden /> Show editorial
        </Button>
      ) : step === 'warned' ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/40"
        >
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
            The editorial explains the whole solution: reading it spoils the problem. Try the hints first if you have
            not.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setStep('open')}>
              Show it anyway
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setStep('closed')}>
              Not now
            </Button>
          </div>
        </div>
      ) : editorial.data ? (
        <div className="flex flex-col gap-4" data-testid="editorial-body">
          <MarkdownText>{editorial.data.approach}</MarkdownText>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">Time</dt>
            <dd>{editorial.data.complexity.time}</dd>
            <dt className="font-medium">Space</dt>
            <dd>{editorial.data.complexity.space}</dd>
          </dl>
          <h3 className="font-semibold">Solution in JavaScript</h3>
          <MarkdownText>{`\`\`\`javascript\n${editorial.data.solutions.javascript}\n\`\`\``}</MarkdownText>
          <h3 className="font-semibold">Solution in Python</h3>
          <MarkdownText>{`\`\`\`python\n${editorial.data.solutions.python}\n\`\`\``}</MarkdownText>
        </div>
      ) : editorial.isError ? (
        <InlineLoadError
          error={editorial.error}
          fallback="The editorial could not be loaded"
          onRetry={() => void editorial.refetch()}
        />
      ) : (
        <div role="status" aria-label="Loading the editorial" className="flex flex-col gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      )}
    </section>
  );
}
