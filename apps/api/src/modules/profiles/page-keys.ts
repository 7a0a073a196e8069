import { forgetKeptPages } from '../seo/page-cache';

/** The start of the page-cache keys of /u/{handle} (one per navbar): handles are kept lower-case. */
export const profilePageKeyPrefix = (handle: string) => `profile ${handle.toLowerCase()} `;

/** Drops the kept pages of these handles on every instance, so a change to a profile shows at once. */
export function forgetProfilePages(db: object, handles: readonly (string | null | undefined)[]): void {
  for (const handle of new Set(handles)) if (handle) forgetKeptPages(db, profilePageKeyPrefix(handle));
}
