import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  type SearchKind,
  type SearchResult,
} from '@learnbuild/domain/schemas/search';
import { Command } from 'cmdk';
import {
  BookOpen,
  Code2,
  GraduationCap,
  type LucideIcon,
  MessagesSquare,
  Newspaper,
  Search,
  UserRound,
} from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useSearch } from '../api/search';

/** How long typing must pause before the text is searched. */
export const SEARCH_DEBOUNCE_MS = 150;

const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  problem: Code2,
  lesson: BookOpen,
  course: GraduationCap,
  post: Newspaper,
  thread: MessagesSquare,
  user: UserRound,
};

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The results in their kinds' order, each kind once. */
function groupByKind(results: readonly SearchResult[]) {
  return SEARCH_KINDS.map((kind) => ({ kind, results: results.filter((result) => result.kind === kind) })).filter(
    (group) => group.results.length > 0,
  );
}

const HINT = 'Search problems, lessons, courses, blog posts and community threads.';

/**
 * One search over the platform in a dialog (Ctrl/Cmd+K or the navbar's Search button): results grouped by kind,
 * arrow keys to move, Enter to open, Escape to close (focus goes back where it was).
 */
export default function SearchPalette({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing (there is no Dialog trigger to go back to). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = settled.length >= SEARCH_QUERY_MIN;
  const search = useSearch(settled, open && searchable);
  // Results of an earlier text stay shown (dimmed) while the next ones load, never for a text now too short.
  const results = searchable ? (search.data ?? []) : [];
  const waiting = typed.trim() !== settled || (searchable && search.isFetching);

  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const openResult = (result: SearchResult) => {
    onOpenChange(false);
    navigate(result.url);
  };

  // What the list area says instead of results (null while there are results).
  let status: string | null;
  if (typed.trim().length < SEARCH_QUERY_MIN) status = HINT;
  else if (search.isError && !waiting) status = errorMessage(search.error, 'The search failed. Please try again.');
  else if (results.length > 0) status = null;
  else if (waiting) status = 'Searching…';
  else status = `No results for “${settled}”`;

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <RadixDialog.Content
          className="surface fixed left-1/2 top-4 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border shadow-2xl sm:top-[12vh] sm:max-h-[70vh]"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          data-testid="search-palette"
        >
          <RadixDialog.Title className="sr-only">Search LearnBuild</RadixDialog.Title>
          <Command shouldFilter={false} loop label="Search LearnBuild" className="flex min-h-0 flex-col">
            <div className="flex items-center gap-3 border-b border-default px-4">
              <Search className="h-5 w-5 shrink-0 text-muted" aria-hidden />
              <Command.Input
                value={typed}
                onValueChange={setTyped}
                maxLength={SEARCH_QUERY_MAX}
                placeholder="Search problems, lessons, courses, posts, threads…"
                className="h-14 w-full bg-transparent text-base outline-none placeholder:text-muted"
              />
              <kbd className="hidden rounded border border-default px-1.5 py-0.5 text-xs text-muted sm:inline">Esc</kbd>
            </div>
            <p
              role="status"
              className={status === null ? 'sr-only' : 'px-4 py-6 text-center text-sm text-muted'}
              data-testid="search-status"
            >
              {status ?? `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
            </p>
            <Command.List
              className={`min-h-0 overflow-y-auto px-2 pb-2 ${waiting && results.length > 0 ? 'opacity-70' : ''}`}
            >
              {groupByKind(results).map((group) => {
                const Icon = KIND_ICONS[group.kind];
                return (
                  <Command.Group
                    key={group.kind}
                    heading={SEARCH_KIND_LABELS[group.kind]}
                    className="pt-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted"
                  >
                    {group.results.map((result) => (
                      <Command.Item
                        key={`${result.kind}:${result.id}`}
                        value={`${result.kind}:${result.id}`}
                        onSelect={() => openResult(result)}
                        className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-2 data-[selected=true]:bg-muted"
                      >
                        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-medium">{result.title}</span>
                          {result.snippet ? (
                            <span className="block truncate text-xs text-muted">{result.snippet}</span>
                          ) : null}
                        </span>
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
