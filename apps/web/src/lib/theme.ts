import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { themeStorage } from './storage';

type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

/** The picked theme, else the OS's. */
function currentTheme(): Theme {
  return themeStorage.get() ?? (window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

/**
 * Follows the OS until the user picks a theme; the pick is remembered. A server-rendered page is drawn
 * light and takes this browser's theme as soon as it hydrates (before the browser paints again).
 */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, (): Theme => 'light');
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  const toggle = useCallback(() => {
    themeStorage.set(currentTheme() === 'dark' ? 'light' : 'dark');
    for (const listener of listeners) listener();
  }, []);
  return { theme, toggle };
}
