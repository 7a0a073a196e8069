import { BLOG_PAGE_SIZE } from '@learnbuild/domain/blog';
import { can } from '@learnbuild/domain/roles';
import { NotebookPen, PenLine, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { type BlogFilter, usePosts } from '@/features/blog/api/get-posts';
import { BlogFilters } from '@/features/blog/components/blog-filters';
import { PostCard, PostCardSkeleton } from '@/features/blog/components/post-card';
import { type BlogParams, useBlogParams } from '@/features/blog/use-blog-params';
import { useSession } from '@/lib/session';

/** "9 posts", "2 posts tagged #dsa", "1 post matches “heap”" (read out after each change). */
function resultSummary(total: number, params: BlogParams): string {
  const count = `${total} ${total === 1 ? 'post' : 'posts'}`;
  const parts = [count];
  if (params.tag) parts.push(`tagged #${params.tag}`);
  if (params.q) parts.push(`${total === 1 ? 'matches' : 'match'} “${params.q}”`);
  return parts.join(' ');
}

function PostGridSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** /blog: published posts with tag and search filters in the address; authors also get "My posts". */
export function BlogPage() {
  const { user } = useSession();
  const author = can(user?.role, 'writeBlog');
  const params = useBlogParams();
  const mine = params.mine && author;
  const filter: BlogFilter = { tag: params.tag, q: params.q, page: params.page, ...(mine ? { mine: '1' } : {}) };
  const posts = usePosts(filter);
  const reply = posts.data;
  const pages = reply ? Math.max(1, Math.ceil(reply.total / BLOG_PAGE_SIZE)) : 1;

  let body: ReactNode;
  if (posts.isPending) body = <PostGridSkeleton />;
  else if (posts.isError && !reply) {
    body = <LoadError title="Could not load posts" onRetry={() => void posts.refetch()} retrying={posts.isFetching} />;
  } else if (reply && reply.posts.length === 0) {
    body = params.filtered ? (
      <EmptyState
        icon={SearchX}
        title="No posts match"
        action={
          <Button variant="secondary" onClick={params.clear}>
            Clear filters
          </Button>
        }
      >
        Nothing {params.tag ? `tagged #${params.tag} ` : ''}
        {params.q ? `matches “${params.q}”` : 'here yet'}. Try other words or another topic.
      </EmptyState>
    ) : mine ? (
      <EmptyState
        icon={NotebookPen}
        title="You have not written a post yet"
        action={
          <Link to="/blog/new" className={buttonClasses('primary')}>
            <PenLine className="h-4 w-4" aria-hidden /> Write a post
          </Link>
        }
      >
        Share what you teach: drafts stay private until you publish or schedule them.
      </EmptyState>
    ) : (
      <EmptyState icon={NotebookPen} title="No posts yet">
        Our instructors are writing. Check back soon.
      </EmptyState>
    );
  } else if (reply) {
    body = (
      <ul aria-label={mine ? 'My posts' : 'Posts'} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {reply.posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} mine={mine} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Interview preparation, DSA patterns, core CS explained and projects worth building, by the LearnBuild
            instructors.
          </p>
        </div>
        {author ? (
          <Link to="/blog/new" className={cn(buttonClasses('primary'), 'self-start sm:self-auto')}>
            <PenLine className="h-4 w-4" aria-hidden /> Write a post
          </Link>
        ) : null}
      </header>
      {author ? (
        <nav aria-label="Blog views" className="mb-6">
          <ul className="inline-flex gap-1 rounded-xl bg-muted p-1">
            {[
              { label: 'All posts', href: '/blog', current: !mine },
              { label: 'My posts', href: '/blog?mine=1', current: mine },
            ].map((view) => (
              <li key={view.label}>
                <Link
                  to={view.href}
                  aria-current={view.current ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium',
                    view.current
                      ? 'bg-[var(--surface)] text-[var(--text)] shadow-sm'
                      : 'text-muted hover:text-[var(--text)]',
                  )}
                >
                  {view.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="flex flex-col gap-6">
        <BlogFilters q={params.q} tag={params.tag} update={params.update} hrefFor={params.hrefFor} />
        <p role="status" className="text-sm text-muted" data-testid="blog-summary">
          {reply ? resultSummary(reply.total, params) : ''}
        </p>
        <div className={cn('transition-opacity', posts.isPlaceholderData && 'opacity-60')} aria-busy={posts.isFetching}>
          {body}
        </div>
        {reply && pages > 1 ? (
          <Pager
            page={params.page}
            pages={pages}
            onPage={(page) => {
              params.update({ page: String(page) });
              window.scrollTo({ top: 0 });
            }}
            label="Blog pages"
            previous="Newer posts"
            next="Older posts"
          />
        ) : null}
      </div>
    </div>
  );
}
