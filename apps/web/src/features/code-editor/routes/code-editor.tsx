import type { Snippet } from '@learnbuild/domain/schemas/code-editor';
import { SNIPPET_LANGUAGE_NAMES } from '@learnbuild/domain/schemas/code-editor';
import { Code2, ExternalLink, FileSearch, GitFork, Library, Pencil, RotateCcw, Save } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useCreateSnippet } from '@/features/code-editor/api/create-snippet';
import { useSnippet } from '@/features/code-editor/api/get-snippet';
import { useUpdateSnippet } from '@/features/code-editor/api/update-snippet';
import { writeScope } from '@/features/code-editor/buffers';
import { NameDialog } from '@/features/code-editor/components/name-dialog';
import { ShareControl, sharedSnippetPath } from '@/features/code-editor/components/share-control';
import { SnippetsDialog } from '@/features/code-editor/components/snippets-dialog';
import { Workbench } from '@/features/code-editor/components/workbench';
import { useScratchDocument } from '@/features/code-editor/use-scratch-document';
import { useSnippetDocument } from '@/features/code-editor/use-snippet-document';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { type CodeEditorLink, codeEditorHref, readCodeEditorLink } from '@/lib/code-editor-link';
import { useSession } from '@/lib/session';

/** Only web links and paths of this site are followed from a link's `link` parameter. */
function safeLink(link: string | undefined): { href: string; external: boolean } | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return { href: link, external: false };
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href, external: true } : null;
  } catch {
    return null;
  }
}

function Heading({ eyebrow, title, children }: { eyebrow?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-1">
      {eyebrow ? <p className="text-sm font-medium text-brand-700 dark:text-brand-400">{eyebrow}</p> : null}
      <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">{children}</div>
      ) : null}
    </header>
  );
}

function ContextLink({ link, label }: { link: CodeEditorLink['link']; label: string }) {
  const target = safeLink(link);
  if (!target) return null;
  const className = 'inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400';
  return target.external ? (
    <a href={target.href} target="_blank" rel="noopener noreferrer" className={className} data-testid="context-link">
      {label} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  ) : (
    <Link to={target.href} className={className} data-testid="context-link">
      {label}
    </Link>
  );
}

function SnippetsButton({ openId, onDeleted }: { openId: string | null; onDeleted?: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Library className="h-4 w-4" aria-hidden />
        {/* Shorter on phones, so the actions and Run share one row. */}
        <span className="hidden sm:inline">My snippets</span>
        <span className="sm:hidden">Snippets</span>
      </Button>
      {open ? (
        <SnippetsDialog openId={openId} onClose={() => setOpen(false)} onDeleted={(id) => onDeleted?.(id)} />
      ) : null}
    </>
  );
}

function SignInToSave() {
  const location = useLocation();
  return (
    <Link
      to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className={buttonClasses('secondary')}
    >
      <Save className="h-4 w-4" aria-hidden /> Sign in to save
    </Link>
  );
}

