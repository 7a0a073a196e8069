import type { CommunityReply, ThreadDetail } from '@learnbuild/domain/schemas/community';
import { CheckCircle2, CircleCheck, CircleX, EyeOff, Flag, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/class-names';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Markdown } from '@/components/ui/markdown';
import { useToast } from '@/components/ui/toast';
import { useAcceptAnswer } from '@/features/community/api/accept-answer';
import { useDeleteReply } from '@/features/community/api/delete-reply';
import { useModerateReply } from '@/features/community/api/moderate-reply';
import { useUpdateReply } from '@/features/community/api/update-reply';
import { useVoteReply } from '@/features/community/api/vote-reply';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ActionButton } from './action-button';
import { useAnnounce } from './announcer';
import { AuthorLine } from './author-line';
import { ReplyForm } from './reply-form';
import { ReportDialog } from './report-dialog';
import { SolutionFold } from './solution-fold';
import { VoteButton } from './vote-button';

const replyElementId = (id: string) => `reply-${id}`;

/** Moves keyboard focus to a reply (after it moved, or appeared). */
export function focusReply(id: string) {
  document.getElementById(replyElementId(id))?.focus();
}

/**
 * One reply: its author and times, the markdown body, votes, and what this viewer may do with it: the
 * thread's author accepts it as the answer, its author edits or deletes it, others report it, moderators
 * hide it (a hidden reply stays visible to them, marked).
 */
export function ReplyCard({
  reply,
  thread,
  onDeleted,
}: {
  reply: CommunityReply;
  thread: ThreadDetail;
  /** Where focus goes once the reply is gone. */
  onDeleted: () => void;
}) {
  const { user } = useSession();
  const toast = useToast();
  const announce = useAnnounce();
  const vote = useVoteReply(thread.id);
  const accept = useAcceptAnswer(thread.id);
  const update = useUpdateReply(thread.id);
  const remove = useDeleteReply(thread.id);
  const moderate = useModerateReply(thread.id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const own = user?.id === reply.author.id;
  const canModerate = thread.viewer.canModerate;
  const name = reply.author.name;

  useEffect(() => {
    if (editing) editorRef.current?.focus();
  }, [editing]);

  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const toggleAnswer = async () => {
    try {
      await accept.mutateAsync(reply.accepted ? null : reply.id);
      announce(
        reply.accepted
          ? `${name}'s reply is no longer marked as the answer.`
          : `${name}'s reply is marked as the answer and now shows first.`,
      );
      requestAnimationFrame(() => focusReply(reply.id));
    } catch (error) {
      toast(errorMessage(error, 'Could not mark the answer'), 'error');
    }
  };

  const toggleHidden = () =>
    moderate.mutate(
      { id: reply.id, hidden: !reply.hidden },
      {
        onSuccess: (updated) => toast(updated.hidden ? 'Reply hidden from members' : 'Reply shown again', 'success'),
        onError: (error) => toast(errorMessage(error, 'Could not change the reply'), 'error'),
      },
    );

  // The card goes away with the reply, so the outcome is awaited here rather than in callbacks bound to it.
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(reply.id);
    } catch (error) {
      toast(errorMessage(error, 'Could not delete the reply'), 'error');
      return;
    }
    toast('Reply deleted', 'success');
    requestAnimationFrame(onDeleted);
  };

  return (
    <article
      id={replyElementId(reply.id)}
      tabIndex={-1}
      aria-label={`Reply by ${name}${reply.accepted ? ', the accepted answer' : ''}`}
      data-testid="reply"
      className={cn(
        'surface flex scroll-mt-24 flex-col gap-3 rounded-2xl border p-4 shadow-sm sm:p-5',
        reply.accepted && 'border-emerald-500 ring-1 ring-emerald-500/40 dark:border-emerald-600',
        reply.hidden && 'border-dashed border-red-400 bg-red-50/40 dark:border-red-800 dark:bg-red-950/20',
      )}
    >
      {reply.accepted || reply.hidden ? (
        <div className="flex flex-wrap gap-2">
          {reply.accepted ? (
            <Badge tone="green" icon={CheckCircle2}>
              Accepted answer
            </Badge>
          ) : null}
          {reply.hidden ? (
            <Badge tone="red" icon={EyeOff}>
              Hidden: only moderators see it
            </Badge>
          ) : null}
        </div>
      ) : null}
      <AuthorLine name={name} verb="replied" createdAt={reply.createdAt} editedAt={reply.editedAt} nameAs="h3" />
      {editing ? (
        <ReplyForm
          ref={editorRef}
          label="Edit your reply"
          initial={reply.body}
          initialContainsSolution={reply.containsSolution}
          submitLabel="Save changes"
          busyLabel="Saving..."
          onSubmit={async (body, containsSolution) => {
            await update.mutateAsync({ id: reply.id, body, containsSolution });
            toast('Reply updated', 'success');
            stopEditing();
          }}
          onCancel={stopEditing}
        />
      ) : (
        <SolutionFold folded={reply.containsSolution} what={`${name}'s reply`}>
          <Markdown headingIdPrefix={`r-${reply.id.slice(0, 8)}-`} className="min-w-0">
            {reply.body}
          </Markdown>
        </SolutionFold>
      )}
      {editing ? null : (
        <div className="flex flex-wrap items-center gap-1.5">
          <VoteButton
            votes={reply.votes}
            voted={reply.voted}
            own={own}
            subject={`reply by ${name}`}
            pending={vote.isPending}
            onVote={(on) => vote.mutateAsync({ id: reply.id, on })}
          />
          {thread.viewer.canAccept && !reply.hidden ? (
            <ActionButton
              icon={reply.accepted ? CircleX : CircleCheck}
              onClick={() => void toggleAnswer()}
              disabled={accept.isPending}
              className={reply.accepted ? undefined : 'text-emerald-700 dark:text-emerald-300'}
            >
              {reply.accepted ? 'Unmark answer' : 'Accept answer'}
            </ActionButton>
          ) : null}
          {reply.canEdit && !thread.locked ? (
            <ActionButton ref={editButtonRef} icon={Pencil} onClick={() => setEditing(true)}>
              Edit
            </ActionButton>
          ) : null}
          {reply.canEdit || canModerate ? (
            <ActionButton icon={Trash2} tone="danger" onClick={() => setDeleting(true)}>
              Delete
            </ActionButton>
          ) : null}
          {user && !own ? (
            <ActionButton icon={Flag} onClick={() => setReporting(true)}>
              Report
            </ActionButton>
          ) : null}
          {canModerate ? (
            <ActionButton
              icon={EyeOff}
              aria-pressed={reply.hidden}
              onClick={toggleHidden}
              disabled={moderate.isPending}
            >
              Hide
            </ActionButton>
          ) : null}
        </div>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete this reply?"
          description={
            own
              ? 'Your reply is removed for good, with its votes. This cannot be undone.'
              : `${name}'s reply is removed for good, with its votes. This is written to the audit log and cannot be undone.`
          }
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete reply'}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(false)}
        />
      ) : null}
      {reporting ? (
        <ReportDialog
          target={{ kind: 'reply', id: reply.id }}
          what={`${name}'s reply`}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </article>
  );
}
