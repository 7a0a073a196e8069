import { COMMUNITY_SEARCH_MAX, THREADS_PAGE_SIZE } from '@learnbuild/domain/schemas/community';
import { CheckCircle2, MessagesSquare, PenSquare, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from '@/components/ui/search-box';
import { useThreads } from '@/features/community/api/get-threads';
import { categoryName } from '@/features/community/category-name';
import { CategoryNav } from '@/features/community/components/category-nav';
import { SortNav } from '@/features/community/components/sort-nav';
import { ThreadComposer } from '@/features/community/components/thread-composer';
import { ThreadRow, ThreadRowSkeleton } from '@/features/community/components/thread-row';
import { type CommunityParams, useCommunityParams } from '@/features/community/use-community-params';
import { useSession } from '@/lib/session';

/** "12 threads in DSA Help match “heap”" (read out after each change). */
function resultSummary(total: number, params: CommunityParams): string {
  const parts = [`${total} ${params.sort === 'unanswered' ? 'unanswered ' : ''}${total === 1 ? 'thread' : 'threads'}`];
  if (params.category) parts.push(`in ${categoryName(params.category)}`);
  if (params.q) parts.push(`${total === 1 ? 'matches' : 'match'} “${params.q}”`);
  return parts.join(' ');
}

/** "New thread": a signed-in member opens the composer; a visitor logs in first and comes back to it. */
function NewThreadButton({ onOpen }: { onOpen: () => void }) {
  const { user } = useSession();
  if (!user) {
    return (
      <Link
        to={`/login?redirectTo=${encodeURIComponent('/community?new=1')}`}
        className={cn(buttonClasses('primary'), 'self-start sm:self-auto')}
      >
        <PenSquare className="h-4 w-4" aria-hidden /> New thread
      </Link>
    );
  }
  return (
    <Button onClick={onOpen} className="self-start sm:self-auto">
      <PenSquare className="h-4 w-4" aria-hidden /> New thread
    </Button>
  );
}

/** /community: categories, the thread list (Latest / Top / Unanswered), full-text search and paging, all in the address. */
export function CommunityPage() {
  const { user } = useSession();
  const params = useCommunityParams();
  const [, setSearchParams] = useSearchParams();
  const [composing, setComposing] = useState(false);
  const threads = useThreads({ category: params.category, q: params.q, sort: params.sort, page: params.page });
  const reply = threads.data;
  const pages = reply ? Math.max(1, Math.ceil(reply.total / THREADS_PAGE_SIZE)) : 1;

  // Back from /login?redirectTo=/community?new=1: open the composer once, and take the flag out of the address.
  useEffect(() => {
    if (!params.composing || !user) return;
    setComposing(true);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('new');
        return next;
      },
      { replace: true },
    );
  }, [params.composing, user, setSearchParams]);

  let body: ReactNode;
  if (threads.isPending) {
    body = (
      <div role="status" aria-label="Loading threads" className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ThreadRowSkeleton key={index} />
        ))}
      </div>
    );
  } else if (threads.isError && !reply) {
    body = (
      <LoadError title="Could not load threads" onRetry={() => void threads.refetch()} retrying={threads.isFetching} />
    );
  } else if (reply && reply.threads.length === 0) {
    body =
      reply.total > 0 ? (
        <EmptyState icon={MessagesSquare} title="Nothing on this page">
          <Link to={params.hrefFor({ page: undefined })} className="font-medium underline">
            Go to the first page
          </Link>
        </EmptyState>
      ) : params.q || params.category ? (
        <EmptyState
          icon={SearchX}
          title="No threads match"
          action={
            <Link to="/community" className={buttonClasses('secondary')}>
              Clear filters
            </Link>
          }
        >
          Nothing {params.category ? `in ${categoryName(params.category)} ` : ''}
          {params.q ? `matches “${params.q}”` : 'here yet'}. Try other words, or start the thread yourself.
        </EmptyState>
      ) : params.sort === 'unanswered' ? (
        <EmptyState icon={CheckCircle2} title="Every thread has an answer">
          Nice work, community. Ask something new, or help in another category.
        </EmptyState>
      ) : (
        <EmptyState
          icon={MessagesSquare}
          title="No threads yet"
          action={<NewThreadButton onOpen={() => setComposing(true)} />}
        >
          Be the first to ask a question or share what you built.
        </EmptyState>
      );
  } else if (reply) {
    body = (
      <ul aria-label="Threads" className="flex flex-col gap-3">
        {reply.threads.map((thread) => (
          <li key={thread.id}>
            <ThreadRow thread={thread} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Community</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Ask for help with a problem, explain what you have learned, and share what you build.
          </p>
        </div>
        <NewThreadButton onOpen={() => setComposing(true)} />
      </header>
      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <aside className="min-w-0">
          <CategoryNav category={params.category} hrefFor={params.hrefFor} />
        </aside>
        <section aria-label="Threads list" className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <div className="md:max-w-sm md:flex-1">
              <SearchBox
                value={params.q}
                onSearch={(text) => params.update({ q: text }, { replace: true })}
                label="Search threads"
                placeholder="Search titles and posts"
                maxLength={COMMUNITY_SEARCH_MAX}
              />
            </div>
            <SortNav sort={params.sort} searching={Boolean(params.q)} hrefFor={params.hrefFor} />
          </div>
          <p role="status" className="text-sm text-muted" data-testid="community-summary">
            {reply ? resultSummary(reply.total, params) : ''}
          </p>
          <div
            className={cn('transition-opacity', threads.isPlaceholderData && 'opacity-60')}
            aria-busy={threads.isFetching}
          >
            {body}
          </div>
          {reply && (pages > 1 || params.page > 1) ? (
            <Pager
              page={params.page}
              pages={pages}
              onPage={(page) => {
                params.update({ page: String(page) });
                window.scrollTo({ top: 0 });
              }}
              label="Thread pages"
            />
          ) : null}
        </section>
      </div>
      {composing ? <ThreadComposer category={params.category} onClose={() => setComposing(false)} /> : null}
    </div>
  );
}