/** The learner's own buffers: the default ones, or those of the problem or lesson that linked here. */
function ScratchEditor({ link }: { link: CodeEditorLink }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const doc = useScratchDocument(link);
  const create = useCreateSnippet();
  const [dialog, setDialog] = useState<'save' | 'reset' | null>(null);
  const fromProblem = link.key?.startsWith('dsa:');

  const header = link.title ? (
    <Heading
      eyebrow={fromProblem ? 'Practice' : link.key?.startsWith('fork:') ? 'Your copy' : 'Try it'}
      title={link.title}
    >
      <ContextLink link={link.link} label={fromProblem ? 'Open the problem' : 'Open the original'} />
      <span>Your code for it stays in this browser, one copy per language.</span>
    </Heading>
  ) : (
    <Heading title="Code editor">
      <span>JavaScript, TypeScript and Python run right here in your browser; your code is kept on this device.</span>
    </Heading>
  );

  const actions = (
    <>
      <Button
        variant="ghost"
        onClick={() => setDialog('reset')}
        size="icon"
        className="sm:w-auto sm:px-4"
        title="Reset to the starter code"
      >
        <RotateCcw className="h-4 w-4" aria-hidden />
        {/* Phones show the icon alone, so Run stays on the same row. */}
        <span className="sr-only sm:not-sr-only">Reset</span>
      </Button>
      {user ? <SnippetsButton openId={null} /> : null}
      {user ? (
        <Button variant="secondary" onClick={() => setDialog('save')}>
          <Save className="h-4 w-4" aria-hidden /> Save
        </Button>
      ) : (
        <SignInToSave />
      )}
    </>
  );

  return (
    <>
      <Workbench document={doc} header={header} actions={actions} />
      {dialog === 'save' ? (
        <NameDialog
          title="Save as a snippet"
          description="Saved snippets follow your account to any device, and you can share them by link."
          initialName={link.title ?? 'Untitled snippet'}
          confirmLabel="Save snippet"
          busy={create.isPending}
          serverError={create.isError ? errorMessage(create.error, 'Could not save the snippet') : null}
          onClose={() => {
            setDialog(null);
            create.reset();
          }}
          onSubmit={(title) =>
            create.mutate(
              { title, language: doc.language, source: doc.currentText(), stdin: doc.stdin },
              { onSuccess: (snippet) => navigate(sharedSnippetPath(snippet.id)) },
            )
          }
        />
      ) : null}
      {dialog === 'reset' ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : setDialog(null))}>
          <DialogContent
            title="Start again?"
            description={`Your ${SNIPPET_LANGUAGE_NAMES[doc.language]} code here is replaced by the starter code. Saved snippets are not touched.`}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Keep my code</Button>
              </DialogClose>
              <Button
                variant="danger"
                onClick={() => {
                  doc.reset();
                  setDialog(null);
                }}
              >
                Replace with starter code
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** The owner's snippet: edits kept on this device until saved; share, rename, open others. */
function OwnSnippetEditor({ snippet }: { snippet: Snippet }) {
  const navigate = useNavigate();
  const toast = useToast();
  const doc = useSnippetDocument(snippet);
  const update = useUpdateSnippet();
  const [renaming, setRenaming] = useState(false);

  const save = () =>
    update.mutate(
      { snippetId: snippet.id, changes: { source: doc.currentText(), language: doc.language, stdin: doc.stdin } },
      {
        onSuccess: (next) => {
          doc.saved(next);
          toast(`Saved “${next.title}”`, 'success');
        },
        onError: (failure) => toast(errorMessage(failure, 'Could not save the snippet'), 'error'),
      },
    );

  const header = (
    <Heading eyebrow="Your snippet" title={snippet.title}>
      <span data-testid="save-state">
        {doc.dirty ? 'Unsaved changes (kept on this device until you save)' : 'All changes saved'}
      </span>
      <button
        type="button"
        onClick={() => setRenaming(true)}
        className="inline-flex min-h-6 cursor-pointer items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400"
      >
        <Pencil className="h-3.5 w-3.5" aria-hidden /> Rename
      </button>
      <Link to="/code-editor" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
        Back to my editor
      </Link>
    </Heading>
  );
  const actions = (
    <>
      <SnippetsButton
        openId={snippet.id}
        onDeleted={(id) => (id === snippet.id ? navigate('/code-editor') : undefined)}
      />
      <Button variant="secondary" onClick={save} disabled={update.isPending}>
        <Save className="h-4 w-4" aria-hidden /> {doc.dirty ? 'Save' : 'Saved'}
      </Button>
    </>
  );
  return (
    <>
      <Workbench document={doc} header={header} banner={<ShareControl snippet={snippet} />} actions={actions} />
      {renaming ? (
        <NameDialog
          title="Rename snippet"
          initialName={snippet.title}
          confirmLabel="Save name"
          busy={update.isPending}
          serverError={update.isError ? errorMessage(update.error, 'Could not rename the snippet') : null}
          onClose={() => {
            setRenaming(false);
            update.reset();
          }}
          onSubmit={(title) =>
            update.mutate({ snippetId: snippet.id, changes: { title } }, { onSuccess: () => setRenaming(false) })
          }
        />
      ) : null}
    </>
  );
}

/** Someone's shared snippet: read-only; Fork copies it into the viewer's own editor. */
function SharedSnippetEditor({ snippet }: { snippet: Snippet }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const doc = useSnippetDocument(snippet);
  const fork = () => {
    const scope = `fork:${snippet.id}`;
    writeScope(scope, (buffers) => {
      buffers.language = snippet.language;
      buffers.code[snippet.language] = doc.currentText();
      buffers.stdin[snippet.language] = doc.stdin;
    });
    navigate(
      codeEditorHref({
        language: snippet.language,
        key: scope,
        title: `Fork of ${snippet.title}`,
        link: sharedSnippetPath(snippet.id),
      }),
    );
  };
  const header = (
    <Heading eyebrow="Shared snippet" title={snippet.title}>
      <span>
        By {snippet.owner.name} · <Badge>{SNIPPET_LANGUAGE_NAMES[snippet.language]}</Badge>
      </span>
    </Heading>
  );
  const banner = (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:flex-row sm:items-center dark:border-brand-900 dark:bg-brand-900/40 dark:text-brand-100"
      data-testid="read-only-notice"
    >
      <p className="flex-1">
        <strong className="font-semibold">Read-only.</strong> You can run this code with your own input. Fork it to
        change it{user ? ' and save your own copy' : ''}.
      </p>
    </div>
  );
  const actions = (
    <Button variant="secondary" onClick={fork}>
      <GitFork className="h-4 w-4" aria-hidden /> Fork
    </Button>
  );
  return <Workbench document={doc} readOnly languageLocked header={header} banner={banner} actions={actions} />;
}

function SnippetEditor({ snippetId }: { snippetId: string }) {
  const { checking } = useSession();
  const snippet = useSnippet(snippetId, { enabled: !checking });
  if (snippet.isPending) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-[60dvh]" />
      </div>
    );
  }
  if (snippet.isError) {
    const missing = errorStatus(snippet.error) === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <EmptyState
          icon={FileSearch}
          title={missing ? 'Snippet not found' : 'Could not open the snippet'}
          action={
            <Link to="/code-editor" className={buttonClasses('secondary')}>
              <Code2 className="h-4 w-4" aria-hidden /> Open the code editor
            </Link>
          }
        >
          {missing
            ? 'It may have been deleted, or its owner stopped sharing it.'
            : errorMessage(snippet.error, 'Try again in a moment.')}
        </EmptyState>
      </div>
    );
  }
  return snippet.data.isOwner ? (
    <OwnSnippetEditor key={snippet.data.id} snippet={snippet.data} />
  ) : (
    <SharedSnippetEditor key={snippet.data.id} snippet={snippet.data} />
  );
}

/**
 * /code-editor: the learner's own editor (per language, and per problem or lesson that linked here), a
 * saved snippet (`?snippet=<id>`), or someone's shared snippet, read-only.
 */
export function CodeEditorPage() {
  const [params] = useSearchParams();
  const search = params.toString();
  const link = useMemo(() => readCodeEditorLink(search), [search]);
  const snippetId = params.get('snippet');
  return snippetId ? <SnippetEditor snippetId={snippetId} /> : <ScratchEditor link={link} />;
}
