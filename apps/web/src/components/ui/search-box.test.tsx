import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderBox(value?: string) {
  const onSearch = vi.fn();
  const view = render(
    <SearchBox value={value} onSearch={onSearch} label="Search posts" placeholder="Search posts" maxLength={100} />,
  );
  return { onSearch, view };
}

describe('SearchBox', () => {
  it('searches for the trimmed words after a pause in typing, once', () => {
    const { onSearch } = renderBox();
    const box = screen.getByRole('searchbox', { name: 'Search posts' });
    fireEvent.change(box, { target: { value: 'hea' } });
    fireEvent.change(box, { target: { value: ' heap ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['heap']]);
  });

  it('clears the search with its button, then follows a new search from the address', () => {
    const { onSearch, view } = renderBox('heap');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch.mock.calls).toEqual([[undefined]]);
    const rerender = (value?: string) =>
      view.rerender(
        <SearchBox value={value} onSearch={onSearch} label="Search posts" placeholder="Search posts" maxLength={100} />,
      );
    rerender(undefined); // the address catching up with the clearing
    rerender('graphs'); // back, forward or a link
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveProperty('value', 'graphs');
  });
});
