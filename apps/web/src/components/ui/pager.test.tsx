import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager', () => {
  it('is a named navigation that says where the reader is and moves one page either way', () => {
    const onPage = vi.fn();
    render(<Pager page={2} pages={3} onPage={onPage} label="Users pages" />);
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    expect(nav.textContent).toContain('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot go before the first page or past the last, and takes its own button words', () => {
    render(<Pager page={1} pages={1} onPage={() => {}} label="Activity pages" previous="Newer" next="Older" />);
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  });
});
