import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/auth-callback-page.tsx';
import { LoginRoute } from '../features/auth/login-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { ErrorPage } from './shell/error-page.tsx';
import { RedirectHandler } from './shell/redirect-handler.tsx';
import { RouteGuard } from './shell/route-guard.tsx';

// Screens load on demand, so the login page ships only the shell's code. The server reads this map
// (web/app-preload-plugin.ts) to preload a first page's screen: keep the `'/path': () => import('…')` form.
const screens = {
  '/products': () => import('../features/products/products-page.tsx'),
  '/agents': () => import('./routes/agents-route.tsx'),
  '/agent-registration': () => import('./routes/agent-registration-route.tsx'),
  '/users': () => import('./routes/users-route.tsx'),
  '/admin': () => import('./routes/admin-route.tsx'),
};
type Screen = keyof typeof screens;
type ScreenModule<S extends Screen> = Awaited<ReturnType<(typeof screens)[S]>>;

const loading = new Map<Screen, Promise<unknown>>();
const loaded = new Map<Screen, unknown>();

/** One fetch per screen, shared by the first page's preload and the route; a failed one is tried again. */
function loadScreen<S extends Screen>(screen: S): Promise<ScreenModule<S>> {
  let promise = loading.get(screen);
  if (!promise) {
    promise = screens[screen]().then(
      (module) => {
        loaded.set(screen, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(screen);
        throw error;
      },
    );
    loading.set(screen, promise);
  }
  return promise as Promise<ScreenModule<S>>;
}

/**
 * Starts fetching the screen of a first page load at once, in parallel with the session check; the
 * promise settles when it is loaded (never rejects: the route shows a failure itself).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const screen = pathname.replace(/\/+$/, '');
  if (!(screen in screens)) return Promise.resolve();
  return loadScreen(screen as Screen).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * React.lazy for a screen. An already loaded screen is handed over synchronously (a thenable that
 * calls back at once), so a first page whose screen was preloaded renders without a Suspense fallback
 * flashing in between (no layout shift).
 */
function lazyScreen<S extends Screen, C extends ComponentType>(
  screen: S,
  pick: (module: ScreenModule<S>) => C,
) {
  return lazy(() => {
    const module = loaded.get(screen) as ScreenModule<S> | undefined;
    if (module) {
      const ready = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy to resolve at once
        then: (resolve: (value: { default: C }) => void) => resolve({ default: pick(module) }),
      };
      return ready as unknown as Promise<{ default: C }>;
    }
    return loadScreen(screen).then((loadedModule) => ({ default: pick(loadedModule) }));
  });
}

const ProductsPage = lazyScreen('/products', (m) => m.ProductsPage);
const AgentsRoute = lazyScreen('/agents', (m) => m.AgentsRoute);
const AgentRegistrationRoute = lazyScreen('/agent-registration', (m) => m.AgentRegistrationRoute);
const UsersRoute = lazyScreen('/users', (m) => m.UsersRoute);
const AdminRoute = lazyScreen('/admin', (m) => m.AdminRoute);

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
