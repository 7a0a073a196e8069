import type { RouteAccess } from '@learnbuild/domain/routes';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Guard } from './guard';
import { routeAccess } from './router';

const session = vi.hoisted(() => ({ user: null as null | { role: string }, accountPending: false }));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

afterEach(cleanup);

function LoginPage() {
  const location = useLocation();
  return <p>login {location.search}</p>;
}

function open(access: RouteAccess, path = '/dsa-sheet') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path={path}
          element={
            <Guard access={access}>
              <h1>The page</h1>
            </Guard>
          }
        />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Guard while the account is not known yet (issue 26: learner pages drawn on the server)', () => {
  it('shows a page for every signed-in person at once, as the server drew it', () => {
    Object.assign(session, { user: null, accountPending: true });
    open({ kind: 'signedIn' });
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('shows a page for some roles as loading, and sends nobody to /login before the answer', () => {
    Object.assign(session, { user: null, accountPending: true });
    open({ kind: 'roles', roles: ['Admin'] }, '/admin');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
    expect(screen.queryByText(/^login/)).toBeNull();
  });

  it('sends a visitor with no account to /login, with the page to come back to', () => {
    Object.assign(session, { user: null, accountPending: false });
    open({ kind: 'signedIn' });
    expect(screen.getByText('login ?redirectTo=%2Fdsa-sheet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
  });
});

describe('routeAccess', () => {
  it('names the access of the route at a path; a path of no route is public (the not-found page)', () => {
    expect(routeAccess('/dsa-sheet')).toBe('signedIn');
    expect(routeAccess('/subject/dbms/topic/data-models/subtopic/dbms-basics')).toBe('signedIn');
    expect(routeAccess('/admin')).toBe('roles');
    expect(routeAccess('/blog/some-post')).toBe('public');
    expect(routeAccess('/no/such/page')).toBe('public');
  });
});
