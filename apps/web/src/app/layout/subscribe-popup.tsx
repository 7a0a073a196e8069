import { POPUP_DELAY_MS, POPUP_FADE_MS } from '@learnbuild/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { PlaySquare, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { api } from '@/lib/api-client';
import { firstVisitStorage } from '@/lib/storage';

const DEFAULT_CHANNEL = 'https://www.youtube.com/@learnbuild';

/** The popup is modal: Tab and Shift+Tab cycle through its own controls only. */
function keepFocusInside(dialog: HTMLElement | null, event: KeyboardEvent) {
  const controls = [...(dialog?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!dialog || !first || !last) return;
  const active = document.activeElement;
  const inside = dialog.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** How long the popup still waits when the app takes over `sinceVisitStartMs` after the visit began. */
export function popupWaitMs(sinceVisitStartMs: number): number {
  return Math.max(0, POPUP_DELAY_MS - sinceVisitStartMs);
}

/**
 * SPEC 4: shown about 1 s after the first visit unless the stored flag exists; closing or
 * either button sets the flag after a 0.4 s fade; it never appears again.
 */
export function SubscribePopup() {
  const [phase, setPhase] = useState<'hidden' | 'entering' | 'open' | 'fading'>('hidden');
  const config = useQuery({
    queryKey: ['config'],
    queryFn: async () => (await api.get<{ videoChannelUrl: string }>('/api/config')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const firstButton = useRef<HTMLAnchorElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  /** Where focus was before the popup took it; it goes back there when the popup closes. */
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    if (firstVisitStorage.isDone()) return;
    // The second is counted from the start of the visit (performance.now() counts from navigation start), not
    // from the app taking over: an app that took over after it shows the popup at once.
    const timer = setTimeout(() => setPhase('entering'), popupWaitMs(performance.now()));
    return () => clearTimeout(timer);
  }, []);

  // It fades in: drawn transparent first, then made opaque, so the page's own text stays its largest paint.
  useEffect(() => {
    if (phase !== 'entering') return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPhase('open'));
    });
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  useEffect(() => {
    if (phase === 'open') {
      returnFocus.current = document.activeElement;
      firstButton.current?.focus();
    }
    if (phase !== 'fading') return;
    const previous = returnFocus.current;
    if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
      previous.focus({ preventScroll: true });
    } else if (dialog.current?.contains(document.activeElement)) {
      // Nothing had focus before: the page's main region takes it rather than <body>.
      document.getElementById('main')?.focus({ preventScroll: true });
    }
    const timer = setTimeout(() => {
      firstVisitStorage.markDone();
      setPhase('hidden');
    }, POPUP_FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'open') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPhase('fading');
      if (event.key === 'Tab') keepFocusInside(dialog.current, event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase]);

  if (phase === 'hidden') return null;
  const close = () => setPhase('fading');
  return (
    <div
      className={cn(
        'fixed inset-0 z-[70] flex items-end justify-center bg-slate-950/50 p-4 transition-opacity sm:items-center',
        phase === 'open' ? 'opacity-100' : 'opacity-0',
      )}
      style={{ transitionDuration: `${POPUP_FADE_MS}ms` }}
      data-testid="subscribe-popup"
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="subscribe-title"
        className="surface relative w-full max-w-md rounded-2xl border p-6 shadow-2xl"
      >
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-3 top-3 inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-muted"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
        <div className="mb-4 inline-flex rounded-full bg-red-100 p-3 text-red-600 dark:bg-red-950 dark:text-red-300">
          <PlaySquare className="h-6 w-6" aria-hidden />
        </div>
        <h2 id="subscribe-title" className="text-xl font-bold">
          Learn with us on video
        </h2>
        <p className="mt-2 text-sm text-muted">
          Subscribe to the LearnBuild channel for weekly DSA walkthroughs, system design breakdowns and core CS
          explainers.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <a
            ref={firstButton}
            href={config.data?.videoChannelUrl ?? DEFAULT_CHANNEL}
            target="_blank"
            rel="noreferrer noopener"
            onClick={close}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 sm:h-10 sm:flex-1"
          >
            <PlaySquare className="h-4 w-4" aria-hidden /> Subscribe
          </a>
          <Button variant="secondary" className="h-11 sm:h-10 sm:flex-1" onClick={close}>
            Maybe later
          </Button>
        </div>
      </div>
    </div>
  );
}
