import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useCreateThread } from '@/features/community/api/create-thread';
import { useSession } from '@/lib/session';
import { ThreadForm, type ThreadValues } from './thread-form';
import { VerifyNotice } from './verify-notice';

/**
 * "New thread" in a dialog: title, category, tags and a markdown body with preview. Closing it with
 * words typed asks first; a posted thread opens on its own page.
 */
export function ThreadComposer({ category, onClose }: { category?: string; onClose: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateThread();
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const onDirty = useCallback((value: boolean) => setDirty(value), []);

  const close = () => (dirty ? setConfirming(true) : onClose());
  const submit = async (values: ThreadValues) => {
    const thread = await create.mutateAsync(values);
    toast('Thread posted', 'success');
    onClose();
    await navigate(`/community/${thread.id}`);
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent
          title="Start a thread"
          description="Ask a question or share something with the community."
          className="max-w-2xl"
        >
          {user && !user.emailVerified ? (
            <VerifyNotice email={user.email} doing="start a thread" />
          ) : (
            <ThreadForm
              initial={{ title: '', category: category ?? 'general', tags: [], body: '' }}
              submitLabel="Post thread"
              busyLabel="Posting..."
              onSubmit={submit}
              onCancel={close}
              onDirty={onDirty}
            />
          )}
        </DialogContent>
      </Dialog>
      {confirming ? (
        <ConfirmDialog
          title="Discard this thread?"
          description="What you wrote is not posted yet. If you close now it is lost."
          confirmLabel="Discard"
          cancelLabel="Keep writing"
          onConfirm={() => {
            setConfirming(false);
            onClose();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
