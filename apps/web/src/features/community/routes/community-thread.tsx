import { REPLIES_PAGE_SIZE, type ThreadDetail } from '@learnbuild/domain/schemas/community';
import { FileQuestion, MessageSquare } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useCreateReply } from '@/features/community/api/create-reply';
import { useThread } from '@/features/community/api/get-thread';
import { Announcer, useAnnounce } from '@/features/community/components/announcer';
import { PostingGate } from '@/features/community/components/posting-gate';
import { focusReply } from '@/features/community/components/reply-card';
import { ReplyForm } from '@/features/community/components/reply-form';
import { ReplyList } from '@/features/community/components/reply-list';
import { ThreadPost } from '@/features/community/components/thread-post';
import { errorStatus } from '@/lib/api-client';

function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading thread" className="flex flex-col gap-4">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-9 w-4/5" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="mt-4 h-40 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

/** Below the replies: the reply box, or why there is none (locked, signed out, unverified). */
function ReplyBox({ thread, onPosted }: { thread: ThreadDetail; onPosted: (replyId: string) => void }) {
  const toast = useToast();
  const announce = useAnnounce();
  const create = useCreateReply(thread.id);
  return (
    <section aria-labelledby="reply-box-heading" className="flex flex-col gap-3">
      <h2 id="reply-box-heading" className="text-lg font-semibold">
        Your reply
      </h2>
      <PostingGate
        locked={thread.locked}
        lockedText="This thread is locked by a moderator: it takes no new replies."
        signedOutText="Know the answer or have a follow-up? Log in to reply."
        logInLabel="Log in to reply"
        doing="reply"
      >
        <ReplyForm
          label="Your reply"
          labelClassName="sr-only"
          submitLabel="Post reply"
          busyLabel="Posting..."
          clearOnSuccess
          onSubmit={async (body, containsSolution) => {
            const reply = await create.mutateAsync({ body, containsSolution });
            toast('Reply posted', 'success');
            announce('Your reply is posted.');
            onPosted(reply.id);
          }}
        />
      </PostingGate>
    </section>
  );
}

function ThreadView({ thread, page, onPage }: { thread: ThreadDetail; page: number; onPage: (page: number) => void }) {
  const repliesHeading = useRef<HTMLHeadingElement>(null);
  const [focusAfterLoad, setFocusAfterLoad] = useState<string | null>(null);
  const count = `${thread.repliesTotal} ${thread.repliesTotal === 1 ? 'reply' : 'replies'}`;

  useEffect(() => {
    document.title = `${thread.title} · Community · LearnBuild`;
  }, [thread.title]);

  // A link to a reply (…#reply-<id>, from a report or the audit log) brings it into view once it is on the page.
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id.startsWith('reply-')) return;
    const element = document.getElementById(id);
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [hash]);

  // A new reply is on the last page: go there, and put focus on it once it is on screen.
  useEffect(() => {
    if (!focusAfterLoad) return;
    if (document.getElementById(`reply-${focusAfterLoad}`)) {
      focusReply(focusAfterLoad);
      setFocusAfterLoad(null);
    }
  });

  return (
    <div className="flex flex-col gap-10">
      <ThreadPost thread={thread} />
      <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
        <h2
          id="replies-heading"
          ref={repliesHeading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
        >
          <MessageSquare className="h-5 w-5 text-brand-600" aria-hidden />
          {count}
        </h2>
        <ReplyList
          thread={thread}
          page={page}
          onPage={onPage}
          onReplyDeleted={() => repliesHeading.current?.focus()}
          empty={
            <p className="rounded-xl border border-dashed border-default px-4 py-6 text-center text-sm text-muted">
              No replies yet. {thread.locked ? '' : 'Be the first to help.'}
            </p>
          }
        />
      </section>
      <ReplyBox
        thread={thread}
        onPosted={(replyId) => {
          const last = Math.max(1, Math.ceil((thread.repliesTotal + 1) / REPLIES_PAGE_SIZE));
          if (last !== page) onPage(last);
          setFocusAfterLoad(replyId);
        }}
      />
    </div>
  );
}

/** /community/:threadId: the thread, its replies (the accepted answer first), the reply box and moderation. */
export function CommunityThreadPage() {
  const { threadId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const thread = useThread(threadId, page);

  const onPage = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if (thread.isPending) content = <ThreadSkeleton />;
  else if (thread.isError && !thread.data) {
    content =
      errorStatus(thread.error) === 404 ? (
        <EmptyState
          icon={FileQuestion}
          title="Thread not found"
          action={
            <Link to="/community" className={buttonClasses('secondary')}>
              Back to the community
            </Link>
          }
        >
          It may have been deleted, or hidden by a moderator.
        </EmptyState>
      ) : (
        <LoadError
          title="Could not load the thread"
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      );
  } else if (thread.data) {
    content = <ThreadView thread={thread.data} page={page} onPage={onPage} />;
  }

  return (
    <Announcer>
      <div
        className={cn('mx-auto max-w-3xl px-4 py-10 transition-opacity', thread.isPlaceholderData && 'opacity-60')}
        aria-busy={thread.isFetching}
      >
        {content}
      </div>
    </Announcer>
  );
}
