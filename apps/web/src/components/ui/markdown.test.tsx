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
