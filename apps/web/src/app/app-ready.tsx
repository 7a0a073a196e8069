import { useEffect } from 'react';
import { replayEarlyInput } from '@/lib/early-input';

/**
 * Marks the page as taken over by the app (hydrated or rendered) on <html>: browser tests wait for it.
 * The server draws it too (entry-server.tsx), in the same place, so both trees have the same shape and
 * the ids of useId match on hydration.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    // What the person typed and sent before now reaches the app's handlers: in a task of its own, after this
    // commit, so that React takes over at once whatever part of the page an event goes to.
    const replay = setTimeout(replayEarlyInput, 0);
    return () => clearTimeout(replay);
  }, []);
  return null;
}
