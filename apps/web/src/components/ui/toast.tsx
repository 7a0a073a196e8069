import { messageTone } from '@learnbuild/domain/messages';
import { CheckCircle2, X, XCircle } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { cn } from './class-names';

interface ToastItem {
  id: number;
  message: string;
  tone: 'error' | 'success';
}

const ToastContext = createContext<(message: string, tone?: 'error' | 'success') => void>(() => undefined);

/** Shows short messages; the tone defaults to SPEC 8's rule (text containing 'error' is red). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, tone?: 'error' | 'success') => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-3), { id, message, tone: tone ?? messageTone(message) }]);
      setTimeout(() => dismiss(id), 5000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed bottom-4 right-4 z-[60] flex w-[calc(100vw-2rem)] max-w-sm flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-xl border p-3 text-sm shadow-lg surface',
              toast.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300',
            )}
          >
            {toast.tone === 'error' ? (
              <XCircle className="h-5 w-5 shrink-0" aria-hidden />
            ) : (
              <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden />
            )}
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label="Dismiss notification"
              // A 24 px target (WCAG 2.5.8) that keeps the 16 px icon's place in the line.
              className="-m-1 inline-flex h-6 w-6 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-muted"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
