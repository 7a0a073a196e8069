import { SIGNED_IN_HINT_COOKIE, STORAGE_KEYS } from '@learnbuild/domain/constants';

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

/** About the longest a browser keeps a cookie (Chromium caps it at 400 days); a token gone sooner clears it. */
const HINT_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * The cookie that tells the server "this browser holds a token", so the public pages it draws come with the
 * signed-in navbar (apps/api/src/modules/seo/server-render.ts). It follows the token wherever the token is
 * stored or removed, so every sign-in (form, code, OAuth, any reply carrying a token) and every end of a
 * session (logout, a 401, a failed check) sets or clears it; it is no credential.
 */
function writeSignedInHint(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const life = signedIn ? `1; Max-Age=${HINT_MAX_AGE_S}` : '; Max-Age=0';
  // biome-ignore lint/suspicious/noDocumentCookie: written at once, before any next page asks (the Cookie Store API is asynchronous and not in every browser)
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${life}; Path=/; SameSite=Lax${secure}`;
}

function hasSignedInHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

export const tokenStorage = {
  get: () => read(STORAGE_KEYS.authToken),
  set: (token: string) => {
    write(STORAGE_KEYS.authToken, token);
    writeSignedInHint(true);
  },
  clear: () => {
    write(STORAGE_KEYS.authToken, null);
    writeSignedInHint(false);
  },
  /**
   * Puts the hint in line with the stored token: a token stored before the hint existed, or a hint left behind.
   * Run as the app starts: the hint is read through the Cookie Store API where there is one, off the main thread
   * (reading `document.cookie` blocks it). Whatever it finds, what it writes follows the token as it is by then.
   */
  syncHint: () => {
    const signedIn = () => read(STORAGE_KEYS.authToken) !== null;
    const cookies = typeof window === 'undefined' ? undefined : window.cookieStore;
    if (!cookies) {
      if (signedIn() !== hasSignedInHint()) writeSignedInHint(signedIn());
      return;
    }
    cookies.get(SIGNED_IN_HINT_COOKIE).then(
      (cookie) => {
        if ((cookie?.value === '1') !== signedIn()) writeSignedInHint(signedIn());
      },
      () => undefined,
    );
  },
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
