import { BLOG_TOC_MIN_HEADINGS } from '@learnbuild/domain/blog';
import type { BlogPost } from '@learnbuild/domain/schemas/blog';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { ItemUnavailable } from '@/components/ui/item-unavailable';
import { MarkdownText } from '@/components/ui/markdown-text';
import { Skeleton } from '@/components/ui/skeleton';
import { usePost } from '@/features/blog/api/get-post';
import { blogKeys } from '@/features/blog/api/keys';
import { isLive, postHref } from '@/features/blog/blog-format';
import { PostCover } from '@/features/blog/components/post-cover';
import { PostMeta } from '@/features/blog/components/post-meta';
import { PostStatusBadge } from '@/features/blog/components/post-status-badge';
import { RelatedPosts } from '@/features/blog/components/related-posts';
import { ShareLinks } from '@/features/blog/components/share-links';
import { FoldedTableOfContents, TableOfContents } from '@/features/blog/components/table-of-contents';
import { TagLinks } from '@/features/blog/components/tag-links';
import { useActiveHeading, useHeadingOutline } from '@/features/blog/use-heading-outline';
import { errorStatus } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { siteOrigin } from '@/lib/hydration';
import { useSession } from '@/lib/session';
import { useDocumentMeta } from '@/lib/use-document-meta';

function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" role="status" aria-label="Loading post">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-6 h-10 w-4/5" />
      <Skeleton className="mt-3 h-5 w-3/5" />
      <Skeleton className="mt-8 aspect-video w-full" />
      <div className="mt-8 flex flex-col gap-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-[var(--text)]"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> All posts
    </Link>
  );
}

/** Who may see a post that readers do not see yet, and from when. */
function UnpublishedNotice({ post }: { post: BlogPost }) {
  if (isLive(post)) return null;
  return (
    <p
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="unpublished-notice"
    >
      {post.status === 'draft'
        ? 'This post is a draft: only you and the admins can see it.'
        : `Scheduled: readers see this post from ${post.publishedAt ? formatDate(post.publishedAt, 'dateTime') : 'its publish time'}.`}
    </p>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  const body = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const headings = useHeadingOutline(body, post.body);
  const withToc = headings.filter((heading) => heading.level === 2).length >= BLOG_TOC_MIN_HEADINGS;
  const ids = useMemo(() => (withToc ? headings.map((heading) => heading.id) : []), [headings, withToc]);
  const active = useActiveHeading(ids);
  const url = `${siteOrigin()}${postHref(post.slug)}`;

  // A link to a section (…#h-step-2) scrolls there once the text is on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the post or the address's section changes
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    // After the layout's scroll to the top of a newly opened page.
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [post.id, location.hash]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10">
      <div
        className={
          withToc
            ? 'grid gap-10 lg:grid-cols-[minmax(0,1fr)_15rem] lg:justify-center xl:grid-cols-[minmax(0,48rem)_16rem] xl:gap-14'
            : 'mx-auto w-full max-w-3xl'
        }
      >
        <article className="flex min-w-0 flex-col gap-8" data-testid="blog-article">
          <header className="flex flex-col gap-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <BackToBlog />
              {post.canEdit ? (
                <div className="flex items-center gap-2">
                  <PostStatusBadge post={post} />
                  <Link to={`${postHref(post.slug)}/edit`} className={buttonClasses('secondary', 'sm')}>
                    <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit post
                  </Link>
                </div>
              ) : null}
            </div>
            <UnpublishedNotice post={post} />
            <TagLinks tags={post.tags} label="Tags" />
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
            {post.excerpt ? <p className="text-lg leading-relaxed text-muted">{post.excerpt}</p> : null}
            <div className="flex items-center gap-3">
              <Avatar name={post.author.name} className="h-10 w-10" />
              <PostMeta author={post.author.name} publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
            </div>
          </header>
          {post.coverImage ? (
            <PostCover
              coverImage={post.coverImage}
              slug={post.slug}
              eager
              className="rounded-2xl border border-default"
            />
          ) : null}
          {withToc ? (
            <div className="lg:hidden">
              <FoldedTableOfContents headings={headings} />
            </div>
          ) : null}
          <div ref={body}>
            <MarkdownText className="text-[1.0625rem]">{post.body}</MarkdownText>
          </div>
          <footer className="flex flex-col gap-6 border-t border-default pt-6">
            <TagLinks tags={post.tags} label="Tags" />
            <ShareLinks url={url} title={post.title} />
          </footer>
        </article>
        {withToc ? (
          <aside className="hidden lg:block" aria-label="Table of contents">
            <div className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pb-4">
              <TableOfContents headings={headings} active={active} />
            </div>
          </aside>
        ) : null}
      </div>
      <RelatedPosts posts={post.related} />
    </div>
  );
}

/** /blog/:slug (public): the post; an old slug moves the address to the current one. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const post = usePost(slug);
  const data = post.data;
  const notFound = !data && errorStatus(post.error) === 404;

  useDocumentMeta(data ? data.title : notFound ? 'Post not found' : null, data?.excerpt);

  useEffect(() => {
    if (!data || data.slug === slug) return;
    // The post was renamed: show its current address, reusing what was just loaded.
    queryClient.setQueryData(blogKeys.post(user?.id ?? null, data.slug), data);
    navigate(`${postHref(data.slug)}${location.search}${location.hash}`, { replace: true });
  }, [data, slug, navigate, location.search, location.hash, queryClient, user?.id]);

  if (post.isPending) return <PostSkeleton />;
  if (!data) {
    return (
      <ItemUnavailable
        notFound={notFound}
        notFoundTitle="Post not found"
        action={{ to: '/blog', label: 'Browse the blog' }}
        errorTitle="Could not load this post"
        onRetry={() => void post.refetch()}
        retrying={post.isFetching}
      >
        This post does not exist, or it is not published yet.
      </ItemUnavailable>
    );
  }
  return <PostArticle post={data} />;
}
