import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { XSS_PAYLOADS } from '../../../../../e2e/tests/xss-payloads';
import { Markdown } from './markdown';

afterEach(cleanup);

describe('Markdown code blocks and tables (issue 17, defect 4)', () => {
  it('names each code block as a region, by its language when the fence gives one', () => {
    render(<Markdown>{'```sql\nSELECT 1;\n```\n\n```\nplain\n```'}</Markdown>);
    const regions = screen.getAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-label'))).toEqual(['Code example in SQL', 'Code example']);
    expect(regions[0]!.tagName).toBe('PRE');
  });

  it('keeps a table a table inside its scrolling box', () => {
    render(<Markdown>{'| a | b |\n|---|---|\n| 1 | 2 |'}</Markdown>);
    const table = screen.getByRole('table');
    expect(table.parentElement?.className).toBe('table-scroll');
  });
});

describe('Markdown code block action (opt-in)', () => {
  it('adds nothing under code blocks unless a screen asks', () => {
    const { container } = render(<Markdown>{'```js\nconsole.log(1);\n```'}</Markdown>);
    expect(container.querySelector('pre')?.nextElementSibling).toBeNull();
  });

  it("shows the screen's action under each block, given the fence's tag and the code as written", () => {
    const seen: { language: string | undefined; source: string }[] = [];
    render(
      <Markdown
        codeBlockAction={(block) => {
          seen.push(block);
          return block.language === 'py' ? <a href="/code-editor">Try it</a> : null;
        }}
      >
        {'```py\nprint("hi")\nprint(2)\n```\n\n```\nplain\n```'}
      </Markdown>,
    );
    expect(seen).toEqual([
      { language: 'py', source: 'print("hi")\nprint(2)' },
      { language: undefined, source: 'plain' },
    ]);
    expect(screen.getAllByRole('link', { name: 'Try it' })).toHaveLength(1);
  });
});

