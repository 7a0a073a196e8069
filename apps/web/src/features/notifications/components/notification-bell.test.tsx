import type { Notification, NotificationsReply } from '@learnbuild/domain/schemas/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { NotificationBell, notificationBellLabel, unreadBadgeText } from './notification-bell';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function notification(id: string, title: string, read = false): Notification {
  return {
    id,
    kind: 'thread_reply',
    title,
    url: `/community/thread-${id}`,
    createdAt: at(5),
    readAt: read ? at(1) : null,
  };
}

function reply(notifications: Notification[], unread: number): { data: NotificationsReply } {
  return { data: { success: true, notifications, unread, nextCursor: null } };
}

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NotificationBell triggerClassName="bell" />
        <Routes>
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** Radix opens its menu from a key press on the trigger, as a keyboard user does. */
const openWithKey = (key: 'Enter' | ' ') => fireEvent.keyDown(screen.getByTestId('notification-bell'), { key });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('notificationBellLabel and unreadBadgeText', () => {
  it('name the bell by its unread count and cap the badge at 99+', () => {
    expect(notificationBellLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationBellLabel(0)).toBe('Notifications, none unread');
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('the notification bell', () => {
  it('shows the unread count on the bell and in its accessible name', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(reply([notification('a', 'Ada replied to "Graphs"')], 3));
    renderBell();
    // The first render loads the menu's code: a slow machine may take a while.
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('notification-count').textContent).toBe('3');
    expect(api.get).toHaveBeenCalledWith('/api/notifications', { params: { unread: 'false' } });
  });

  it('has no badge when nothing is unread', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(reply([notification('a', 'Old news', true)], 0));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('opens with Enter on the latest ten, each a link to where it happened, and closes with Escape back on the bell', async () => {
    const many = Array.from({ length: 12 }, (_, index) => notification(`n${index}`, `Reply number ${index}`));
    vi.spyOn(api, 'get').mockResolvedValue(reply(many, 12));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    openWithKey('Enter');
    const panel = await screen.findByRole('menu', { name: 'Notifications' });
    const entries = within(panel).getAllByTestId('tray-notification');
    expect(entries).toHaveLength(10);
    expect(entries[0]!.getAttribute('href')).toBe('/community/thread-n0');
    expect(entries[0]!.textContent).toContain('Reply number 0');
    expect(entries[0]!.textContent).toContain('5 minutes ago');
    expect(entries[0]!.textContent).toContain('(unread)');
    expect(within(panel).getByRole('menuitem', { name: 'See all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    expect(within(panel).getByRole('menuitem', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/settings/notifications',
    );
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('notification-bell'));
  });

  it('opens with Space too', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(reply([], 0));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    openWithKey(' ');
    expect(await screen.findByRole('menu', { name: 'Notifications' })).toBeTruthy();
  });

  it("says you're all caught up when there are none", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(reply([], 0));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    openWithKey('Enter');
    const panel = await screen.findByRole('menu', { name: 'Notifications' });
    expect(panel.textContent).toContain("You're all caught up");
    expect(within(panel).getByRole('menuitem', { name: 'Mark all read' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const get = vi.spyOn(api, 'get').mockRejectedValueOnce(new Error('offline'));
    renderBell();
    openWithKey('Enter');
    const panel = await screen.findByRole('menu', { name: 'Notifications' });
    expect((await within(panel).findByRole('alert')).textContent).toBe('Could not load your notifications.');
    get.mockResolvedValue(reply([notification('a', 'Back again')], 1));
    fireEvent.click(within(panel).getByRole('menuitem', { name: 'Try again' }));
    expect(await within(panel).findByText('Back again')).toBeTruthy();
  });

  it('marks a notification read when it is opened, and goes where it leads', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValue(reply([notification('a', 'Ada replied'), notification('b', 'Bo replied')], 2));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { success: true, unread: 1 } });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    openWithKey('Enter');
    const panel = await screen.findByRole('menu', { name: 'Notifications' });
    get.mockResolvedValue(reply([notification('a', 'Ada replied', true), notification('b', 'Bo replied')], 1));
    fireEvent.click(within(panel).getByText('Ada replied'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/notifications/read', { ids: ['a'] }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/community/thread-a'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread'),
    );
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
  });

  it('marks all read and keeps the panel open to show it', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValue(reply([notification('a', 'Ada replied'), notification('b', 'Bo replied')], 2));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { success: true, unread: 0 } });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    openWithKey('Enter');
    const panel = await screen.findByRole('menu', { name: 'Notifications' });
    get.mockResolvedValue(reply([notification('a', 'Ada replied', true), notification('b', 'Bo replied', true)], 0));
    await act(async () => {
      fireEvent.click(within(panel).getByRole('menuitem', { name: 'Mark all read' }));
    });
    expect(post).toHaveBeenCalledWith('/api/notifications/read-all');
    expect(screen.getByRole('menu', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, none unread'),
    );
    expect(
      within(panel)
        .getAllByTestId('tray-notification')
        .map((entry) => entry.dataset.unread),
    ).toEqual(['false', 'false']);
  });
});
