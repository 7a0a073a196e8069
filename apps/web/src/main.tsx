import { isOAuthCallbackMode } from '@learnbuild/domain/routes';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppReady } from './app/app-ready';
import { Providers } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { stopRecordingEarlyInput } from './lib/early-input';
import { createQueryClient } from './lib/query-client';
import { tokenStorage } from './lib/storage';

const container = document.getElementById('root')!;
const router = createAppRouter(isOAuthCallbackMode(window.location.pathname));
const initialData = document.getElementById('lb-initial-data');
// The first render matches the page as the server drew it: for a signed-in visitor or not (its hint cookie), and a
// learner's page with its data waiting for the account.
const drawnSignedIn = initialData?.hasAttribute('data-signed-in') ?? false;
const queryClient = createQueryClient({ waitForAccount: initialData?.hasAttribute('data-waits-for-account') });
tokenStorage.syncHint();
const app = (
  <StrictMode>
    <Providers client={queryClient} drawnSignedIn={drawnSignedIn}>
      <RouterProvider router={router} />
    </Providers>
    <AppReady />
  </StrictMode>
);

// A page the server drew (plugins/web.ts) comes with the data it was drawn from: the app starts from
// that data and its screen's code, and takes over the markup as it is.
if (initialData && container.firstElementChild) {
  hydrate(queryClient, JSON.parse(initialData.textContent ?? '{}') as DehydratedState);
  // React listens from here on and replays what happens while it hydrates; what came before is ours to replay.
  const takeOver = () => stopRecordingEarlyInput(container);
  preloadRoute(window.location.pathname).then(
    () => {
      takeOver();
      hydrateRoot(container, app);
    },
    () => {
      takeOver();
      createRoot(container).render(app);
    },
  );
} else {
  // A page drawn here alone (a learner's page): its screen's code is fetched now, beside the session check,
  // instead of once the check has answered and the screen first renders. A failed fetch is left to that render.
  preloadRoute(window.location.pathname).catch(() => undefined);
  createRoot(container).render(app);
}