const DANGEROUS_URL = /^\s*(?:javascript|data|vbscript):/i;
/** What a browser would read as the scheme: it drops tabs, newlines and control characters first. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it removes
const squeezed = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\ufeff]/g, '');

describe('Markdown safety: every XSS payload (e2e/tests/xss-payloads.ts)', () => {
  it('has the shared list of at least twenty payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload]))('renders %j with nothing that could run', (payload) => {
    const { container } = render(<Markdown>{payload}</Markdown>);
    expect(
      container.querySelector('script, iframe, style, object, embed, form, link, meta, base, svg, math, video, source'),
    ).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name, `${element.tagName} ${attribute.name}`).not.toMatch(/^on/i);
        expect(['style', 'srcdoc', 'formaction', 'action', 'xlink:href']).not.toContain(attribute.name);
        if (['href', 'src', 'cite', 'poster', 'background'].includes(attribute.name)) {
          expect(squeezed(attribute.value), `${element.tagName} ${attribute.name}`).not.toMatch(DANGEROUS_URL);
        }
      }
    }
    for (const image of container.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toMatch(/^(?:https:\/\/|\/api\/media\/|\/media\/)/);
    }
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });
});

describe('Markdown links', () => {
  const hrefOf = (markdown: string) => {
    const { container, unmount } = render(<Markdown>{markdown}</Markdown>);
    const href = container.querySelector('a')?.getAttribute('href') ?? null;
    unmount();
    return href;
  };

  it('keeps http(s), mailto, relative paths and #anchors', () => {
    expect(hrefOf('[a](https://example.com/x?y=1)')).toBe('https://example.com/x?y=1');
    expect(hrefOf('[a](http://example.com)')).toBe('http://example.com');
    expect(hrefOf('[a](mailto:team@learnbuild.dev)')).toBe('mailto:team@learnbuild.dev');
    expect(hrefOf('[a](/courses/sql)')).toBe('/courses/sql');
    expect(hrefOf('[a](../other)')).toBe('../other');
    expect(hrefOf('[a](#h-setup)')).toBe('#h-setup');
  });

  it.each([
    '[a](javascript:alert(1))',
    '[a](JaVaScRiPt:alert(1))',
    '[a](jav&#x09;ascript:alert(1))',
    '[a](java&#10;script:alert(1))',
    '[a](javascript&colon;alert(1))',
    '[a](&#106;avascript:alert(1))',
    '[a](<\u0001javascript:alert(1)>)',
    '[a](data:text/html,hi)',
    '[a](vbscript:msgbox)',
    '[a](file:///etc/passwd)',
    '<javascript:alert(1)>',
    '[a][r]\n\n[r]: javascript:alert(1)',
  ])('drops the target of %j and keeps its words as text', (markdown) => {
    const { container } = render(<Markdown>{markdown}</Markdown>);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).not.toBe('');
  });

  it('marks links that leave the site as user content with no referrer or ranking', () => {
    render(<Markdown>{'[out](https://example.com) [proto](//example.com/x) [in](/blog) [top](#h-a)'}</Markdown>);
    const rel = (name: string) => screen.getByRole('link', { name }).getAttribute('rel');
    expect(rel('out')).toBe('noopener noreferrer nofollow ugc');
    expect(rel('proto')).toBe('noopener noreferrer nofollow ugc');
    expect(rel('in')).toBeNull();
    expect(rel('top')).toBeNull();
  });

  it('links footnote references to their notes (one prefix, not two)', () => {
    const { container } = render(<Markdown>{'A claim.[^1]\n\n[^1]: The source.'}</Markdown>);
    const reference = container.querySelector('a[data-footnote-ref]');
    const target = reference?.getAttribute('href')?.slice(1);
    expect(target && container.querySelector(`[id="${target}"]`)).toBeTruthy();
  });
});

describe('Markdown images', () => {
  it('shows our uploads and https images', () => {
    render(
      <Markdown>
        {'![diagram](/api/media/1f0c/content) ![logo](/media/logo.png) ![cdn](https://example.com/a.png)'}
      </Markdown>,
    );
    expect(screen.getByRole('img', { name: 'diagram' }).getAttribute('src')).toBe('/api/media/1f0c/content');
    expect(screen.getByRole('img', { name: 'logo' }).getAttribute('src')).toBe('/media/logo.png');
    expect(screen.getByRole('img', { name: 'cdn' }).getAttribute('src')).toBe('https://example.com/a.png');
  });

  it('offers an http image as a link, and shows only the words of any other source', () => {
    const { container } = render(
      <Markdown>
        {
          '![plain](http://example.com/a.png) ![bad](javascript:alert(1)) ![svg](data:image/svg+xml,x) ![up](/api/media/../auth/me) ![rel](pic.png)'
        }
      </Markdown>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'plain (image)' }).getAttribute('href')).toBe('http://example.com/a.png');
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('svg');
    expect(container.textContent).toContain('up');
  });
});

describe('Markdown headings and GitHub extras', () => {
  it('gives headings prefixed slug ids, repeats numbered', () => {
    const { container } = render(
      <Markdown>{'## Step 1: the `browser` parses\n\n### Why?\n\n## Why?\n\n## Ünïcode & symbols!'}</Markdown>,
    );
    expect([...container.querySelectorAll('h2, h3')].map((heading) => heading.id)).toEqual([
      'h-step-1-the-browser-parses',
      'h-why',
      'h-why-2',
      'h-unicode-symbols',
    ]);
  });

  it('takes another id prefix when a screen asks', () => {
    const { container } = render(<Markdown headingIdPrefix="r1-">{'## Answer'}</Markdown>);
    expect(container.querySelector('h2')?.id).toBe('r1-answer');
  });

  it('keeps tables and task lists', () => {
    const { container } = render(<Markdown>{'| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo'}</Markdown>);
    expect(container.querySelectorAll('td')).toHaveLength(2);
    const boxes = [...container.querySelectorAll('input[type="checkbox"]')] as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
  });
});

describe('Markdown code highlighting', () => {
  it('colours keywords, strings, comments and numbers of a fenced block, as text spans', () => {
    const { container } = render(<Markdown>{'```js\nconst x = 42; // answer\nlog("hi");\n```'}</Markdown>);
    const code = container.querySelector('pre code');
    expect(code?.className).toBe('language-js');
    expect(code?.textContent).toBe('const x = 42; // answer\nlog("hi");');
    expect(code?.querySelector('.tok-keyword')?.textContent).toBe('const');
    expect(code?.querySelector('.tok-number')?.textContent).toBe('42');
    expect(code?.querySelector('.tok-comment')?.textContent).toBe('// answer');
    expect(code?.querySelector('.tok-string')?.textContent).toBe('"hi"');
  });

  it('shows markup inside a code block as text', () => {
    const { container } = render(
      <Markdown>{'```html\n<img src=x onerror=alert(1)><script>alert(1)</script>\n```'}</Markdown>,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelector('pre')?.textContent).toBe('<img src=x onerror=alert(1)><script>alert(1)</script>');
  });

  it('still gives the Try it action the code as written', () => {
    const seen: string[] = [];
    render(
      <Markdown
        codeBlockAction={(block) => {
          seen.push(block.source);
          return null;
        }}
      >
        {'```python\nprint("x")  # hi\n```'}
      </Markdown>,
    );
    expect(seen).toEqual(['print("x")  # hi']);
  });
});

describe('Markdown code blocks that scroll sideways (a tab stop only then)', () => {
  const observers: ResizeObserverCallback[] = [];
  let widthReads = 0;

  beforeEach(() => {
    observers.length = 0;
    widthReads = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => {
      widthReads += 1;
      return 500;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads a block's width only when the browser reports its layout, then makes a wide block focusable", () => {
    render(<Markdown>{'```sql\nSELECT a_very_long_column_name FROM a_table;\n```\n\n```\nplain\n```'}</Markdown>);
    const blocks = screen.getAllByRole('region');
    // Rendering and its effects force no layout: nothing has read a width yet.
    expect(widthReads).toBe(0);
    // Until measured, a block may already scroll: it keeps a Tab stop, so no frame shows a scroller without one.
    expect(blocks.map((block) => block.getAttribute('tabindex'))).toEqual(['0', '0']);
    expect(observers).toHaveLength(2);
    act(() => {
      for (const report of observers) report([], {} as ResizeObserver);
    });
    expect(widthReads).toBe(2);
    expect(blocks.map((block) => block.getAttribute('tabindex'))).toEqual(['0', '0']);
    expect(blocks.map((block) => block.dataset.scrolls)).toEqual(['true', 'true']);
  });

  it('takes the Tab stop away from a block and a table that fit, once measured', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(200);
    const { container } = render(<Markdown>{'```\nshort\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |'}</Markdown>);
    const block = container.querySelector('pre')!;
    const table = container.querySelector('.table-scroll')!;
    expect(table.getAttribute('role')).toBe('region');
    act(() => {
      for (const report of observers) report([], {} as ResizeObserver);
    });
    expect(block.getAttribute('tabindex')).toBeNull();
    expect(block.dataset.scrolls).toBeUndefined();
    expect(table.getAttribute('tabindex')).toBeNull();
    expect(table.getAttribute('role')).toBeNull();
    expect(table.getAttribute('aria-label')).toBeNull();
  });
});
