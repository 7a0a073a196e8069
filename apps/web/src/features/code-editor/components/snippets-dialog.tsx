import {
  SNIPPET_LANGUAGE_NAMES,
  SNIPPET_TITLE_MAX,
  type SnippetSummary,
  snippetTitleSchema,
} from '@learnbuild/domain/schemas/code-editor';
import { FileCode2, Pencil, Share2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useDeleteSnippet } from '@/features/code-editor/api/delete-snippet';
import { useSnippets } from '@/features/code-editor/api/get-snippets';
import { useUpdateSnippet } from '@/features/code-editor/api/update-snippet';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

const snippetHref = (id: string) => `/code-editor?snippet=${encodeURIComponent(id)}`;

function RenameForm({ snippet, onDone }: { snippet: SnippetSummary; onDone: () => void }) {
  const [name, setName] = useState(snippet.title);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSnippet();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = snippetTitleSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    update.mutate(
      { snippetId: snippet.id, changes: { title: parsed.data } },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, 'Could not rename the snippet')) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={`rename-${snippet.id}`} className="text-sm font-medium">
        New name for {snippet.title}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`rename-${snippet.id}`}
          value={name}
          maxLength={SNIPPET_TITLE_MAX}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          className="min-w-0 flex-1 rounded-lg border border-default bg-[var(--surface)] px-3 py-1.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save name
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormMessage message={error} tone="error" />
    </form>
  );
}

function SnippetRow({
  snippet,
  openId,
  onOpen,
  onDeleted,
}: {
  snippet: SnippetSummary;
  openId: string | null;
  onOpen: () => void;
  onDeleted: (id: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const remove = useDeleteSnippet();
  const toast = useToast();
  if (mode === 'rename') {
    return (
      <li className="py-3">
        <RenameForm snippet={snippet} onDone={() => setMode('view')} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="snippet-row">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={snippetHref(snippet.id)}
            onClick={onOpen}
            className="break-words font-medium text-brand-700 hover:underline dark:text-brand-400"
            aria-current={openId === snippet.id ? 'page' : undefined}
          >
            {snippet.title}
          </Link>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted">
            <Badge>{SNIPPET_LANGUAGE_NAMES[snippet.language]}</Badge>
            {snippet.shared ? (
              <Badge tone="green" className="gap-1">
                <Share2 className="h-3 w-3" aria-hidden /> Shared
              </Badge>
            ) : null}
            <span>Changed {formatDate(snippet.updatedAt, 'dateTime')}</span>
          </p>
        </div>
        {mode === 'view' ? (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="h-9 w-9"
              aria-label={`Rename ${snippet.title}`}
              onClick={() => setMode('rename')}
            >
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="h-9 w-9 text-red-700 dark:text-red-300"
              aria-label={`Delete ${snippet.title}`}
              onClick={() => setMode('delete')}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
      {mode === 'delete' ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm dark:bg-red-950/40">
          <span className="flex-1">Delete “{snippet.title}” for good?</span>
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(snippet.id, {
                onSuccess: () => {
                  toast(`Deleted “${snippet.title}”`, 'success');
                  onDeleted(snippet.id);
                },
                onError: (failure) => toast(errorMessage(failure, 'Could not delete the snippet'), 'error'),
              })
            }
          >
            Delete
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setMode('view')}>
            Keep it
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The signed-in learner's snippets: open, rename, delete. */
export function SnippetsDialog({
  openId,
  onClose,
  onDeleted,
}: {
  /** The snippet shown in the editor now, if any. */
  openId: string | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const snippets = useSnippets();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="My snippets" description="Code you saved, newest first." className="max-w-xl">
        {snippets.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : snippets.isError ? (
          <FormMessage message={errorMessage(snippets.error, 'Could not load your snippets')} tone="error" />
        ) : snippets.data.length === 0 ? (
          <EmptyState icon={FileCode2} title="No snippets yet" className="py-8">
            Save the code in the editor to keep it here, on any device you sign in on.
          </EmptyState>
        ) : (
          <ul className="-my-3 divide-y divide-[var(--border)]" aria-label="Snippets">
            {snippets.data.map((snippet) => (
              <SnippetRow key={snippet.id} snippet={snippet} openId={openId} onOpen={onClose} onDeleted={onDeleted} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
