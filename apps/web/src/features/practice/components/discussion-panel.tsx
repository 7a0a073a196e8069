import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { threadQuery } from '@/features/community/api/get-thread';
import { Announcer, useAnnounce } from '@/features/community/components/announcer';
import { PostingGate } from '@/features/community/components/posting-gate';
import { ReplyForm } from '@/features/community/components/reply-form';
import { ReplyList } from '@/features/community/components/reply-list';
import { ThreadPost } from '@/features/community/components/thread-post';
import { useDiscussion } from '@/features/practice/api/get-discussion';
import { practiceKeys } from '@/features/practice/api/keys';
import { usePostDiscussion } from '@/features/practice/api/post-discussion';
import { useSession } from '@/lib/session';

function DiscussionSkeleton() {
  return (
    <div role="status" aria-label="Loading the discussion" className="flex flex-col gap-3">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

/** The box under the discussion: a post (the first opens the thread), or why there is none. */
function Composer({ slug, locked, first }: { slug: string; locked: boolean; first: boolean }) {
  const toast = useToast();
  const announce = useAnnounce();
  const post = usePostDiscussion(slug);
  return (
    <section aria-labelledby="discussion-post-heading" className="flex flex-col gap-3">
      <h3 id="discussion-post-heading" className="text-base font-semibold">
        {first ? 'Start the discussion' : 'Your post'}
      </h3>
      <PostingGate
        locked={locked}
        lockedText="This discussion is locked by a moderator: it takes no new posts."
        signedOutText="Log in to ask a question or share your approach."
        logInLabel="Log in to post"
        doing="post in the discussion"
      >
        <ReplyForm
          label={first ? 'Start the discussion' : 'Your post'}
          labelClassName="sr-only"
          submitLabel="Post"
          busyLabel="Posting..."
          clearOnSuccess
          onSubmit={async (body, containsSolution) => {
            await post.mutateAsync({ body, containsSolution });
            toast('Posted in the discussion', 'success');
            announce('Your post is in the discussion.');
          }}
        />
      </PostingGate>
    </section>
  );
}

function Thread({
  thread,
  page,
  onPage,
  onDeleted,
}: {
  thread: ThreadDetail;
  page: number;
  onPage: (page: number) => void;
  onDeleted: () => void;
}) {
  const repliesHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="flex flex-col gap-8">
      <ThreadPost thread={thread} embedded onDeleted={onDeleted} />
      <section aria-labelledby="discussion-replies-heading" className="flex flex-col gap-4">
        <h3
          id="discussion-replies-heading"
          ref={repliesHeading}
          tabIndex={-1}
          className="text-base font-semibold focus:outline-none"
        >
          {thread.repliesTotal} {thread.repliesTotal === 1 ? 'reply' : 'replies'}
        </h3>
        <ReplyList thread={thread} page={page} onPage={onPage} onReplyDeleted={() => repliesHeading.current?.focus()} />
      </section>
      <Link
        to={`/community/${thread.id}`}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
      >
        Open this discussion in the community
        <ArrowRight className="h-3.5 w-3.5" aria-hidden />
      </Link>
    </div>
  );
}

/**
 * A problem's "Discussion" tab: its community thread (votes, accepted answer, reports and moderation as in the
 * community), opened by the first post; posts marked as containing a solution stay folded until opened.
 */
export function DiscussionPanel({ slug, opened }: { slug: string; opened: boolean }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const discussion = useDiscussion(slug, opened);
  const threadId = discussion.data?.threadId ?? null;
  const thread = useQuery({ ...threadQuery(threadId ?? '', page, user?.id ?? null), enabled: threadId !== null });

  let content: ReactNode;
  if (discussion.isPending || (threadId !== null && thread.isPending)) content = <DiscussionSkeleton />;
  else if (discussion.isError || (threadId !== null && thread.isError && !thread.data)) {
    content = (
      <LoadError
        title="Could not load the discussion"
        onRetry={() => void (discussion.isError ? discussion.refetch() : thread.refetch())}
        retrying={discussion.isFetching || thread.isFetching}
      />
    );
  } else if (thread.data && threadId !== null) {
    content = (
      <>
        <Thread
          thread={thread.data}
          page={page}
          onPage={setPage}
          onDeleted={() => {
            setPage(1);
            void queryClient.invalidateQueries({ queryKey: practiceKeys.discussion(user?.id ?? null, slug) });
          }}
        />
        <Composer slug={slug} locked={thread.data.locked} first={false} />
      </>
    );
  } else {
    content = (
      <>
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-default px-4 py-8 text-center">
          <MessagesSquare className="h-8 w-8 text-brand-600" aria-hidden />
          <p className="font-semibold">No discussion yet</p>
          <p className="max-w-sm text-sm text-muted">
            Ask about the problem or share how you thought about it. Mark a post that gives the answer away as
            containing a solution: others see it folded.
          </p>
        </div>
        <Composer slug={slug} locked={false} first />
      </>
    );
  }

  return (
    <Announcer>
      <div className="flex flex-col gap-6 px-4 py-6 md:px-6" data-testid="problem-discussion">
        {content}
      </div>
    </Announcer>
  );
}
