import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/auth-callback-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ProductsPage } from '../features/products/products-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { AdminRoute } from './routes/admin-route.tsx';
import { AgentRegistrationRoute } from './routes/agent-registration-route.tsx';
import { AgentsRoute } from './routes/agents-route.tsx';
import { UsersRoute } from './routes/users-route.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { RedirectHandler } from './shell/redirect-handler.tsx';
import { RouteGuard } from './shell/route-guard.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
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
