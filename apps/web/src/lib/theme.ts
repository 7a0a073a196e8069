import { useCallback, useEffect, useState } from 'react';
import { themeStorage } from './storage';

function systemTheme(): 'light' | 'dark' {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Follows the OS until the user picks a theme; the pick is remembered. */
export function useTheme() {
  const [theme, setTheme] = useState<'light' | 'dark'>(() => themeStorage.get() ?? systemTheme());
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!media) return;
    const follow = () => {
      if (!themeStorage.get()) setTheme(media.matches ? 'dark' : 'light');
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      themeStorage.set(next);
      return next;
    });
  }, []);
  return { theme, toggle };
}
