import type { EarnedBadge } from '@learnbuild/domain/schemas/badges';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { announceBadges, BadgeToasts, resetBadgeAnnouncements } from '@/lib/badge-announcements';
import { BadgesPanel } from './badges-panel';

function renderPanel(badges: EarnedBadge[]) {
  const get = vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, badges } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BadgesPanel userId="user-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return get;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetBadgeAnnouncements();
});

describe('the dashboard Badges section', () => {
  it('lists each earned badge with its name, description and date, under a level-2 heading', async () => {
    const get = renderPanel([
      {
        id: 'verified-10',
        name: '10 verified solves',
        description: 'Solve 10 problems verified by the judge',
        icon: 'Medal',
        awardedAt: '2026-11-20T10:00:00Z',
      },
      {
        id: 'first-verified-solve',
        name: 'First verified solve',
        description: 'Have a solution accepted by the judge',
        icon: 'NoSuchIcon',
        awardedAt: '2026-11-02T10:00:00Z',
      },
    ]);
    expect(get).toHaveBeenCalledWith('/api/badges/mine');
    expect(screen.getByRole('heading', { name: 'Badges', level: 2 })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Badges' });
    const items = await within(section).findAllByTestId('badge');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '10 verified solves',
      'First verified solve',
    ]);
    expect(items[0]!.textContent).toContain('Solve 10 problems verified by the judge');
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00Z');
    // An unknown icon falls back to the award; icons are hidden from screen readers.
    expect(items[1]!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows an empty state pointing at the sheet when there are none', async () => {
    renderPanel([]);
    const empty = await screen.findByTestId('badges-empty');
    expect(empty.textContent).toContain('No badges yet: solve your first problem on LearnBuild');
    expect(within(empty).getByRole('link', { name: 'Open the DSA Sheet' }).getAttribute('href')).toBe('/dsa-sheet');
  });
});

describe('the badge toast', () => {
  function renderToasts() {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <BadgeToasts />
        </ToastProvider>
      </QueryClientProvider>,
    );
  }

  it('says "Badge earned: <name>" once for each badge a reply carries', () => {
    renderToasts();
    act(() => announceBadges([{ id: 'first-verified-solve', name: 'First verified solve' }]));
    act(() => announceBadges([{ id: 'first-verified-solve', name: 'First verified solve' }]));
    act(() => announceBadges(undefined));
    const toasts = screen.getAllByRole('status');
    expect(toasts.map((toast) => toast.textContent)).toEqual(['Badge earned: First verified solve']);
  });

  it('tells two badges earned together', () => {
    renderToasts();
    act(() =>
      announceBadges([
        { id: 'verified-10', name: '10 verified solves' },
        { id: 'streak-7', name: '7-day streak' },
      ]),
    );
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'Badge earned: 10 verified solves',
      'Badge earned: 7-day streak',
    ]);
  });
});
