import type { BlogPostSummary } from '@learnbuild/domain/schemas/blog';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { postHref } from '@/features/blog/blog-format';
import { PostCover } from './post-cover';
import { PostMeta } from './post-meta';
import { PostStatusBadge } from './post-status-badge';
import { TagLinks } from './tag-links';

/**
 * A post in a list. The title is the card's link and its hit area covers the card; the tags and the
 * author's Edit link sit above that area. `mine` shows the status and an Edit link.
 */
export function PostCard({
  post,
  mine = false,
  headingLevel = 2,
}: {
  post: BlogPostSummary;
  mine?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card
      className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[.post-link:focus-visible]:ring-2 has-[.post-link:focus-visible]:ring-brand-500"
      data-testid="post-card"
    >
      <PostCover coverImage={post.coverImage} slug={post.slug} tag={post.tags[0]} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {mine ? (
          <div className="flex flex-wrap items-center gap-2">
            <PostStatusBadge post={post} />
          </div>
        ) : null}
        <Heading className="text-lg font-semibold leading-snug">
          <Link
            to={postHref(post.slug)}
            className="post-link after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-brand-700 dark:group-hover:text-brand-200"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="line-clamp-3 text-sm leading-relaxed text-muted">{post.excerpt}</p> : null}
        <div className="mt-auto flex flex-col gap-3">
          <PostMeta author={post.author.name} publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
          <TagLinks tags={post.tags} label={`Tags of ${post.title}`} />
          {mine ? (
            <Link
              to={`${postHref(post.slug)}/edit`}
              className={`${buttonClasses('secondary', 'sm')} relative z-10 self-start`}
              aria-label={`Edit ${post.title}`}
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" aria-hidden>
      <div className="aspect-video w-full animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-5">
        <div className="h-5 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-3/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </Card>
  );
}
