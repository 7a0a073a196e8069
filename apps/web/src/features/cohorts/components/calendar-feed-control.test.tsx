import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { CalendarFeedControl } from './calendar-feed-control';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api,
}));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'learner-1' } }) }));

const URL_ONE = 'https://learnbuild.example/api/calendar/first-secret-token.ics';

function renderControl() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CalendarFeedControl />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  api.delete.mockReset();
});
afterEach(cleanup);

describe('the calendar feed control', () => {
  it('makes an address and shows it once, labelled, to copy', async () => {
    api.get.mockResolvedValue({ data: { success: true, feed: null } });
    api.post.mockResolvedValue({ data: { success: true, url: URL_ONE, createdAt: '2026-03-02T10:00:00.000Z' } });
    renderControl();
    expect((await screen.findByTestId('calendar-feed-status')).textContent).toBe('You have no calendar address yet.');
    expect(screen.queryByRole('button', { name: 'Revoke address' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make a calendar address' }));
    const input = (await screen.findByLabelText('Your calendar address (shown only now)')) as HTMLInputElement;
    expect(input.value).toBe(URL_ONE);
    expect(input.readOnly).toBe(true);
    expect(api.post).toHaveBeenCalledWith('/api/calendar/feed');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeTruthy();
  });

  it('says an address exists without showing it, and revokes it after asking', async () => {
    api.get.mockResolvedValue({ data: { success: true, feed: { createdAt: '2026-03-02T10:00:00.000Z' } } });
    api.delete.mockResolvedValue({ data: { success: true, message: 'Your calendar address was revoked' } });
    renderControl();
    expect((await screen.findByTestId('calendar-feed-status')).textContent).toMatch(
      /^You made an address on .+\. For your privacy it is not shown again/,
    );
    expect(screen.queryByTestId('calendar-feed-url')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke address' }));
    expect(screen.getByRole('dialog', { name: 'Revoke your calendar address?' })).toBeTruthy();
    expect(api.delete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/calendar/feed'));
    expect(await screen.findByText('Your calendar address was revoked')).toBeTruthy();
  });
});
