import type { AdminJob } from '@learnbuild/domain/schemas/jobs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { JobsTab } from './jobs-tab';

const CLEANUP: AdminJob = {
  name: 'auth.cleanup',
  description: 'Deletes expired sign-in states, sessions and one-time codes',
  cron: '*/15 * * * *',
  nextRunAt: '2026-11-28T09:15:00.000Z',
  lastRun: {
    startedAt: '2026-11-28T09:00:00.000Z',
    finishedAt: '2026-11-28T09:00:01.000Z',
    ok: true,
    detail: '2 sessions, 0 codes and 1 sign-in state deleted',
  },
  failuresLast24h: 0,
};
const DIGESTS: AdminJob = {
  name: 'notifications.digests',
  description: 'Mails the daily and weekly digests',
  cron: '0 * * * *',
  nextRunAt: '2026-11-28T10:00:00.000Z',
  lastRun: { startedAt: '2026-11-28T09:00:00.000Z', finishedAt: null, ok: false, detail: 'the mail server said no' },
  failuresLast24h: 3,
};

type Reply = { status: number; data: unknown };
let restore = () => {};
afterEach(() => {
  cleanup();
  restore();
});

/** Answers the Jobs tab's calls; records the writes. */
function fakeServer(list: () => Reply, run: (name: string) => Reply = (name) => ok(name)) {
  const posts: string[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    let reply: Reply;
    if (config.method === 'post') {
      const name = decodeURIComponent(/\/api\/admin\/jobs\/([^/]+)\/run$/.exec(config.url ?? '')![1]!);
      posts.push(name);
      reply = run(name);
    } else reply = list();
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) throw new AxiosError('failed', String(reply.status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  restore = () => {
    api.defaults.adapter = original;
  };
  return posts;
}
const ok = (name: string): Reply => ({ status: 202, data: { success: true, message: `${name} will run in a moment` } });
const listed = (jobs: AdminJob[]): Reply => ({ status: 200, data: { success: true, jobs } });

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JobsTab />
    </QueryClientProvider>,
  );
}

describe('the Jobs tab', () => {
  it('lists each job in a table: its schedule in words and as cron, its last run and failures', async () => {
    fakeServer(() => listed([CLEANUP, DIGESTS]));
    show();
    const table = await screen.findByRole('table', { name: 'Scheduled jobs, their schedules and their last runs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Job', 'Schedule (UTC)', 'Next run', 'Last run', 'Failures (24 h)', 'Actions']);
    const cleanupRow = within(table).getByRole('row', { name: /auth\.cleanup/ });
    expect(within(cleanupRow).getByText('Every 15 minutes')).toBeTruthy();
    expect(within(cleanupRow).getByText('*/15 * * * *')).toBeTruthy();
    expect(within(cleanupRow).getByText('Succeeded')).toBeTruthy();
    expect(within(cleanupRow).getByText('2 sessions, 0 codes and 1 sign-in state deleted')).toBeTruthy();
    const digestRow = within(table).getByRole('row', { name: /notifications\.digests/ });
    expect(within(digestRow).getByText('Hourly at minute 0')).toBeTruthy();
    expect(within(digestRow).getByText('Failed')).toBeTruthy();
    expect(within(digestRow).getByText('3')).toBeTruthy();
    expect(screen.getByText(/2 scheduled jobs/)).toBeTruthy();
    // The table scrolls inside a region a keyboard can reach.
    expect(screen.getByRole('region', { name: 'Scheduled jobs table' }).getAttribute('tabindex')).toBe('0');
  });

  it('says when a job has not run yet', async () => {
    fakeServer(() => listed([{ ...CLEANUP, lastRun: null }]));
    show();
    expect(await screen.findByText('Not run yet')).toBeTruthy();
  });

  it('runs a job now and says so', async () => {
    const posts = fakeServer(() => listed([CLEANUP, DIGESTS]));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run notifications.digests now' }));
    expect(await screen.findByText('notifications.digests will run in a moment')).toBeTruthy();
    expect(posts).toEqual(['notifications.digests']);
  });

  it("shows the server's refusal of a run", async () => {
    fakeServer(
      () => listed([CLEANUP]),
      () => ({ status: 403, data: { success: false, error: 'You do not have permission to do that' } }),
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run auth.cleanup now' }));
    expect(await screen.findByText('You do not have permission to do that')).toBeTruthy();
  });

  it('shows an empty state when there are no jobs', async () => {
    fakeServer(() => listed([]));
    show();
    expect(await screen.findByText('No scheduled jobs')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error and a retry when the list cannot be read', async () => {
    let fail = true;
    fakeServer(() =>
      fail ? { status: 500, data: { success: false, error: 'Something went wrong on our side' } } : listed([CLEANUP]),
    );
    show();
    expect(await screen.findByText('Something went wrong on our side')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
  });
});
