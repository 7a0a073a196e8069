import { AxiosError } from 'axios';

export interface FieldDetail {
  /** Dotted path of the refused field, e.g. `title` or `tags.2`. */
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
