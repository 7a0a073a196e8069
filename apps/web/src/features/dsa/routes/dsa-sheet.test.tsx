import type { Difficulty } from '@learnbuild/domain/rules/dsa-stats';
import type { DsaProblem, DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { dsaKeys } from '@/features/dsa/api/keys';
import { DsaSheetPage } from './dsa-sheet';

/** Every row shows one difficulty badge: counting the badge's renders counts the rows' renders. */
const rowRenders = vi.hoisted(() => ({ count: 0 }));
// The header's stats and activity are asked for and never answered: the header is not under test.
const apiGet = vi.hoisted(() => vi.fn((_url: string) => new Promise<never>(() => undefined)));
vi.mock('@/components/ui/difficulty-badge', () => ({
  DIFFICULTY_TONES: { Easy: 'green', Medium: 'amber', Hard: 'red' },
  DifficultyBadge: ({ difficulty }: { difficulty: Difficulty }) => {
    rowRenders.count += 1;
    return <span>{difficulty}</span>;
  },
}));
// Radix's tooltips (three a row) only slow a thousand rows down in jsdom; they play no part in the search.
vi.mock('@/components/ui/tooltip', () => ({
  Tooltip: ({ children }: { children: ReactNode }) => children,
  TooltipGroup: ({ children }: { children: ReactNode }) => children,
}));
// The sheet is in the cache already.
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api: { get: apiGet },
}));

const STEP = 'Step 1: Everything';
const TOPICS = ['Arrays', 'Graphs', 'Strings', 'Trees'];
const ROWS = 1000;
const NOTED = new Set([5, 305, 505, 705, 905]);

/**
 * 1,000 problems in one step (open from the start, so every row is on screen): every 100th is a "Sliding
 * Window" problem, spread over the four topics; every 7th has the tag "graph-search"; five have a note
 * mentioning BFS.
 */
function sheet(): DsaProblem[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    slug: `p-${i}`,
    title: i % 100 === 0 ? `Sliding Window ${i}` : `Problem ${i}`,
    step: STEP,
    topic: TOPICS[Math.floor(i / 250)]!,
    topicId: TOPICS[Math.floor(i / 250)]!,
    difficulty: 'Medium',
    url: `https://leetcode.com/problems/p-${i}/`,
    altUrl: null,
    tags: i % 7 === 0 ? ['graph-search'] : ['array'],
    companies: [],
    position: i,
    solved: false,
    solvedOn: null,
    bookmarked: false,
    notes: NOTED.has(i) ? 'Try BFS levels first' : '',
    revisionStage: null,
    revisionDueOn: null,
    acceptanceRate: null,
    solvedCount: 0,
  }));
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderSheet() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const rows = sheet();
  client.setQueryData(dsaKeys.problems({}), rows);
  client.setQueryData(dsaKeys.problems({ status: 'revision' }), []);
  client.setQueryData<DsaTopic[]>(
    dsaKeys.topics,
    TOPICS.map((name, position) => ({ id: name, name, position, problemCount: 250 }) as unknown as DsaTopic),
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dsa-sheet']}>
          <Routes>
            <Route
              path="/dsa-sheet"
              element={
                <>
                  <DsaSheetPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return rows;
}

const shownSlugs = () => screen.queryAllByTestId('problem-row').map((row) => row.getAttribute('data-problem'));
const searchBox = () => screen.getByRole('searchbox', { name: 'Search titles, tags and your notes' });
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const type = (text: string) => act(() => fireEvent.change(searchBox(), { target: { value: text } }));

describe('the sheet search, 1,000 rows', () => {
  beforeEach(() => {
    rowRenders.count = 0;
    apiGet.mockClear();
  });
  afterEach(cleanup);

  // jsdom draws a thousand real rows slowly (seconds on a busy machine): each test renders the sheet once.
  it('shows exactly the rows whose words match, in any case, and renders only the rows that appear', async () => {
    renderSheet();
    expect(shownSlugs()).toHaveLength(ROWS);
    expect(rowRenders.count).toBe(ROWS);
    const typed = async (text: string) => {
      rowRenders.count = 0;
      await type(text);
      return { slugs: shownSlugs(), renders: rowRenders.count };
    };

    // Titles. The rows that stay on screen are the same rows: none is rendered again.
    expect(await typed('sliding')).toEqual({
      slugs: Array.from({ length: 10 }, (_, k) => `p-${k * 100}`),
      renders: 0,
    });
    expect(await typed('00')).toEqual({ slugs: Array.from({ length: 9 }, (_, k) => `p-${(k + 1) * 100}`), renders: 0 });
    // Only one row left, of one topic: the step names its topic now, and the row drops its topic badge.
    expect(await typed('SLIDING WINDOW 30')).toEqual({ slugs: ['p-300'], renders: 1 });
    expect(screen.getByTestId('step-topic').textContent).toBe('Topic: Graphs');
    expect(screen.queryByTestId('row-topic')).toBeNull();
    // Tags: every 7th row and no other; each is new on screen (300 is not among them).
    const tagged = await typed('Graph-Search');
    expect(tagged.slugs).toHaveLength(Math.ceil(ROWS / 7));
    expect(tagged.slugs.every((slug) => Number(slug!.slice(2)) % 7 === 0)).toBe(true);
    expect(tagged.renders).toBe(Math.ceil(ROWS / 7));
    // Notes, with the spaces around the words ignored.
    expect(await typed('  bfs ')).toEqual({ slugs: ['p-5', 'p-305', 'p-505', 'p-705', 'p-905'], renders: 5 });
    expect(await typed('breadth first')).toEqual({ slugs: [], renders: 0 });
    expect(screen.getByText('No problems match')).toBeTruthy();
    expect((await typed('sliding')).renders).toBe(10);
    // Back to every row: the 990 that return are drawn, the 10 that stayed are not.
    expect(await typed('')).toEqual({ slugs: sheet().map((row) => row.slug), renders: ROWS - 10 });
  }, 120_000);

  it('asks the server for nothing, and puts the words in the address after a pause in typing', async () => {
    renderSheet();
    await type('sliding');
    expect(shownSlugs()).toHaveLength(10);
    await pause(350);
    expect(screen.getByTestId('address').textContent).toBe('?q=sliding');
    // The space typed after a word stays in the box when the address catches up with it.
    await type('sliding ');
    await pause(350);
    expect((searchBox() as HTMLInputElement).value).toBe('sliding ');
    expect(screen.getByTestId('address').textContent).toBe('?q=sliding');
    // Only the header's stats and activity were asked for: the rows never are.
    expect(apiGet.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/dsa/progress/activity',
      '/api/dsa/progress/stats',
    ]);
  }, 120_000);
});
