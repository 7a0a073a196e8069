import { useEffect } from 'react';

/**
 * Marks the page as taken over by the app (hydrated or rendered) on <html>: browser tests wait for it.
 * The server draws it too (entry-server.tsx), in the same place, so both trees have the same shape and
 * the ids of useId match on hydration.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
