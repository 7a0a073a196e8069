import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '@/lib/session';
import { PageFallback } from '../page-fallback';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { Splash } from './splash';
import { SubscribePopup } from './subscribe-popup';

// Replays a signed-in learner's offline marks: a visitor's first screen loads none of it.
const SubjectProgressSync = lazy(async () => ({
  default: (await import('@/features/subjects/components/progress-sync')).SubjectProgressSync,
}));

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
    | { title: string }
    | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · LearnBuild` : 'LearnBuild';
  }, [title]);
}

export function AppLayout() {
  const { checking, user } = useSession();
  const location = useLocation();
  useDocumentTitle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the top on every navigation
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  if (checking) return <Splash />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-lg focus:bg-brand-600 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall, so the footer starts below the first screen: a page drawn in the browser grows as
          its data arrives, and a footer in view would be pushed down each time (layout shifts a visitor sees). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SubscribePopup />
      {user ? (
        <Suspense fallback={null}>
          <SubjectProgressSync />
        </Suspense>
      ) : null}
    </div>
  );
}
