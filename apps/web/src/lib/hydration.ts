import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while a server-rendered page hydrates (and on the server), true afterwards and on any page the
 * browser renders by itself. State read from this browser (its stored token, its theme) waits for true,
 * so the first render in the browser matches the server's markup; React renders again straight after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

let serverOrigin = '';

/** Set by the server renderer: the site's public address, which a browser reads from its location. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/** This site's origin (scheme, host and port), in the browser and on the server alike. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
