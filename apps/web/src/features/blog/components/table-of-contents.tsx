import { ChevronDown, ListTree } from 'lucide-react';
import { cn } from '@/components/ui/class-names';
import type { OutlineHeading } from '@/features/blog/use-heading-outline';

/** In-page links to the post's sections; the section being read is marked. */
function OutlineLinks({ headings, active }: { headings: readonly OutlineHeading[]; active: string | null }) {
  return (
    <ol className="flex flex-col gap-0.5 text-sm">
      {headings.map((heading) => (
        <li key={heading.id} className={heading.level === 3 ? 'pl-4' : undefined}>
          <a
            href={`#${heading.id}`}
            aria-current={active === heading.id ? 'location' : undefined}
            className={cn(
              'block rounded-md border-l-2 py-1 pr-2 pl-3 leading-snug transition-colors',
              active === heading.id
                ? 'border-brand-600 bg-brand-50 font-medium text-brand-700 dark:border-brand-400 dark:bg-brand-900/50 dark:text-brand-100'
                : 'border-transparent text-muted hover:text-[var(--text)]',
            )}
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Beside the post on wide screens (it follows the reader down the page). */
export function TableOfContents({ headings, active }: { headings: readonly OutlineHeading[]; active: string | null }) {
  return (
    <nav aria-labelledby="toc-heading" className="flex flex-col gap-3" data-testid="toc">
      <h2 id="toc-heading" className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <ListTree className="h-4 w-4" aria-hidden /> On this page
      </h2>
      <OutlineLinks headings={headings} active={active} />
    </nav>
  );
}

/** Above the post on narrow screens, folded until opened. */
export function FoldedTableOfContents({ headings }: { headings: readonly OutlineHeading[] }) {
  return (
    <details className="surface group rounded-xl border px-4 py-3" data-testid="toc-folded">
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        <ListTree className="h-4 w-4" aria-hidden /> On this page
        <span className="font-normal text-muted">({headings.length} sections)</span>
        <ChevronDown className="ml-auto h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <nav aria-label="On this page" className="mt-3">
        <OutlineLinks headings={headings} active={null} />
      </nav>
    </details>
  );
}
