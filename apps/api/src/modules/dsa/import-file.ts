import type { ImportReport } from '@learnbuild/domain/schemas/dsa';
import type { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { type CsvRecord, parseCsv } from './csv';

export const MAX_IMPORT_ROWS = 5000;

export interface ImportRow {
  /** JSON: the 1-based index in the list. CSV: the line, counting the header as line 1. */
  row: number;
  value: unknown;
}

/**
 * An import arrives as CSV text, a JSON list, or a JSON export file holding the list under
 * `listKey`. CSV records go through `fromCsv` to take the JSON shape.
 */
export function readImportRows(
  body: unknown,
  options: {
    listKey: string;
    requiredColumns: readonly string[];
    fromCsv: (values: CsvRecord['values']) => Record<string, unknown>;
  },
): ImportRow[] {
  let rows: ImportRow[];
  if (typeof body === 'string') {
    const { headers, records } = parseCsv(body);
    const missing = options.requiredColumns.filter((column) => !headers.includes(column));
    if (headers.length === 0) throw badRequest('The file is empty');
    if (missing.length > 0) {
      throw badRequest(
        `The CSV file needs the columns ${options.requiredColumns.join(', ')}; missing: ${missing.join(', ')}`,
      );
    }
    rows = records.map((record) => ({ row: record.line, value: options.fromCsv(record.values) }));
  } else {
    const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[options.listKey];
    if (!Array.isArray(list)) {
      throw badRequest(`Send a CSV file, a JSON list, or a JSON file with a "${options.listKey}" list`);
    }
    rows = list.map((value, index) => ({ row: index + 1, value }));
  }
  if (rows.length === 0) throw badRequest('The file holds no rows to import');
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`An import holds at most ${MAX_IMPORT_ROWS} rows`);
  return rows;
}

/** One sentence per row: the distinct messages of its issues. */
export function rowMessage(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

/** CSV cells are text; booleans read true/false, yes/no, 1/0, and an empty cell as false. */
export function csvBoolean(value: string | undefined): boolean | string {
  const text = (value ?? '').trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(text)) return true;
  if (['false', 'no', '0', 'n', ''].includes(text)) return false;
  return text;
}

export function csvOptional(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

export function emptyReport(): ImportReport {
  return { created: 0, updated: 0, unchanged: 0, errors: [] };
}

export function importSummary(report: ImportReport, what: string): string {
  return `${report.created} ${what} created, ${report.updated} updated, ${report.unchanged} unchanged${
    report.errors.length > 0 ? `, ${report.errors.length} rows skipped` : ''
  }`;
}

export function refusedImportMessage(report: ImportReport): string {
  const rows = report.errors.length === 1 ? '1 row has an error' : `${report.errors.length} rows have errors`;
  return `${rows}, so nothing was imported. Fix them, or import again with skipInvalid=true to skip them.`;
}
