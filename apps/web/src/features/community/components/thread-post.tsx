import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { ArrowLeft, EyeOff, Flag, type Lock, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Markdown } from '@/components/ui/markdown';
import { useToast } from '@/components/ui/toast';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useDeleteThread } from '@/features/community/api/delete-thread';
import { useUpdateThread } from '@/features/community/api/update-thread';
import { useVoteThread } from '@/features/community/api/vote-thread';
import { categoryName } from '@/features/community/category-name';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ActionButton } from './action-button';
import { AuthorLine } from './author-line';
import { ModerationControls } from './moderation-controls';
import { ReportDialog } from './report-dialog';
import { SolutionFold } from './solution-fold';
import { TagList } from './tag-list';
import { ThreadBadges } from './thread-badges';
import { ThreadForm, type ThreadValues } from './thread-form';
import { VoteButton } from './vote-button';

function Notice({ icon: Icon, children }: { icon: typeof Lock; children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

/**
 * The thread itself: category, status, title, tags, author and times, the markdown body, its votes and
 * what this viewer may do (edit in place and delete their own, report another's, moderate).
 */
export function ThreadPost({
  thread,
  embedded = false,
  onDeleted,
}: {
  thread: ThreadDetail;
  /** Shown inside another page (a problem's Discussion tab): a level-2 title, a link to the thread's own page. */
  embedded?: boolean;
  /** Where an embedded thread goes once deleted (a thread page goes back to its category). */
  onDeleted?: () => void;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const vote = useVoteThread(thread.id);
  const update = useUpdateThread(thread.id);
  const remove = useDeleteThread(thread.id);
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const own = user?.id === thread.author.id;
  const Title = embedded ? 'h2' : 'h1';
  const onDirty = useCallback((value: boolean) => setDirty(value), []);
  const { prompt, leaveFreely } = useUnsavedChanges(editing && dirty);

  useEffect(() => {
    if (editing) document.querySelector<HTMLInputElement>('[data-thread-editor] input')?.focus();
  }, [editing]);

  const stopEditing = () => {
    setEditing(false);
    setDirty(false);
    requestAnimationFrame(() => titleRef.current?.focus());
  };

  const save = async (values: ThreadValues) => {
    await update.mutateAsync(values);
    toast('Thread updated', 'success');
    stopEditing();
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast(errorMessage(error, 'Could not delete the thread'), 'error');
      return;
    }
    toast('Thread deleted', 'success');
    leaveFreely();
    if (onDeleted) onDeleted();
    else await navigate(`/community?category=${thread.category}`);
  };

  return (
    <article aria-labelledby="thread-title" className="flex flex-col gap-5" data-testid="thread">
      <header className="flex flex-col gap-4">
        {embedded ? null : (
          <nav aria-label="Breadcrumb" className="text-sm">
            <ol className="flex flex-wrap items-center gap-1.5 text-muted">
              <li>
                <Link to="/community" className="inline-flex items-center gap-1.5 font-medium hover:text-[var(--text)]">
                  <ArrowLeft className="h-4 w-4" aria-hidden /> Community
                </Link>
              </li>
              <li aria-hidden>/</li>
              <li>
                <Link to={`/community?category=${thread.category}`} className="font-medium hover:text-[var(--text)]">
                  {categoryName(thread.category)}
                </Link>
              </li>
            </ol>
          </nav>
        )}
        {thread.hidden ? (
          <Notice icon={EyeOff}>This thread is hidden: only moderators can see it. Unhide it to show it again.</Notice>
        ) : null}
        <ThreadBadges pinned={thread.pinned} answered={thread.answered} locked={thread.locked} hidden={thread.hidden} />
        <Title
          id="thread-title"
          ref={titleRef}
          tabIndex={-1}
          className={
            embedded
              ? 'text-lg leading-tight font-semibold break-words focus:outline-none'
              : 'text-2xl leading-tight font-bold tracking-tight break-words focus:outline-none sm:text-3xl'
          }
        >
          {editing ? 'Edit thread' : thread.title}
        </Title>
        {editing ? null : (
          <>
            <TagList tags={thread.tags} />
            <AuthorLine
              name={thread.author.name}
              verb="asked"
              createdAt={thread.createdAt}
              editedAt={thread.editedAt}
            />
          </>
        )}
      </header>
      {editing ? (
        <div data-thread-editor>
          <ThreadForm
            initial={{ title: thread.title, category: thread.category, tags: thread.tags, body: thread.body }}
            submitLabel="Save changes"
            busyLabel="Saving..."
            onSubmit={save}
            onCancel={stopEditing}
            onDirty={onDirty}
          />
        </div>
      ) : (
        <>
          <SolutionFold folded={thread.containsSolution} what="the opening post">
            <Markdown headingIdPrefix="t-" className="min-w-0">
              {thread.body}
            </Markdown>
          </SolutionFold>
          <div className="flex flex-wrap items-center gap-1.5 border-t border-default pt-4">
            <VoteButton
              votes={thread.votes}
              voted={thread.voted}
              own={own}
              subject="this thread"
              pending={vote.isPending}
              onVote={(on) => vote.mutateAsync(on)}
            />
            {thread.viewer.canEdit && !thread.locked ? (
              <ActionButton icon={Pencil} onClick={() => setEditing(true)}>
                Edit
              </ActionButton>
            ) : null}
            {thread.viewer.canEdit || thread.viewer.canModerate ? (
              <ActionButton icon={Trash2} tone="danger" onClick={() => setDeleting(true)}>
                Delete
              </ActionButton>
            ) : null}
            {user && !own ? (
              <ActionButton icon={Flag} onClick={() => setReporting(true)}>
                Report
              </ActionButton>
            ) : null}
          </div>
          {thread.viewer.canModerate ? <ModerationControls thread={thread} /> : null}
        </>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete this thread?"
          description={
            own
              ? 'Your thread is removed for good, with every reply and vote. This cannot be undone.'
              : `${thread.author.name}'s thread is removed for good, with every reply and vote. This is written to the audit log and cannot be undone.`
          }
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete thread'}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(false)}
        />
      ) : null}
      {reporting ? (
        <ReportDialog
          target={{ kind: 'thread', id: thread.id }}
          what="this thread"
          onClose={() => setReporting(false)}
        />
      ) : null}
      {prompt}
    </article>
  );
}
