import { ROUTES, type RouteAccess } from '@learnbuild/domain/routes';
import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Guard } from './guard';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found';
import { SCREENS } from './screens';

/** The router is built from the one route table in packages/domain. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        ...ROUTES.map((route) => {
          const Screen = SCREENS[route.screen];
          return {
            path: route.path,
            element: (
              <Guard access={route.access}>
                <Screen />
              </Guard>
            ),
            handle: { title: route.title, screen: route.screen, access: route.access.kind },
          };
        }),
        { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
      ],
    },
  ];
}

function LeaveCallbackMode() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return null;
}

/** SPEC 2 OAuth callback mode: only /auth-success is served; every other path goes to /. */
export function callbackModeRoutes(): RouteObject[] {
  const AuthSuccess = SCREENS.authSuccess;
  return [
    { path: '/auth-success', element: <AuthSuccess /> },
    { path: '*', element: <LeaveCallbackMode /> },
  ];
}

/** Who may see the page at `pathname` (the kind of its route's access); a path of no route is public (not found). */
export function routeAccess(pathname: string): RouteAccess['kind'] {
  const matches = matchRoutes(appRoutes(), pathname) ?? [];
  return (matches.at(-1)?.route.handle as { access?: RouteAccess['kind'] } | undefined)?.access ?? 'public';
}

/** Loads the screen shown at `pathname` (a server-rendered page hydrates with its screen in hand). */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes(), pathname) ?? [];
  const screen = (matches.at(-1)?.route.handle as { screen?: keyof typeof SCREENS } | undefined)?.screen;
  if (screen) await SCREENS[screen].preload();
}

export function createAppRouter(callbackMode: boolean) {
  return createBrowserRouter(callbackMode ? callbackModeRoutes() : appRoutes());
}
