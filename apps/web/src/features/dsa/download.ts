import { AxiosError } from 'axios';

/** Saves a reply body as a file, named by the server's content-disposition when it sends one. */
export function saveDownload(data: Blob, contentDisposition: string | undefined, fallbackName: string) {
  const name = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type FileFormat = 'json' | 'csv';

/** The file's format from its name (or its first character when the name says nothing). */
export function formatOf(file: { name: string }, text: string): FileFormat {
  if (/\.csv$/i.test(file.name)) return 'csv';
  if (/\.json$/i.test(file.name)) return 'json';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

export const CONTENT_TYPES: Record<FileFormat, string> = { json: 'application/json', csv: 'text/csv' };

/** An import refused for bad rows still carries its report; it is shown, not thrown. */
export function importReplyFromError<T>(error: unknown): T {
  if (error instanceof AxiosError && error.response?.status === 400) {
    const body = error.response.data as { report?: unknown } | undefined;
    if (body?.report) return body as T;
  }
  throw error;
}
