import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/auth-callback-page.tsx';
import { LoginRoute } from '../features/auth/login-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { ErrorPage } from './shell/error-page.tsx';
import { RedirectHandler } from './shell/redirect-handler.tsx';
import { RouteGuard } from './shell/route-guard.tsx';

// Screens load on demand, so the login page ships only the shell's code.
const screens = {
  '/products': () => import('../features/products/products-page.tsx'),
  '/agents': () => import('./routes/agents-route.tsx'),
  '/agent-registration': () => import('./routes/agent-registration-route.tsx'),
  '/users': () => import('./routes/users-route.tsx'),
  '/admin': () => import('./routes/admin-route.tsx'),
};

/** Starts fetching the screen of a first page load at once, in parallel with the session check. */
export function preloadScreen(pathname: string): void {
  const load = screens[pathname.replace(/\/+$/, '') as keyof typeof screens];
  if (load) void load().catch(() => undefined);
}

const ProductsPage = lazy(() => screens['/products']().then((m) => ({ default: m.ProductsPage })));
const AgentsRoute = lazy(() => screens['/agents']().then((m) => ({ default: m.AgentsRoute })));
const AgentRegistrationRoute = lazy(() =>
  screens['/agent-registration']().then((m) => ({ default: m.AgentRegistrationRoute })),
);
const UsersRoute = lazy(() => screens['/users']().then((m) => ({ default: m.UsersRoute })));
const AdminRoute = lazy(() => screens['/admin']().then((m) => ({ default: m.AdminRoute })));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { index: true, element: <RedirectHandler /> },
      {
        element: <AppShell />,
        children: [
          {
            path: '/products',
            element: (
              <RouteGuard roles={['user']}>
                <ProductsPage />
              </RouteGuard>
            ),
          },
          {
            path: '/agents',
            element: (
              <RouteGuard roles={['user']}>
                <AgentsRoute />
              </RouteGuard>
            ),
          },
          { path: '/agent-registration', element: <AgentRegistrationRoute /> },
          { path: '/users', element: <UsersRoute /> },
          { path: '/admin', element: <AdminRoute /> },
        ],
      },
      { path: '*', element: <RedirectHandler /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
