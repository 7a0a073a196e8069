import type { SearchResult } from '@learnbuild/domain/schemas/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSearchShortcut, SearchLauncher } from './search-launcher';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api: { get: apiGet },
}));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: null, accountPending: false }) }));

const RESULTS: SearchResult[] = [
  { kind: 'problem', id: 'p1', title: 'Two Sum', url: '/problems/two-sum', snippet: 'Easy · Arrays' },
  { kind: 'problem', id: 'p2', title: 'Two Sum II', url: '/dsa-sheet?q=Two%20Sum%20II', snippet: 'Medium · Arrays' },
  { kind: 'thread', id: 't1', title: 'Two pointers or a map?', url: '/community/t1', snippet: 'When the input…' },
];

beforeAll(async () => {
  // The palette's code loads on the first open; loaded here once, so no test waits on the transform.
  await import('./search-palette');
  // jsdom draws nothing: cmdk's scrolling and measuring are no-ops here.
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  apiGet.mockImplementation(async (_url: string, config: { params: { q: string } }) => ({
    data: { success: true, results: config.params.q === 'nothing here' ? [] : RESULTS },
  }));
});
afterEach(() => {
  cleanup();
  apiGet.mockReset();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderLauncher() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <SearchLauncher />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pressShortcut = () => act(() => void fireEvent.keyDown(document, { key: 'k', ctrlKey: true }));

describe('the search palette', () => {
  it('opens on Ctrl+K, groups the results under headings, and Enter opens the one chosen by the arrows', async () => {
    renderLauncher();
    pressShortcut();
    const input = await screen.findByRole('combobox', { name: 'Search LearnBuild' }, { timeout: 5_000 });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'two' } });
    const palette = await screen.findByTestId('search-palette');
    await within(palette).findByText('Two Sum');
    expect(apiGet).toHaveBeenCalledWith('/api/search', expect.objectContaining({ params: { q: 'two' } }));
    expect(within(palette).getByText('Problems')).toBeTruthy();
    expect(within(palette).getByText('Community threads')).toBeTruthy();
    const options = within(palette).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(within(palette).getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dsa-sheet?q=Two%20Sum%20II'));
    await waitFor(() => expect(screen.queryByTestId('search-palette')).toBeNull());
  });

  it('searches once typing pauses, not for each key', async () => {
    renderLauncher();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = await screen.findByRole('combobox', { name: 'Search LearnBuild' }, { timeout: 5_000 });
    for (const value of ['d', 'di', 'dij', 'dijk']) fireEvent.change(input, { target: { value } });
    await screen.findByText('Two Sum');
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet.mock.calls[0]![1].params).toEqual({ q: 'dijk' });
  });

  it('says when nothing was found, and asks for two characters before searching', async () => {
    renderLauncher();
    pressShortcut();
    const input = await screen.findByRole('combobox', { name: 'Search LearnBuild' }, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: 'n' } });
    expect(screen.getByTestId('search-status').textContent).toBe(
      'Search problems, lessons, courses, blog posts and community threads.',
    );
    fireEvent.change(input, { target: { value: 'nothing here' } });
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('No results for “nothing here”'));
    expect(apiGet).toHaveBeenCalledTimes(1);
  });

  it('shows the error when the search fails', async () => {
    apiGet.mockRejectedValue(new Error('Network Error'));
    renderLauncher();
    pressShortcut();
    const input = await screen.findByRole('combobox', { name: 'Search LearnBuild' }, { timeout: 5_000 });
    fireEvent.change(input, { target: { value: 'two' } });
    await waitFor(() =>
      expect(screen.getByTestId('search-status').textContent).toBe('The search failed. Please try again.'),
    );
  });

  it('closes on Escape and gives focus back to the Search button', async () => {
    renderLauncher();
    const button = screen.getByRole('button', { name: 'Search' });
    button.focus();
    fireEvent.click(button);
    const input = await screen.findByRole('combobox', { name: 'Search LearnBuild' }, { timeout: 5_000 });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-palette')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('takes Ctrl+K and Cmd+K, not K alone or with other keys', () => {
    const key = (init: Partial<KeyboardEvent>) => ({
      key: 'k',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...init,
    });
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});
