/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */

export interface CsvRecord {
  /** The line the record starts on, counting the header as line 1. */
  line: number;
  values: Record<string, string>;
}

/** Splits CSV text into rows of fields, remembering the line each row starts on. */
export function parseCsvRows(text: string): { line: number; fields: string[] }[] {
  const source = text.replace(/^\uFEFF/, '');
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let index = 0;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
      index++;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
    index++;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

/** Reads CSV with a header row into records keyed by the header names (lowercased, trimmed). */
export function parseCsv(text: string): { headers: string[]; records: CsvRecord[] } {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return { headers: [], records: [] };
  const headers = header.fields.map((name) => name.trim().toLowerCase());
  const records = rows.map(({ line, fields }) => ({
    line,
    values: Object.fromEntries(headers.map((name, i) => [name, unguard(fields[i] ?? '')])),
  }));
  return { headers, records };
}

/** Spreadsheets run cells starting with = + - @ as formulas; a leading quote keeps them text. */
function guard(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function unguard(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function quote(value: string): string {
  const safe = guard(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function formatCsv(
  headers: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
) {
  const lines = [headers.map(quote).join(',')];
  for (const row of rows) lines.push(row.map((cell) => quote(cell === null ? '' : String(cell))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
