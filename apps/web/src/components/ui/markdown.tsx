import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import ReactMarkdown, { type ExtraProps } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { cn } from './class-names';

/**
 * True while the element is wider inside than out, i.e. it scrolls sideways (a long code line
 * on a phone). Only then does it take a Tab stop, so keyboard users can scroll it.
 */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/** The fence's language from the inner code element's class (`language-sql`), if it has one. */
function fenceLanguage(node: ExtraProps['node']): string | null {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const classes = code?.type === 'element' ? code.properties.className : undefined;
  const language = (Array.isArray(classes) ? classes : [])
    .map(String)
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length);
  return language ? language.toUpperCase() : null;
}

/**
 * A code block is a named region; when its lines are wider than the screen it can also be
 * focused, so it scrolls with the arrow keys (WCAG 2.1.1, axe scrollable-region-focusable).
 */
function CodeBlock({ node, children, className }: ComponentProps<'pre'> & ExtraProps) {
  const [ref, scrolls] = useScrollsSideways<HTMLPreElement>();
  const language = fenceLanguage(node);
  return (
    <pre
      ref={ref}
      className={className}
      role="region"
      aria-label={language ? `Code example in ${language}` : 'Code example'}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls || undefined}
    >
      {children}
    </pre>
  );
}

/** A wide table scrolls inside its own box, which keyboard users can focus and scroll. */
function ScrollingTable({ node: _node, children, className }: ComponentProps<'table'> & ExtraProps) {
  const [ref, scrolls] = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className="table-scroll"
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? 'Table' : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      <table className={className}>{children as ReactNode}</table>
    </div>
  );
}

/** Renders trusted or untrusted markdown safely (sanitized, GitHub-flavoured). */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('prose-lesson', className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{ pre: CodeBlock, table: ScrollingTable }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
