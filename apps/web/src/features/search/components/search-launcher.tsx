import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { earlyClick, earlyShortcut, takeEarlyClick } from '@/lib/early-input';

// The palette (and cmdk) load on the first open: no page's first screen waits for them.
const SearchPalette = lazy(() => import('./search-palette'));

/** Ctrl+K, or Cmd+K on a Mac. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The navbar's Search button and the Ctrl/Cmd+K shortcut, anywhere in the app. The button is drawn by the server
 * too; a press (or the shortcut) made before the app took over opens the palette once it has.
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing keeps its code and focus goes back where it was.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Where focus goes back on closing: what had it when the palette opened, else the Search button.
  const returnTo = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  isOpen.current = open;
  const show = () => {
    returnTo.current = focusedElement() ?? button.current;
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    if (takeEarlyClick('search')) {
      returnTo.current = button.current;
      setWanted(true);
      setOpen(true);
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (!isOpen.current) returnTo.current = focusedElement() ?? button.current;
      setWanted(true);
      setOpen(!isOpen.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={show}
        className={buttonClasses('ghost', 'icon')}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title="Search (Ctrl+K)"
        data-testid="search-button"
        {...earlyClick('search')}
        {...earlyShortcut('mod+k')}
      >
        <Search className="h-5 w-5" aria-hidden />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPalette
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnTo.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
