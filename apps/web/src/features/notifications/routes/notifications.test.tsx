import type { Notification, NotificationsReply } from '@learnbuild/domain/schemas/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { filterFromSearch, NotificationsPage } from './notifications';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function notification(id: string, title: string, read = false): Notification {
  return {
    id,
    kind: 'badge_earned',
    title,
    url: `/u/sam#${id}`,
    createdAt: hoursAgo(3),
    readAt: read ? hoursAgo(1) : null,
  };
}

function page(notifications: Notification[], unread: number, nextCursor: string | null = null) {
  return { data: { success: true, notifications, unread, nextCursor } satisfies NotificationsReply };
}

function renderPage(path = '/notifications') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <NotificationsPage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('filterFromSearch', () => {
  it('reads Unread from ?filter=unread and All from anything else', () => {
    expect(filterFromSearch(new URLSearchParams('filter=unread'))).toBe('unread');
    expect(filterFromSearch(new URLSearchParams(''))).toBe('all');
    expect(filterFromSearch(new URLSearchParams('filter=everything'))).toBe('all');
  });
});

describe('the /notifications page', () => {
  it('lists every notification with its time and read state, the filter All marked current', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValue(page([notification('a', 'You earned First solve'), notification('b', 'Old one', true)], 1));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
    const rows = within(list).getAllByTestId('notification-row');
    expect(rows.map((row) => row.dataset.unread)).toEqual(['true', 'false']);
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /^You earned First solve ?\(unread\)$/ })
        .getAttribute('href'),
    ).toBe('/u/sam#a');
    expect(rows[0]!.textContent).toContain('3 hours ago');
    expect(screen.getByText('1 unread')).toBeTruthy();
    const filters = screen.getByRole('navigation', { name: 'Filter notifications' });
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Unread' }).getAttribute('href')).toBe(
      '/notifications?filter=unread',
    );
    expect(get).toHaveBeenCalledWith('/api/notifications', { params: { unread: 'false' } });
  });

  it('asks for the unread ones only under ?filter=unread, and is all caught up when there are none', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(page([], 0));
    renderPage('/notifications?filter=unread');
    expect(await screen.findByRole('heading', { name: "You're all caught up" }, { timeout: 10_000 })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/notifications', { params: { unread: 'true' } });
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('says there are none yet under All', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(page([], 0));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('loads older ones with the cursor of the page before', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValueOnce(page([notification('a', 'Newest')], 2, 'cursor-1'))
      .mockResolvedValueOnce(page([notification('b', 'Older')], 2, null));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 10_000 }));
    expect(await screen.findByText('Older')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/api/notifications', { params: { unread: 'false', cursor: 'cursor-1' } });
    expect(screen.getAllByTestId('notification-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says it could not load them, and tries again', async () => {
    const get = vi.spyOn(api, 'get').mockRejectedValueOnce(new Error('offline'));
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Could not load your notifications');
    get.mockResolvedValue(page([notification('a', 'Here now')], 1));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Here now')).toBeTruthy();
  });

  it('marks one read when it is opened, and all of them with Mark all read', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(page([notification('a', 'First'), notification('b', 'Second')], 2));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { success: true, unread: 0 } });
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: /^First ?\(unread\)$/ }, { timeout: 10_000 }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/notifications/read', { ids: ['a'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/notifications/read-all'));
    expect(await screen.findByText('All notifications marked read')).toBeTruthy();
  });
});
