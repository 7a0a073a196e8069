import type { User } from '@learnbuild/domain/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { PublicProfileSection } from './public-profile-settings';

const signedIn = vi.fn();
vi.mock('@/lib/session', () => ({ useSession: () => ({ signedIn }) }));
vi.mock('@/components/ui/toast', () => ({ useToast: () => vi.fn() }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const OFF = { enabled: false, activity: true, solved: true, courses: true, certificates: true, posts: true };

function user(changes: Partial<User> = {}): User {
  return {
    id: 'u1',
    _id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    role: 'Student',
    profilePic: null,
    wantsToBeInstructor: false,
    instructorApplication: null,
    emailVerified: true,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    handle: null,
    publicProfile: OFF,
    ...changes,
  };
}

function show(who: User) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PublicProfileSection user={who} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('public profile settings (issue 29)', () => {
  it('checks the handle as it is typed, with the rules and messages of the server', () => {
    show(user());
    const field = screen.getByLabelText('Handle');
    fireEvent.change(field, { target: { value: 'ab' } });
    expect(screen.getByText('Handle must be at least 3 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Admin' } });
    expect(screen.getByText('That handle is reserved')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'has space' } });
    expect(screen.getByText('Handle may only use letters a-z, digits, - and _')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Ada_L' } });
    expect(screen.queryByText(/Handle (must|may)|reserved/)).toBeNull();
    expect(screen.getByText(/Your page: \/u\/ada_l/)).toBeTruthy();
  });

  it('keeps the profile switch off until a handle is chosen', () => {
    show(user());
    expect(screen.getByRole('switch', { name: 'Public profile' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: /Preview your public page/ })).toBeNull();
  });

  it("sends one part's switch alone, and links to the page for its preview", async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({
      data: {
        success: true,
        message: 'Profile updated',
        user: user({ handle: 'ada_l', publicProfile: { ...OFF, posts: false } }),
      },
    });
    show(user({ handle: 'ada_l', publicProfile: { ...OFF, enabled: true } }));
    expect(screen.getByRole('link', { name: /Preview your public page/ }).getAttribute('href')).toBe('/u/ada_l');
    fireEvent.click(screen.getByRole('switch', { name: 'Community answers' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/auth/profile', { publicProfile: { posts: false } }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
  });

  it('shows the server reply "That handle is taken" under the field', async () => {
    const { AxiosError } = await import('axios');
    const response = { status: 409, data: { success: false, error: 'That handle is taken' } };
    vi.spyOn(api, 'put').mockRejectedValue(
      new AxiosError('Conflict', 'ERR_BAD_REQUEST', undefined, undefined, response as never),
    );
    show(user());
    fireEvent.change(screen.getByLabelText('Handle'), { target: { value: 'taken_one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByText('That handle is taken')).toBeTruthy();
  });
});
