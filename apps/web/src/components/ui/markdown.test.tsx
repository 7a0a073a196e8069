import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
