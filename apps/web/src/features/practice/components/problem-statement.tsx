import type { Practice } from '@learnbuild/domain/schemas/judge';
import { ArrowLeft, ExternalLink, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { MarkdownText } from '@/components/ui/markdown-text';
import { EditorialSection } from './editorial-section';
import { HintList } from './hint-list';

/** The site a problem's outside link goes to, by its host: "LeetCode", else the host itself. */
function siteName(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, '');
    if (host.endsWith('leetcode.com')) return 'LeetCode';
    if (host.endsWith('geeksforgeeks.org')) return 'GeeksforGeeks';
    return host;
  } catch {
    return 'another site';
  }
}

const codeBox = 'block overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-sm whitespace-pre-wrap break-words';

export function Examples({ examples }: { examples: Practice['examples'] }) {
  return (
    <section aria-labelledby="examples-heading" className="flex flex-col gap-4">
      <h2 id="examples-heading" className="text-lg font-semibold">
        Examples
      </h2>
      {examples.map((example, index) => (
        // Examples have no id and never move: their place is who they are.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="rounded-xl border border-default p-4" data-testid="example">
          <h3 className="mb-3 text-sm font-semibold">Example {index + 1}</h3>
          <dl className="grid gap-2 text-sm">
            {(
              [
                ['Input', example.input],
                ['Output', example.output],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="mb-1 font-medium text-muted">{label}</dt>
                <dd>
                  <code className={codeBox}>{value}</code>
                </dd>
              </div>
            ))}
            {example.explanation ? (
              <div>
                <dt className="mb-1 font-medium text-muted">Explanation</dt>
                <dd>
                  <MarkdownText className="text-sm">{example.explanation}</MarkdownText>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      ))}
    </section>
  );
}

/**
 * The problem as the server draws it (title, statement, examples and constraints are in the page's HTML), then
 * the hints one at a time and the editorial on demand.
 */
export function ProblemStatement({ practice }: { practice: Practice }) {
  const constraints = practice.constraints.map((line) => `- ${line}`).join('\n');
  return (
    <article className="flex flex-col gap-6 px-4 py-6 md:px-6" data-testid="problem-statement">
      <header className="flex flex-col gap-3">
        <Link
          to="/dsa-sheet"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-muted hover:text-[var(--text)]"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> DSA sheet
        </Link>
        <h1 className="text-2xl leading-tight font-bold tracking-tight text-balance">{practice.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <DifficultyBadge difficulty={practice.difficulty} />
          {practice.externalUrl ? (
            <a
              href={practice.externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400"
            >
              Also on {siteName(practice.externalUrl)}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {practice.videoUrl ? (
            <a
              href={practice.videoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400"
            >
              <PlayCircle className="h-4 w-4" aria-hidden />
              Video walkthrough
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </header>
      <MarkdownText>{practice.statement}</MarkdownText>
      <Examples examples={practice.examples} />
      <section aria-labelledby="constraints-heading" className="flex flex-col gap-2">
        <h2 id="constraints-heading" className="text-lg font-semibold">
          Constraints
        </h2>
        <MarkdownText className="text-sm">{constraints}</MarkdownText>
      </section>
      {practice.hints.length > 0 ? <HintList hints={practice.hints} /> : null}
      <EditorialSection slug={practice.slug} />
    </article>
  );
}
