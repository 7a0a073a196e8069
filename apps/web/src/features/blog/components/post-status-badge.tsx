import type { BlogPostSummary } from '@learnbuild/domain/schemas/blog';
import { Badge } from '@/components/ui/badge';
import { isLive } from '@/features/blog/blog-format';
import { formatDate } from '@/lib/dates';

/** Draft, Scheduled (with its time) or Published, for the author's own lists and pages. */
export function PostStatusBadge({ post }: { post: Pick<BlogPostSummary, 'status' | 'publishedAt'> }) {
  if (post.status === 'draft') return <Badge data-testid="post-status">Draft</Badge>;
  if (isLive(post)) {
    return (
      <Badge tone="green" data-testid="post-status">
        Published
      </Badge>
    );
  }
  return (
    <Badge tone="amber" data-testid="post-status">
      Scheduled{post.publishedAt ? ` · ${formatDate(post.publishedAt, 'dateTime')}` : ''}
    </Badge>
  );
}
