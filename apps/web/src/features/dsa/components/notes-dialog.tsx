import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';

const MAX_NOTES = 5000;

/** Mounted while open. Notes are kept with the learner's progress and found by the sheet's search. */
export function NotesDialog({
  title,
  notes,
  onClose,
  onSave,
}: {
  title: string;
  notes: string;
  onClose: () => void;
  onSave: (notes: string) => void;
}) {
  const [draft, setDraft] = useState(notes);
  const tooLong = draft.length > MAX_NOTES;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Notes: ${title}`}
        description="Your approach, the trick, the edge case you missed. Only you see them."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (tooLong) return;
            onSave(draft);
            onClose();
          }}
        >
          <TextAreaField
            label="Notes"
            value={draft}
            rows={8}
            onChange={(event) => setDraft(event.target.value)}
            error={tooLong ? `Notes must be at most ${MAX_NOTES} characters` : undefined}
          />
          <p className="-mt-2 text-right text-xs text-muted">
            {draft.length} / {MAX_NOTES}
          </p>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={tooLong}>
              Save notes
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
