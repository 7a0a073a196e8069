import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import ReactMarkdown, { type ExtraProps } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { cn } from './class-names';
import { highlightCode } from './code-highlight';
import { isExternalUrl, safeImageUrl, safeLinkUrl } from './markdown-urls';
import { UNMEASURED_SCROLLER, UNMEASURED_TABLE_SCROLLER, useMarkedScrollers } from './sideways-scrollers';

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

type HastElement = NonNullable<ExtraProps['node']>;
type HastNode = HastElement['children'][number];
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
function CodeBlock({ node, className }: ComponentProps<'pre'> & ExtraProps) {
  const ref = useMarkedScrollers<HTMLPreElement>((pre) => [pre]);
  const language = fenceLanguage(node);
  const tag = fenceTag(node);
  const source = fenceSource(node?.children ?? []).replace(/\n$/, '');
  const action = useContext(CodeBlockActionContext);
  const extra = action?.({ language: tag, source });
  const block = (
    <pre
      ref={ref}
      className={className}
      role="region"
      aria-label={language ? `Code example in ${language}` : 'Code example'}
      {...UNMEASURED_SCROLLER}
    >
      <code className={tag ? `language-${tag}` : undefined}>{highlightCode(source, tag)}</code>
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
  const ref = useMarkedScrollers<HTMLDivElement>((box) => [box]);
  return (
    <div ref={ref} className="table-scroll" {...UNMEASURED_TABLE_SCROLLER}>
      <table className={className}>{children as ReactNode}</table>
    </div>
  );
}

/**
 * What the sanitizer lets through (GitHub's rules, narrowed): raw HTML never reaches it (react-markdown
 * gets no rehype-raw), so it guards what markdown itself makes. Links keep http(s), mailto and relative
 * addresses; images http(s) and relative (the image component narrows them further). Footnote ids come
 * prefixed by remark-rehype already, so the sanitizer adds no second prefix that would break their links.
 */
const SANITIZE_SCHEMA = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
};

/** react-markdown's hook for every URL attribute: images and links both pass the link rule here. */
function markdownUrl(url: string): string {
  return safeLinkUrl(url);
}

const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

/** A link; one leaving the site is marked as user content that passes on no referrer or ranking. */
function Anchor({ node: _node, href, children, ...props }: ComponentProps<'a'> & ExtraProps) {
  // A link whose target was refused keeps its words, as text.
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} {...props} rel={isExternalUrl(href) ? EXTERNAL_REL : undefined}>
      {children}
    </a>
  );
}

/** An image from our uploads or https; any other source is offered as a plain link (or just its words). */
function Image({ node: _node, src, alt, title }: ComponentProps<'img'> & ExtraProps) {
  const source = typeof src === 'string' ? src : '';
  if (safeImageUrl(source)) {
    return <img src={source} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />;
  }
  const words = alt || title || 'image';
  if (!source) return <span>{words}</span>;
  return (
    <a href={source} rel={EXTERNAL_REL}>
      {words} (image)
    </a>
  );
}

/** Plain text of a hast node, the way a heading reads. */
function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** A heading's id part: lower case words joined by dashes ("Step 1: the browser" → "step-1-the-browser"). */
export function headingSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'section'
  );
}

/**
 * Gives every heading an id for a table of contents and in-page links: the prefix (default `h-`) keeps
 * user-chosen words from clobbering DOM globals; repeats get -2, -3. Runs after the sanitizer.
 */
function rehypeHeadingIds(options: { prefix: string }) {
  return (tree: { children: HastNode[] }) => {
    const used = new Map<string, number>();
    const visit = (nodes: HastNode[]) => {
      for (const node of nodes) {
        if (node.type !== 'element') continue;
        if (/^h[1-6]$/.test(node.tagName) && !node.properties.id) {
          const base = `${options.prefix}${headingSlug(textOf(node))}`;
          const seen = (used.get(base) ?? 0) + 1;
          used.set(base, seen);
          node.properties.id = seen === 1 ? base : `${base}-${seen}`;
        }
        visit(node.children);
      }
    };
    visit(tree.children);
  };
}

/**
 * Renders trusted or untrusted markdown safely (sanitized, GitHub-flavoured, no raw HTML, code blocks
 * highlighted as text spans, headings with ids). `codeBlockAction` (opt-in) adds something under each
 * code block, such as a course lesson's 'Try it' link.
 */
export function Markdown({
  children,
  className,
  codeBlockAction,
  headingIdPrefix = 'h-',
  drawnId,
}: {
  children: string;
  className?: string;
  codeBlockAction?: CodeBlockAction;
  /** Prefix of heading ids; a screen showing several texts (a thread's replies) can give each its own. */
  headingIdPrefix?: string;
  /** Marks the text for the browser to take over as drawn (markdown-text.tsx). */
  drawnId?: string;
}) {
  return (
    <div className={cn('prose-lesson', className)} data-markdown={drawnId}>
      <CodeBlockActionContext.Provider value={codeBlockAction}>
        <ReactMarkdown
          remarkPlugins={[remarkGfm]}
          rehypePlugins={[
            [rehypeSanitize, SANITIZE_SCHEMA],
            [rehypeHeadingIds, { prefix: headingIdPrefix }],
          ]}
          urlTransform={markdownUrl}
          components={{ pre: CodeBlock, table: ScrollingTable, a: Anchor, img: Image }}
        >
          {children}
        </ReactMarkdown>
      </CodeBlockActionContext.Provider>
    </div>
  );
}
