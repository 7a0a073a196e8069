import type { BlogPost } from '@learnbuild/domain/schemas/blog';
import { ArrowLeft, FileQuestion, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useDeletePost } from '@/features/blog/api/delete-post';
import { usePost } from '@/features/blog/api/get-post';
import { useSavePost } from '@/features/blog/api/save-post';
import { isLive, postHref } from '@/features/blog/blog-format';
import { PostForm } from '@/features/blog/components/post-form';
import { PostStatusBadge } from '@/features/blog/components/post-status-badge';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** What the author is told after a save. */
function savedMessage(post: BlogPost): string {
  if (post.status === 'draft') return 'Draft saved';
  if (!isLive(post)) return `Scheduled for ${post.publishedAt ? formatDate(post.publishedAt, 'dateTime') : 'later'}`;
  return 'Post published';
}

function EditorHeader({ title, post }: { title: string; post?: BlogPost }) {
  return (
    <header className="mb-6 flex flex-col gap-3">
      <Link
        to="/blog?mine=1"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-muted hover:text-[var(--text)]"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> My posts
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {post ? <PostStatusBadge post={post} /> : null}
      </div>
    </header>
  );
}

/** /blog/new (Instructors and Admins): a new post; once saved, the editor continues at its own address. */
export function BlogCreatePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost(null);
  const [dirty, setDirty] = useState(false);
  const { prompt, leaveFreely } = useUnsavedChanges(dirty);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <EditorHeader title="Write a post" />
      <PostForm
        save={(body) => save.mutateAsync(body)}
        onDirtyChange={setDirty}
        onSaved={(post) => {
          toast(savedMessage(post), 'success');
          leaveFreely();
          navigate(`${postHref(post.slug)}/edit`, { replace: true });
        }}
      />
      {prompt}
    </div>
  );
}

/** /blog/:slug/edit (the author or an Admin): edit, reschedule, publish or delete the post. */
export function BlogEditPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const post = usePost(slug);
  const data = post.data;

  // An old address of a renamed post: continue at the current one.
  useEffect(() => {
    if (data && data.slug !== slug) navigate(`${postHref(data.slug)}/edit`, { replace: true });
  }, [data, slug, navigate]);

  if (post.isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10" role="status" aria-label="Loading post">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-4 h-9 w-64" />
        <Skeleton className="mt-8 h-96 w-full" />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {errorStatus(post.error) === 404 ? (
          <EmptyState
            icon={FileQuestion}
            title="Post not found"
            action={
              <Link to="/blog?mine=1" className={buttonClasses('primary')}>
                My posts
              </Link>
            }
          >
            There is no post at this address to edit.
          </EmptyState>
        ) : (
          <LoadError title="Could not load this post" onRetry={() => void post.refetch()} retrying={post.isFetching}>
            {errorMessage(post.error, 'The server could not be reached. Check your connection and try again.')}
          </LoadError>
        )}
      </div>
    );
  }
  if (!data.canEdit) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <EmptyState
          icon={Lock}
          title="You cannot edit this post"
          action={
            <Link to={postHref(data.slug)} className={buttonClasses('primary')}>
              Read the post
            </Link>
          }
        >
          Only its author and the admins can change it.
        </EmptyState>
      </div>
    );
  }
  return <PostEditor key={data.id} post={data} />;
}

function PostEditor({ post }: { post: BlogPost }) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost(post.slug);
  const remove = useDeletePost();
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { prompt, leaveFreely } = useUnsavedChanges(dirty);
  useDocumentMeta(`Edit: ${post.title}`);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <EditorHeader title="Edit post" post={post} />
      <PostForm
        post={post}
        save={(body) => save.mutateAsync(body)}
        onDirtyChange={setDirty}
        onSaved={(stored) => {
          toast(savedMessage(stored), 'success');
          if (stored.slug !== post.slug) {
            leaveFreely();
            navigate(`${postHref(stored.slug)}/edit`, { replace: true });
          }
        }}
        onDelete={() => setConfirming(true)}
      />
      {confirming ? (
        <ConfirmDialog
          title="Delete this post?"
          description={`“${post.title}” is removed for good, with its old addresses. This cannot be undone.`}
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete post'}
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(post.slug, {
              onSuccess: () => {
                toast('Post deleted', 'success');
                leaveFreely();
                navigate('/blog?mine=1', { replace: true });
              },
              onError: (error) => {
                setConfirming(false);
                toast(errorMessage(error, 'The post could not be deleted'), 'error');
              },
            })
          }
        />
      ) : null}
      {prompt}
    </div>
  );
}
