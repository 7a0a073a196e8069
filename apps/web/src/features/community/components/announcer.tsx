import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/**
 * A polite live region for results that change the page in place (a vote counted, an answer marked,
 * a thread locked): screen readers hear them without losing their place. The same words twice in a row
 * are announced twice (the region is emptied first).
 */
export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const announce = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage('');
    timer.current = setTimeout(() => setMessage(text), 50);
  }, []);
  // A message still on its way when the region goes (a page left, a test ended) is dropped with it.
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <p role="status" aria-live="polite" aria-atomic className="sr-only" data-testid="community-announcer">
        {message}
      </p>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce() {
  return useContext(AnnounceContext);
}
