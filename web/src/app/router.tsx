import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/auth-callback-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ProductsPage } from '../features/products/products-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { PlaceholderPage } from './routes/placeholder-page.tsx';
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
                <PlaceholderPage titleKey="recipients.title" />
              </RouteGuard>
            ),
          },
          {
            path: '/agent-registration',
            element: (
              <RouteGuard roles={['agent']} agentActive={false}>
                <PlaceholderPage titleKey="registration.formTitle" />
              </RouteGuard>
            ),
          },
          {
            path: '/users',
            element: (
              <RouteGuard roles={['agent']} agentActive>
                <PlaceholderPage titleKey="connectedUsers.title" />
              </RouteGuard>
            ),
          },
          {
            path: '/admin',
            element: (
              <RouteGuard roles={['admin']}>
                <PlaceholderPage titleKey="admin.title" />
              </RouteGuard>
            ),
          },
        ],
      },
      { path: '*', element: <RedirectHandler /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
