import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownText } from './markdown-text';

// Counts the markdown renderer's draws, to tell a text parsed again from one taken over.
const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock('./markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./markdown')>();
  return {
    ...actual,
    Markdown: (props: Parameters<typeof actual.Markdown>[0]) => {
      draws.count += 1;
      return actual.Markdown(props);
    },
  };
});

afterEach(cleanup);

const TEXT = '## Setup\n\nA paragraph with **bold** words.\n\n```js\nconsole.log(1);\n```';

/** The text as the server draws it (entry-server.tsx prerenders the same way): the HTML of the whole tree. */
async function drawnOnServer(): Promise<string> {
  const { prelude } = await prerender(<MarkdownText>{TEXT}</MarkdownText>);
  return new Response(prelude).text();
}

describe('MarkdownText', () => {
  it('draws the text with the markdown renderer where nothing was drawn before', async () => {
    draws.count = 0;
    render(<MarkdownText>{TEXT}</MarkdownText>);
    expect(await screen.findByRole('heading', { level: 2, name: 'Setup' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Code example in JS' }).tagName).toBe('PRE');
    expect(draws.count).toBeGreaterThan(0);
  });

  it('takes over the HTML the server drew as it is, without drawing the text again', async () => {
    const html = await drawnOnServer();
    expect(html).toContain('<h2 id="h-setup">Setup</h2>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const paragraph = container.querySelector('p');
    // Sizes are measured when the browser lays the text out, which jsdom never does.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const recoverable = vi.fn();
    draws.count = 0;
    const root = await act(async () =>
      hydrateRoot(container, <MarkdownText>{TEXT}</MarkdownText>, { onRecoverableError: recoverable }),
    );
    // The same elements, never replaced: the browser did not parse the markdown or build the text anew.
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.innerHTML).toBe(html);
    expect(recoverable).not.toHaveBeenCalled();
    expect(draws.count).toBe(0);
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });
});
