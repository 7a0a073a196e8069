import type { NotificationsReply } from '@learnbuild/domain/schemas/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { NotificationMenu } from './account-menus';

vi.mock('@/features/dashboard/api/get-event-ticket', () => ({
  getEventTicket: async () => 'ticket-1',
  eventStreamUrl: (value: string) => `/api/events?ticket=${value}`,
}));

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, (() => void)[]>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  close() {}
}

const reply = (unread: number): { data: NotificationsReply } => ({
  data: { success: true, notifications: [], unread, nextCursor: null },
});

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the navbar's notification bell", () => {
  it("fetches the count again at once when the stream says 'notifications.changed', with no reload", async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(reply(0));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NotificationMenu userId="user-1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' }, { timeout: 10_000 })).toBeTruthy();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.emit('ready'));
    get.mockResolvedValue(reply(1));
    // Other news on the stream leaves the bell alone.
    act(() => stream.emit('dsa.progress'));
    expect(get).toHaveBeenCalledTimes(1);
    act(() => stream.emit('notifications.changed'));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
