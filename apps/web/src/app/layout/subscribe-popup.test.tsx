import { POPUP_DELAY_MS } from '@learnbuild/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { popupWaitMs, SubscribePopup } from './subscribe-popup';

const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
  api.defaults.adapter = async (config) => ({
    data: { videoChannelUrl: 'https://video.example/@channel' },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  api.defaults.adapter = originalAdapter;
});

/** The popup mounted (the app took over) `sinceVisitStartMs` after navigation start. */
function mountAt(sinceVisitStartMs: number) {
  vi.spyOn(performance, 'now').mockReturnValue(sinceVisitStartMs);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SubscribePopup />
    </QueryClientProvider>,
  );
}

describe('SPEC 4: the first-visit popup comes about 1 s after the visit starts', () => {
  it('waits what is left of the second when the app took over sooner', () => {
    expect(POPUP_DELAY_MS).toBe(1000);
    expect(popupWaitMs(0)).toBe(1000);
    expect(popupWaitMs(300)).toBe(700);
    expect(popupWaitMs(999)).toBe(1);
  });

  it('does not wait at all when the app took over a second or more after the visit started', () => {
    expect(popupWaitMs(1000)).toBe(0);
    expect(popupWaitMs(2500)).toBe(0);
  });

  it('mounted 300 ms into the visit, it shows 700 ms later and not before', () => {
    mountAt(300);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByTestId('subscribe-popup')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Learn with us on video' })).toBeTruthy();
  });

  it('mounted 2.5 s into the visit, it shows at once', () => {
    mountAt(2500);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('dialog', { name: 'Learn with us on video' })).toBeTruthy();
  });

  it('never shows once seen', () => {
    window.localStorage.setItem('learnbuild.subscribePopupDone', '2026-01-01T00:00:00.000Z');
    mountAt(2500);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('subscribe-popup')).toBeNull();
  });
});
