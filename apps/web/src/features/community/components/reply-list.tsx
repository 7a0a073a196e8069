import { REPLIES_PAGE_SIZE, type ThreadDetail } from '@learnbuild/domain/schemas/community';
import type { ReactNode } from 'react';
import { Pager } from '@/components/ui/pager';
import { ReplyCard } from './reply-card';

/**
 * A page of a thread's replies (the accepted answer first) and the pager to the others: under a thread's own page
 * and in a problem's Discussion tab. `empty` stands in for a thread with no reply yet.
 */
export function ReplyList({
  thread,
  page,
  onPage,
  onReplyDeleted,
  empty = null,
}: {
  thread: ThreadDetail;
  page: number;
  onPage: (page: number) => void;
  onReplyDeleted: () => void;
  empty?: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(thread.repliesTotal / REPLIES_PAGE_SIZE));
  return (
    <>
      {thread.replies.length === 0 ? (
        empty
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Replies, the accepted answer first">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <ReplyCard reply={reply} thread={thread} onDeleted={onReplyDeleted} />
            </li>
          ))}
        </ol>
      )}
      {pages > 1 || page > 1 ? (
        <Pager
          page={page}
          pages={pages}
          onPage={onPage}
          label="Reply pages"
          previous="Earlier replies"
          next="Later replies"
        />
      ) : null}
    </>
  );
}
