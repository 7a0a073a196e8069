import { ROUTES } from '@learnbuild/domain/routes';
import { useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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
            handle: { title: route.title },
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

export function createAppRouter(callbackMode: boolean) {
  return createBrowserRouter(callbackMode ? callbackModeRoutes() : appRoutes());
}
