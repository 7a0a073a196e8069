import { POST_BODY_MAX } from '@learnbuild/domain/schemas/community';
import { forwardRef } from 'react';
import { MarkdownField, type MarkdownFieldProps } from '@/components/ui/markdown-field';

const HINT = 'Markdown: **bold**, `code`, lists, links and ``` code blocks with a language (js, python, sql...).';

/** A thread's or a reply's markdown: Write / Preview, and a count that warns as the body nears the cap. */
export const PostBodyField = forwardRef<
  HTMLTextAreaElement,
  Pick<MarkdownFieldProps, 'label' | 'value' | 'onChange' | 'error' | 'placeholder' | 'labelClassName'> & {
    /** Taller box for a thread's body than for a reply. */
    rows?: number;
  }
>(function PostBodyField({ rows = 8, ...props }, ref) {
  return <MarkdownField ref={ref} {...props} rows={rows} hint={HINT} maxLength={POST_BODY_MAX} showCount />;
});
