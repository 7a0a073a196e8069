import { AxiosError } from 'axios';

export interface FieldDetail {
  /** Dotted path of the refused field, e.g. `title`, `tags.2` or `quiz.0.options.1`. */
  path: string;
  message: string;
}

/** The `details` of a 400 reply: which field the server refused and why (empty for other failures). */
export function serverDetails(error: unknown): FieldDetail[] {
  if (!(error instanceof AxiosError)) return [];
  const details = (error.response?.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (detail): detail is FieldDetail => typeof detail?.path === 'string' && typeof detail?.message === 'string',
  );
}

/**
 * Puts each server detail on the form field it names (the first part of its path is one of `fields`).
 * Returns the details that matched no field, so the caller can show them elsewhere.
 */
export function applyServerDetails(
  error: unknown,
  fields: readonly string[],
  setError: (path: string, message: string) => void,
): FieldDetail[] {
  const unmatched: FieldDetail[] = [];
  for (const detail of serverDetails(error)) {
    const root = detail.path.split('.')[0] ?? '';
    if (fields.includes(root)) setError(detail.path, detail.message);
    else unmatched.push(detail);
  }
  return unmatched;
}
