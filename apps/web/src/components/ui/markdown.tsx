import { type ComponentProps, createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
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

/** The fence's tag from the inner code element's class (`language-sql` → `sql`), if it has one. */
function fenceTag(node: ExtraProps['node']): string | undefined {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const classes = code?.type === 'element' ? code.properties.className : undefined;
  return (Array.isArray(classes) ? classes : [])
    .map(String)
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length);
}

/** The fence's language for its name, e.g. "SQL". */
function fenceLanguage(node: ExtraProps['node']): string | null {
  return fenceTag(node)?.toUpperCase() ?? null;
}

type HastNode = NonNullable<ExtraProps['node']>['children'][number];
/** The code block's text, as the author wrote it. */
function fenceSource(children: readonly HastNode[]): string {
  return children
    .map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? fenceSource(child.children) : ''))
    .join('');
}

/** Something shown under a code block, e.g. a lesson's 'Try it' link; null shows nothing. */
export type CodeBlockAction = (block: { language: string | undefined; source: string }) => ReactNode;
const CodeBlockActionContext = createContext<CodeBlockAction | undefined>(undefined);

/**
 * A code block is a named region; when its lines are wider than the screen it can also be
 * focused, so it scrolls with the arrow keys (WCAG 2.1.1, axe scrollable-region-focusable).
 */
function CodeBlock({ node, children, className }: ComponentProps<'pre'> & ExtraProps) {
  const [ref, scrolls] = useScrollsSideways<HTMLPreElement>();
  const language = fenceLanguage(node);
  const action = useContext(CodeBlockActionContext);
  const extra = action?.({ language: fenceTag(node), source: fenceSource(node?.children ?? []).replace(/\n$/, '') });
  const block = (
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
  if (!extra) return block;
  return (
    <>
      {block}
      <div className="-mt-2 mb-4 flex justify-end">{extra}</div>
    </>
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

/**
 * Renders trusted or untrusted markdown safely (sanitized, GitHub-flavoured). `codeBlockAction`
 * (opt-in) adds something under each code block, such as a course lesson's 'Try it' link.
 */
export function Markdown({
  children,
  className,
  codeBlockAction,
}: {
  children: string;
  className?: string;
  codeBlockAction?: CodeBlockAction;
}) {
  return (
    <div className={cn('prose-lesson', className)}>
      <CodeBlockActionContext.Provider value={codeBlockAction}>
        <ReactMarkdown
          remarkPlugins={[remarkGfm]}
          rehypePlugins={[rehypeSanitize]}
          components={{ pre: CodeBlock, table: ScrollingTable }}
        >
          {children}
        </ReactMarkdown>
      </CodeBlockActionContext.Provider>
    </div>
  );
}
