import { isOAuthCallbackMode } from '@learnbuild/domain/routes';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppReady } from './app/app-ready';
import { Providers } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root')!;
const router = createAppRouter(isOAuthCallbackMode(window.location.pathname));
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
    <AppReady />
  </StrictMode>
);

// A page the server drew (plugins/web.ts) comes with the data it was drawn from: the app starts from
// that data and its screen's code, and takes over the markup as it is.
const initialData = document.getElementById('lb-initial-data');
if (initialData && container.firstElementChild) {
  hydrate(queryClient, JSON.parse(initialData.textContent ?? '{}') as DehydratedState);
  preloadRoute(window.location.pathname).then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
