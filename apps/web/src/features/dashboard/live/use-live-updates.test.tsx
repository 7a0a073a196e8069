import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './use-live-updates';

const ticket = vi.hoisted(() => ({ calls: 0, fail: false }));
vi.mock('@/features/dashboard/api/get-event-ticket', () => ({
  getEventTicket: async () => {
    ticket.calls += 1;
    if (ticket.fail) throw new Error('offline');
    return `ticket-${ticket.calls}`;
  },
  eventStreamUrl: (value: string) => `/api/events?ticket=${value}`,
}));

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, (() => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  close() {
    this.closed = true;
  }
}

const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  ticket.calls = 0;
  ticket.fail = false;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useLiveUpdates', () => {
  it('opens the stream with a ticket, says live once ready and passes events on', async () => {
    const onEvent = vi.fn();
    const { result } = renderHook(() => useLiveUpdates('user-1', onEvent));
    expect(result.current).toBe('connecting');
    await flush();
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/api/events?ticket=ticket-1');
    act(() => stream.emit('ready'));
    expect(result.current).toBe('live');
    expect(onEvent).not.toHaveBeenCalled();
    act(() => stream.emit('dsa.progress'));
    expect(onEvent).toHaveBeenCalledWith('dsa.progress');
  });

  it('falls back to polling when the stream drops, then reconnects with a fresh ticket and resyncs', async () => {
    const onEvent = vi.fn();
    const { result } = renderHook(() => useLiveUpdates('user-1', onEvent));
    await flush();
    act(() => FakeEventSource.opened[0]!.emit('ready'));
    act(() => FakeEventSource.opened[0]!.onerror?.());
    expect(result.current).toBe('polling');
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe('/api/events?ticket=ticket-2');
    act(() => second.emit('ready'));
    expect(result.current).toBe('live');
    expect(onEvent).toHaveBeenCalledWith('resync');
  });

  it('waits longer after each failed try, up to 30 s', async () => {
    ticket.fail = true;
    const { result } = renderHook(() => useLiveUpdates('user-1', vi.fn()));
    await flush();
    expect(result.current).toBe('polling');
    for (const wait of [2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      const before = ticket.calls;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(wait - 1);
      });
      expect(ticket.calls).toBe(before);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(ticket.calls).toBe(before + 1);
    }
  });

  it('closes the stream when the dashboard goes away', async () => {
    const { unmount } = renderHook(() => useLiveUpdates('user-1', vi.fn()));
    await flush();
    unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });
});

describe('useLiveUpdates shared by several parts of the page', () => {
  it('opens one stream for the navbar and the dashboard, tells both, and closes it when the last goes', async () => {
    const navbar = vi.fn();
    const dashboard = vi.fn();
    const first = renderHook(() => useLiveUpdates('user-1', navbar));
    await flush();
    act(() => FakeEventSource.opened[0]!.emit('ready'));
    const second = renderHook(() => useLiveUpdates('user-1', dashboard));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(ticket.calls).toBe(1);
    // The one joining an open stream is live at once.
    expect(second.result.current).toBe('live');
    act(() => FakeEventSource.opened[0]!.emit('notifications.changed'));
    expect(navbar).toHaveBeenCalledWith('notifications.changed');
    expect(dashboard).toHaveBeenCalledWith('notifications.changed');
    second.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    first.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('gives another account a stream of its own', async () => {
    renderHook(() => useLiveUpdates('user-1', vi.fn()));
    renderHook(() => useLiveUpdates('user-2', vi.fn()));
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
