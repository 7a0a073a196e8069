import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useJudge } from '@/features/dsa/api/get-judge';
import { type JudgedProblemRef, JudgeEditor } from './judge-editor';

/** DSA Management's "Judge" action on a problem row: its judge's editor, asking before unsaved work is lost. */
export function JudgeEditorDialog({ problem, onClose }: { problem: JudgedProblemRef; onClose: () => void }) {
  const judge = useJudge(problem.id);
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const close = () => (dirty.current ? setConfirming(true) : onClose());

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={`Judge: ${problem.title}`}
        description="What learners solve on the problem's own page. Save, then Validate: the judge can be turned on once its own reference solutions pass every test."
        className="max-w-4xl p-4 sm:p-6"
      >
        {judge.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the judge">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : judge.isError ? (
          <InlineLoadError
            error={judge.error}
            fallback="The judge could not be loaded"
            onRetry={() => void judge.refetch()}
          />
        ) : (
          <JudgeEditor problem={problem} judge={judge.data} onDirtyChange={onDirtyChange} onClose={close} />
        )}
        {confirming ? (
          <ConfirmDialog
            title="Discard your changes?"
            description="The judge has changes that are not saved."
            confirmLabel="Discard changes"
            cancelLabel="Keep editing"
            onClose={() => setConfirming(false)}
            onConfirm={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
