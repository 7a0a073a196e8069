import { SNIPPET_TITLE_MAX, snippetTitleSchema } from '@learnbuild/domain/schemas/code-editor';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormMessage, TextField } from '@/components/ui/field';

/** Names a snippet: saving a new one, or renaming. Errors from the server show inside the dialog. */
export function NameDialog({
  title,
  description,
  initialName,
  confirmLabel,
  busy,
  serverError,
  onSubmit,
  onClose,
}: {
  title: string;
  description?: string;
  initialName: string;
  confirmLabel: string;
  busy: boolean;
  serverError: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = snippetTitleSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={SNIPPET_TITLE_MAX}
            error={error ?? undefined}
            autoFocus
          />
          <FormMessage message={serverError} tone="error" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
