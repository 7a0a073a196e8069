import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogueFilters } from './components/catalogue-filters';
import { nextCatalogueSearch, readCatalogueParams, useCatalogueParams } from './use-catalogue-params';

describe('readCatalogueParams', () => {
  it('reads every filter from the address and drops values the catalogue does not know', () => {
    expect(
      readCatalogueParams(new URLSearchParams('q=%20sql%20&category=Databases&level=Beginner&sort=popular&page=3')),
    ).toEqual({ view: 'all', q: 'sql', category: 'Databases', level: 'Beginner', sort: 'popular', page: 3 });
    expect(
      readCatalogueParams(new URLSearchParams('view=learning&category=Cooking&level=Expert&sort=oldest&page=-2')),
    ).toEqual({ view: 'learning', q: undefined, category: undefined, level: undefined, sort: 'newest', page: 1 });
  });
});

describe('nextCatalogueSearch', () => {
  it('goes back to page 1 on any change but the page, and leaves the defaults out of the address', () => {
    const current = new URLSearchParams('q=sql&page=4&sort=popular');
    expect(nextCatalogueSearch(current, { level: 'Advanced' }).toString()).toBe('q=sql&sort=popular&level=Advanced');
    expect(nextCatalogueSearch(current, { page: '5' }).toString()).toBe('q=sql&page=5&sort=popular');
    expect(nextCatalogueSearch(current, { page: '1' }).toString()).toBe('q=sql&sort=popular');
    expect(nextCatalogueSearch(current, { sort: 'newest', q: undefined }).toString()).toBe('');
  });
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function Catalogue() {
  const params = useCatalogueParams();
  return (
    <>
      <CatalogueFilters params={params} filtered={params.filtered} update={params.update} clear={params.clear} />
      <Address />
    </>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <Catalogue />
    </BrowserRouter>,
  );
}

const address = () => screen.getByTestId('address').textContent;

describe('catalogue filters keep their state in the address', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens with the filters of a shared link already chosen', () => {
    renderAt('/courses?q=joins&category=Databases&level=Intermediate&sort=popular');
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveProperty('value', 'joins');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'Databases');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveProperty('value', 'Intermediate');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'popular');
  });

  it('writes category, level and sort to the address and starts again from page 1', () => {
    renderAt('/courses?page=3');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'System Design' } });
    expect(address()).toBe('/courses?category=System+Design');
    fireEvent.change(screen.getByRole('combobox', { name: 'Level' }), { target: { value: 'Advanced' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'popular' } });
    expect(address()).toBe('/courses?category=System+Design&level=Advanced&sort=popular');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'newest' } });
    expect(address()).toBe('/courses?category=System+Design&level=Advanced');
  });

  it('writes the search after a pause in typing, not on every key', () => {
    renderAt('/courses?level=Beginner');
    const search = screen.getByRole('searchbox', { name: 'Search courses' });
    fireEvent.change(search, { target: { value: 'rest' } });
    expect(address()).toBe('/courses?level=Beginner');
    fireEvent.change(search, { target: { value: 'rest api' } });
    act(() => vi.advanceTimersByTime(350));
    expect(address()).toBe('/courses?level=Beginner&q=rest+api');
  });

  it('clears every filter at once, and offers to only when something is filtered', () => {
    renderAt('/courses?sort=popular');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    cleanup();
    renderAt('/courses?q=graphs&level=Advanced');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('/courses');
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveProperty('value', '');
  });
});
