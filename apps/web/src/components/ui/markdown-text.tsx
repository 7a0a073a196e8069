import { type ComponentProps, lazy, Suspense, useId, useState } from 'react';
import { cn } from './class-names';
import type { Markdown } from './markdown';
import { useMarkedScrollers } from './sideways-scrollers';

type MarkdownProps = ComponentProps<typeof Markdown>;

// The markdown renderer (remark, rehype, the highlighter) loads only when text must be drawn in the browser.
const LazyMarkdown = lazy(async () => ({ default: (await import('./markdown')).Markdown }));

/** The attribute that marks the text a server drew, by the id the browser's first render gives it too. */
const DRAWN_ATTRIBUTE = 'data-markdown';

/** The HTML the server drew for the text with this id, while the page it drew is being taken over. */
function drawnHtml(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const drawn = [...document.querySelectorAll(`[${DRAWN_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(DRAWN_ATTRIBUTE) === id,
  );
  return drawn?.innerHTML ?? null;
}

function DrawnMarkdown({ id, html, className }: { id: string; html: string; className?: string }) {
  // The server draws them unmeasured, as the renderer does (a Tab stop until measured).
  const ref = useMarkedScrollers<HTMLDivElement>((root) => [
    ...root.querySelectorAll<HTMLElement>('pre, .table-scroll'),
  ]);
  return (
    <div
      ref={ref}
      className={cn('prose-lesson', className)}
      {...{ [DRAWN_ATTRIBUTE]: id }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the sanitized HTML this same text was drawn as on the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Markdown text on a page the server draws (a blog post, a course). The server draws it with the renderer;
 * the browser takes that HTML over as it is, so the page's first screen loads no markdown code at all. Text
 * drawn in the browser (a later page, a changed text) loads the renderer then.
 */
export function MarkdownText({ children, className }: Pick<MarkdownProps, 'children' | 'className'>) {
  const id = useId();
  const [html] = useState(() => drawnHtml(id));
  const [source] = useState(children);
  return (
    <Suspense fallback={<div className={cn('prose-lesson', className)} />}>
      {html !== null && source === children ? (
        <DrawnMarkdown id={id} html={html} className={className} />
      ) : (
        <LazyMarkdown className={className} drawnId={id}>
          {children}
        </LazyMarkdown>
      )}
    </Suspense>
  );
}
