/** Reading and writing a list's filters in the address, so a reload, a shared link or the back button keeps them. */

/** `value` when it is one of `options`; an unknown value in the address reads as no choice. */
export function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

/** The page in the address: a whole number above 1, or else 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The next address after some filter changes: empty values, page 1 and the `defaults` are left out so
 * links stay short, and any change but the page itself goes back to page 1.
 */
export function nextListSearch(
  current: URLSearchParams,
  changes: Partial<Record<string, string | undefined>>,
  defaults: Record<string, string> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  for (const [name, value] of Object.entries(defaults)) if (next.get(name) === value) next.delete(name);
  return next;
}
