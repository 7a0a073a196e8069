import type { BlogPost } from '@learnbuild/domain/schemas/blog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blogKeys } from '@/features/blog/api/keys';
import { BlogPostPage } from './blog-post';

vi.mock('@/lib/session', () => ({ useSession: () => ({ user: null }) }));

afterEach(cleanup);
// jsdom lays nothing out, so it has no scrolling.
Element.prototype.scrollIntoView = vi.fn();

function post(changes: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 'p1',
    slug: 'heaps',
    title: 'Heaps in practice',
    excerpt: 'Priority queues without the mystery.',
    coverImage: null,
    coverMediaId: null,
    tags: ['dsa'],
    author: { id: 'a1', name: 'Ian Instructor' },
    publishedAt: '2026-10-01T09:00:00.000Z',
    publishAt: null,
    readingMinutes: 4,
    status: 'published',
    body: 'Intro.',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-01T09:00:00.000Z',
    related: [],
    canEdit: false,
    ...changes,
  };
}

/** The post page at `path`, its post already answered for `slug` (no network). */
function show(path: string, slug: string, data: BlogPost) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(blogKeys.post(null, slug), data);
  const router = createMemoryRouter(
    [
      { path: '/blog/:slug', element: <BlogPostPage /> },
      { path: '/blog', element: <p>list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const sections = (count: number) =>
  Array.from({ length: count }, (_, index) => `## Part ${index + 1}\n\nText.`).join('\n\n');

describe('blog post page', () => {
  it('shows a table of contents linking to each section once the post has enough sections', async () => {
    show('/blog/heaps', 'heaps', post({ body: `${sections(4)}\n\n### Detail\n\nMore.` }));
    // The text is drawn by the markdown renderer, which the page loads on demand (components/ui/markdown-text.tsx).
    const toc = await screen.findByTestId('toc', {}, { timeout: 5000 });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Part 1', '#h-part-1'],
      ['Part 2', '#h-part-2'],
      ['Part 3', '#h-part-3'],
      ['Part 4', '#h-part-4'],
      ['Detail', '#h-detail'],
    ]);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
  });

  it('leaves the table of contents out of a short post', () => {
    show('/blog/heaps', 'heaps', post({ body: sections(3) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Heaps in practice' })).toBeTruthy();
    expect(screen.queryByTestId('toc')).toBeNull();
  });

  it('moves an old address to the post’s current slug, keeping the section', async () => {
    const router = show('/blog/old-heaps#h-part-2', 'old-heaps', post({ body: sections(2) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/heaps'));
    expect(router.state.location.hash).toBe('#h-part-2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('names the tab and describes the page by the post', async () => {
    show('/blog/heaps', 'heaps', post());
    await waitFor(() => expect(document.title).toBe('Heaps in practice · LearnBuild'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Priority queues without the mystery.',
    );
  });

  it('tells the author a draft is theirs alone, and offers Edit', () => {
    show('/blog/heaps', 'heaps', post({ status: 'draft', publishedAt: null, canEdit: true }));
    expect(screen.getByTestId('unpublished-notice').textContent).toMatch(/draft/);
    expect(screen.getByRole('link', { name: 'Edit post' }).getAttribute('href')).toBe('/blog/heaps/edit');
  });
});
