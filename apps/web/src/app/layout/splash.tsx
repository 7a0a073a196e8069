import { SPLASH_TEXT } from '@learnbuild/domain/constants';
import { Logo } from './logo';

/** SPEC 2: full screen, shown while the stored token is checked. */
export function Splash() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[80] flex flex-col items-center justify-center gap-6 bg-[var(--bg)]"
      data-testid="splash"
    >
      <Logo />
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
      <p className="text-lg font-medium text-muted">{SPLASH_TEXT}</p>
    </div>
  );
}
