import { STORAGE_KEYS } from '@learnbuild/domain/constants';

/** Local storage that never throws (private modes and full quotas just lose the value). */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // ignored: see above
  }
}

export const tokenStorage = {
  get: () => read(STORAGE_KEYS.authToken),
  set: (token: string) => write(STORAGE_KEYS.authToken, token),
  clear: () => write(STORAGE_KEYS.authToken, null),
};

export const firstVisitStorage = {
  isDone: () => read(STORAGE_KEYS.firstVisitDone) !== null,
  markDone: () => write(STORAGE_KEYS.firstVisitDone, new Date().toISOString()),
};

export const themeStorage = {
  get: (): 'light' | 'dark' | null => {
    const value = read(STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  },
  set: (theme: 'light' | 'dark') => write(STORAGE_KEYS.theme, theme),
};

export function readJson<T>(key: string, fallback: T): T {
  const raw = read(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, JSON.stringify(value));
}
