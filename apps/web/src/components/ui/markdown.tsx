import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { cn } from './class-names';

/** Renders trusted or untrusted markdown safely (sanitized, GitHub-flavoured). */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('prose-lesson', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
