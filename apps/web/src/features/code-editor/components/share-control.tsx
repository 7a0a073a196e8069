import type { Snippet } from '@learnbuild/domain/schemas/code-editor';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { useToast } from '@/components/ui/toast';
import { useUpdateSnippet } from '@/features/code-editor/api/update-snippet';
import { errorMessage } from '@/lib/api-client';

export const sharedSnippetPath = (id: string) => `/code-editor?snippet=${encodeURIComponent(id)}`;

/** The owner's switch: shared snippets open read-only for anyone with the link, signed in or not. */
export function ShareControl({ snippet }: { snippet: Snippet }) {
  const update = useUpdateSnippet();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${sharedSnippetPath(snippet.id)}`;
  const toggle = () =>
    update.mutate(
      { snippetId: snippet.id, changes: { shared: !snippet.shared } },
      {
        onSuccess: (next) =>
          toast(
            next.shared ? 'Anyone with the link can now read this snippet' : 'The link no longer opens this snippet',
            'success',
          ),
        onError: (failure) => toast(errorMessage(failure, 'Could not change sharing'), 'error'),
      },
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast('Copy the link from the box instead: this browser did not allow copying', 'error');
    }
  };
  return (
    <div
      className="surface flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center"
      data-testid="share-control"
    >
      <button
        type="button"
        role="switch"
        aria-checked={snippet.shared}
        onClick={toggle}
        disabled={update.isPending}
        className="inline-flex min-h-9 cursor-pointer items-center gap-3 text-sm font-medium disabled:opacity-60"
      >
        <span
          aria-hidden
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 rounded-full border-2 border-transparent transition-colors',
            snippet.shared ? 'bg-brand-600' : 'bg-slate-400 dark:bg-slate-600',
          )}
        >
          <span
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              snippet.shared ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </span>
        Share by link
      </button>
      {snippet.shared ? (
        <div className="flex min-w-0 flex-1 gap-2">
          <input
            readOnly
            value={link}
            aria-label="Link to this snippet"
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-default bg-muted px-3 py-1.5 font-mono text-xs"
            data-testid="share-link"
          />
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Only you can open this snippet.</p>
      )}
    </div>
  );
}
