import type { PublicProfile } from '@learnbuild/domain/schemas/profiles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQuery } from '@/features/profiles/api/get-profile';
import { api } from '@/lib/api-client';
import { PublicProfilePage } from './public-profile';

vi.mock('@/lib/session', () => ({ useSession: () => ({ user: null }) }));
afterEach(cleanup);

function profile(changes: Partial<PublicProfile> = {}): PublicProfile {
  return {
    handle: 'ada',
    name: 'Ada Lovelace',
    profilePic: null,
    memberSince: '2026-01-05T09:00:00.000Z',
    streak: { current: 3, longest: 12 },
    badges: [
      { id: 'first-verified-solve', name: 'First solve', description: 'd', awardedAt: '2026-02-01T09:00:00.000Z' },
    ],
    activity: Array.from({ length: 365 }, (_, index) => ({
      date: new Date(Date.UTC(2025, 10, 29 + index)).toISOString().slice(0, 10),
      count: index === 364 ? 2 : 0,
    })),
    solved: { Easy: 10, Medium: 4, Hard: 1, verified: 6 },
    languages: [{ language: 'python', solved: 6 }],
    courses: [{ id: 'c1', slug: 'graphs', title: 'Graphs in depth', completedAt: '2026-03-01T09:00:00.000Z' }],
    certificates: [
      { id: 'cert1', courseId: 'c1', courseTitle: 'Graphs in depth', issuedAt: '2026-03-01T09:00:00.000Z' },
    ],
    posts: [
      {
        id: 'r1',
        threadId: 't1',
        threadTitle: 'How do I find a cycle?',
        excerpt: 'Use DFS with colours.',
        accepted: true,
        votes: 3,
        createdAt: '2026-04-01T09:00:00.000Z',
      },
    ],
    ...changes,
  };
}

function show(data: PublicProfile | Error) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (data instanceof Error) vi.spyOn(api, 'get').mockRejectedValueOnce(data);
  else client.setQueryData(profileQuery(null, 'ada').queryKey, data);
  const router = createMemoryRouter([{ path: '/u/:handle', element: <PublicProfilePage /> }], {
    initialEntries: ['/u/ada'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('public profile page (issue 29)', () => {
  it('shows every part it is given: heatmap, solved with verified apart, streaks, languages, badges, courses, answers', () => {
    show(profile());
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('@ada')).toBeTruthy();
    expect(screen.getByTestId('activity-grid').children).toHaveLength(365);
    expect(screen.getByTestId('profile-solved').textContent).toContain('6 verified by the judge');
    expect(screen.getByTestId('profile-streak').textContent).toMatch(/3 days.*12 days/);
    expect(screen.getByText('python: 6 problems')).toBeTruthy();
    expect(screen.getByText('First solve')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Certificate for Graphs in depth' }).getAttribute('href')).toBe(
      '/certificates/cert1',
    );
    expect(screen.getByRole('link', { name: 'How do I find a cycle?' }).getAttribute('href')).toBe('/community/t1');
    expect(screen.getByText('Accepted answer')).toBeTruthy();
    expect(screen.queryByTestId('profile-preview-note')).toBeNull();
  });

  it('leaves out each part the reply leaves out', () => {
    show(
      profile({ activity: undefined, solved: undefined, languages: undefined, courses: undefined, posts: undefined }),
    );
    expect(screen.queryByTestId('activity-grid')).toBeNull();
    expect(screen.queryByTestId('profile-solved')).toBeNull();
    expect(screen.queryByText('Languages')).toBeNull();
    expect(screen.queryByText('Recent community answers')).toBeNull();
    // Certificates alone, without the courses part, are still listed.
    expect(screen.getByRole('link', { name: 'Graphs in depth' }).getAttribute('href')).toBe('/certificates/cert1');
  });

  it('says so when a part is empty', () => {
    show(profile({ badges: [], languages: [], courses: [], posts: [] }));
    expect(screen.getByText('No badges earned yet.')).toBeTruthy();
    expect(screen.getByText('No accepted submissions yet.')).toBeTruthy();
    expect(screen.getByText('No courses completed yet.')).toBeTruthy();
    expect(screen.getByText('No community answers yet.')).toBeTruthy();
  });

  it('shows its owner a preview of what others see: hidden parts left out and named', () => {
    const settings = { enabled: true, activity: false, solved: true, courses: true, certificates: true, posts: false };
    show(profile({ preview: true, settings }));
    expect(screen.getByTestId('profile-preview-note').textContent).toContain(
      'Hidden from others: activity, community answers.',
    );
    expect(screen.queryByTestId('activity-grid')).toBeNull();
    expect(screen.queryByText('Recent community answers')).toBeNull();
  });

  it('tells its owner when the profile is off', () => {
    const settings = { enabled: false, activity: true, solved: true, courses: true, certificates: true, posts: true };
    show(profile({ preview: true, settings }));
    expect(screen.getByTestId('profile-preview-note').textContent).toContain('Your public profile is off');
  });

  it('says "Profile not found" for a 404', async () => {
    const response = { status: 404, data: { success: false, error: 'Profile not found' } } as AxiosResponse;
    show(new AxiosError('Not found', 'ERR_BAD_REQUEST', undefined, undefined, response));
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/api/profiles/ada');
  });
});
