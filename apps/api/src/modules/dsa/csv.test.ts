import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv, parseCsvRows } from './csv';

describe('csv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and counts lines', () => {
    const text = 'slug,notes\r\ntwo-sum,"a, ""b""\nc"\nthree-sum,plain\n';
    const { headers, records } = parseCsv(text);
    expect(headers).toEqual(['slug', 'notes']);
    expect(records).toEqual([
      { line: 2, values: { slug: 'two-sum', notes: 'a, "b"\nc' } },
      { line: 4, values: { slug: 'three-sum', notes: 'plain' } },
    ]);
  });

  it('skips blank lines and a byte-order mark, and reads a last line without a newline', () => {
    expect(parseCsvRows('\uFEFFa,b\n\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
    ]);
  });

  it('keeps formula-like cells as text and reads them back unchanged', () => {
    const text = formatCsv(['notes'], [['=HYPERLINK("x")'], ['-1 pointer trick'], ["'=already quoted"]]);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(parseCsv(text).records.map((r) => r.values.notes)).toEqual([
      '=HYPERLINK("x")',
      '-1 pointer trick',
      "'=already quoted",
    ]);
  });

  it('round-trips any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', "'", '=', ' ') }), fc.string()),
          { maxLength: 20 },
        ),
        (rows) => {
          const text = formatCsv(['a', 'b'], rows);
          const parsed = parseCsv(text).records.map((r) => [r.values.a, r.values.b]);
          // A row of two empty cells is written as "," and read back; nothing is lost.
          expect(parsed).toEqual(rows);
        },
      ),
    );
  });
});
